/** What a league merge reads back: a shard's identity from its marker, a merged pairing's labels and seats. */
import { join } from 'node:path';
import { UserError } from '../errors.js';
import { readNoFollow } from '../io/files.js';
import { MARKER } from '../io/owned-dir.js';
import { aggregateFromJson, type AggregateJson } from '../stats/aggregate.js';
import { seatsOf } from '../runner/wall-sets.js';

function json(path: string): Record<string, unknown> {
  try {
    return JSON.parse(readNoFollow(path).toString('utf8')) as Record<string, unknown>;
  } catch {
    throw new UserError(`${path} is missing or not mjlab's`);
  }
}

/**
 * A league shard's rules, members, games per pairing and seed, from its directory's marker, and the value model its
 * luck.bin format 4 was recorded with (its SHA-256 and the file as given), when it has one.
 */
export function leagueShardOf(dir: string): { rules: string; strategies: string; games: number; seed: number; luckModel?: { sha256: string; file: string } } {
  const run = json(join(dir, MARKER)).run as { experiment?: unknown; games?: unknown; seed?: unknown; luckModelFile?: unknown } | undefined;
  const m = typeof run?.experiment === 'string' ? /^league (\S+) (\S+)(?: luck-model ([0-9a-f]{64}))?(?: shard \S+)?$/.exec(run.experiment) : null;
  if (!m || typeof run?.games !== 'number' || typeof run.seed !== 'number' || (m[3] !== undefined && typeof run.luckModelFile !== 'string')) throw new UserError(`${dir} is not a league's directory`);
  return { rules: m[1]!, strategies: m[2]!, games: run.games, seed: run.seed, ...(m[3] !== undefined ? { luckModel: { sha256: m[3], file: run.luckModelFile as string } } : {}) };
}

/** A finished run's labels and seats per label (its aggregate.json). */
export function runLabelsOf(dir: string): { labels: readonly string[]; seats: number[] } {
  const agg = aggregateFromJson(json(join(dir, 'aggregate.json')) as unknown as AggregateJson);
  return { labels: agg.labels, seats: seatsOf(agg) };
}
