/**
 * A run, a tune or an experiment as a refusal names it ("harr defender,... seed 1 400 games shard 1/2"): shared by
 * the claims of every command (src/runner/stages/claim.ts, src/tune/claim.ts) and by merge.
 */
import type { DirState } from '../io/owned-dir.js';
import type { RunIdentity, Shard } from '../io/manifest.js';
import { formatShard } from './plan.js';

export function describe(id: RunIdentity, shard: Shard | null): string {
  const s = shard ? ` shard ${formatShard(shard)}` : '';
  return `${id.rules} ${id.strategies} seed ${id.seed} ${id.games} games${s}`;
}

/** A tune, as a refusal names it (its identity is src/tune/types.ts's TuneIdentity). */
export function describeTune(identity: unknown): string {
  const id = (identity ?? {}) as { strategy?: unknown; rules?: unknown; seed?: unknown };
  return `tune of ${String(id.strategy)} under ${String(id.rules)}, seed ${String(id.seed)}`;
}

export function describeOwner(owner: NonNullable<DirState['owner']>): string {
  const run = owner.run ?? {};
  if (owner.kind === 'experiment') return `experiment ${String(run.experiment)}, ${String(run.games)} games, seed ${String(run.seed)}`;
  if (owner.kind === 'tune') return describeTune(run.identity);
  if (owner.kind === 'train') {
    const id = (run.identity ?? {}) as { teacher?: unknown; rules?: unknown; seed?: unknown; games?: unknown };
    const shard = run.shard as Shard | null | undefined;
    return `training data of ${String(id.teacher)} under ${String(id.rules)}, seed ${String(id.seed)}, ${String(id.games)} games${shard ? ` shard ${formatShard(shard)}` : ''}`;
  }
  const id = run.identity as RunIdentity | undefined;
  return id ? describe(id, (run.shard as Shard | null) ?? null) : 'unknown run';
}
