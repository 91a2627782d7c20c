/** A worker thread's exception as the plain message it posts back (an agent's, a user's, or a bug with its stack). */
import { AgentError, UserError } from '../errors.js';
import type { ErrorMessage } from './failures.js';

export function errorMessage(e: unknown): ErrorMessage {
  if (e instanceof AgentError) {
    return { type: 'error', kind: 'agent', message: e.message, strategy: e.strategy, seed: e.seed, game: e.game };
  }
  if (e instanceof UserError) return { type: 'error', kind: 'user', message: e.message };
  const err = e instanceof Error ? e : new Error(String(e));
  return { type: 'error', kind: 'bug', message: err.message, stack: err.stack ?? '' };
}
