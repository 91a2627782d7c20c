/**
 * A failed run as one line (README.md, "Running at scale"): whose fault, how to see it (the `mjlab replay` command of
 * the game), what was kept, how to go on. Used where a run ends (src/runner/stages/finish.ts).
 */
import { UserError } from '../errors.js';
import { ruleSet } from '../rules/index.js';
import { HB_PHASE } from '../sandbox/contract.js';
import { deathWords } from '../sandbox/died.js';
import { DEFAULT_DECISION_TIMEOUT } from './options.js';
import { CLI, shellWord } from '../text.js';
import { DecisionTimeout, WorkerDied, WorkerFailure } from '../sandbox/failures.js';
import type { TableSpec } from './protocol.js';

/** The `mjlab replay` command line of game `game` of the run, as a shell reads it (a plug-in path with spaces stays one word). */
export function replayCommand(spec: TableSpec, game: number): string {
  const parts = [`${CLI} replay`, `--rules ${shellWord(spec.rules)}`, `--strategies ${shellWord(spec.strategies)}`, `--seed ${spec.seed}`, `--game ${game}`];
  if (spec.players !== 4) parts.push(`--players ${spec.players}`);
  if (spec.unit !== 'hand') parts.push(`--unit ${spec.unit}`);
  if (spec.duplicate) parts.push('--duplicate');
  if (spec.limit !== ruleSet(spec.rules).limit && spec.limit !== null) parts.push(`--limit ${spec.limit}`);
  if (spec.flowers && !ruleSet(spec.rules).flowers) parts.push('--flowers');
  return parts.join(' ');
}

function timeoutMessage(failure: DecisionTimeout, spec: TableSpec, labels: readonly string[], kept: string, fixHint: (fix: string) => string): UserError {
  const v = failure.view;
  const seconds = failure.limitMs / 1000;
  if (v.phase === HB_PHASE.load) {
    return new UserError(`a strategy file of "${spec.strategies}" did not finish loading in a worker within ${seconds} s; ${kept}`);
  }
  const label = spec.strategies.split(',')[v.lineup] ?? labels[0] ?? '?';
  const what = v.phase === HB_PHASE.create ? 'create()' : 'one decision';
  return new UserError(
    `strategy "${label}" at seat ${v.seat} took longer than ${seconds} s over ${what} (seed ${spec.seed}, game ${v.game}); its worker was stopped — ` +
      `replay: ${replayCommand(spec, v.game)}${failure.limitMs === 1000 * DEFAULT_DECISION_TIMEOUT ? '' : ` --decision-timeout ${seconds}`}; ${kept}; ${fixHint('fix it (or raise --decision-timeout)')}`,
  );
}

/** A failed run as one line: whose fault, how to see it, what was kept, how to go on. */
export function failureMessage(
  failure: unknown, spec: TableSpec, out: string, done: number, total: number, labels: readonly string[], fixHint: (fix: string) => string,
): unknown {
  const kept = `${done} of ${total} games kept in ${out}`;
  if (failure instanceof DecisionTimeout) return timeoutMessage(failure, spec, labels, kept, fixHint);
  if (failure instanceof WorkerDied) {
    const d = deathWords(failure, (i, seat) => `strategy "${spec.strategies.split(',')[i] ?? '?'}" at seat ${seat}`, (g) => `(seed ${spec.seed}, game ${g})`, spec.strategies);
    const replay = d.game === null ? '' : ` — replay: ${replayCommand(spec, d.game)}`;
    return new UserError(`${d.text}; the run was stopped${replay}; ${kept}; ${fixHint('fix it')}`);
  }
  if (failure instanceof WorkerFailure) {
    const d = failure.detail;
    if (d.kind === 'agent') {
      const first = d.message.split('\n')[0] ?? d.message;
      // The engine's message already names the strategy, seed and game, and usually the replay command.
      const replay = first.includes(`${CLI} replay`) ? '' : ` — replay: ${replayCommand(spec, d.game ?? 0)}`;
      return new UserError(`${first}${replay}; ${kept}; ${fixHint('fix it')}`);
    }
    if (d.kind === 'user') return new UserError(d.message.split('\n')[0] ?? d.message);
    const err = new Error(`worker failed: ${d.message}`);
    err.stack = d.stack ?? err.stack;
    return err;
  }
  return failure;
}
