/**
 * User-facing errors. Anything thrown as a UserError is printed by the CLI as one line and exits with status 2,
 * without a stack trace (README.md, "Commands": bad input gets one line naming the problem).
 */
export class UserError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UserError';
  }
}

/** An agent returned an illegal action or threw. Carries what is needed to replay the hand. */
export class AgentError extends UserError {
  constructor(
    message: string,
    readonly strategy: string,
    readonly seed: number,
    readonly game: number,
  ) {
    super(message);
    this.name = 'AgentError';
  }
}
