/**
 * manifest.json: the provenance every output carries (DESIGN.md habit 7; issue 5, point 3): version, git commit,
 * the full command, rule set, strategies, seed, game range, duration and hands per second.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The run's identity: two output directories with equal identities (and shards) hold the same numbers. */
export interface RunIdentity {
  readonly rules: string;
  readonly strategies: string;
  readonly seed: number;
  /** Games in the whole run (all shards). */
  readonly games: number;
  readonly players: number;
  readonly unit: 'hand' | 'match';
  readonly duplicate: boolean;
  readonly flowers: boolean;
  readonly limit: number | null;
  readonly gamesCsv: boolean;
  /** nets.bin written (experiments' paired statistics); absent when not. */
  readonly nets?: boolean;
}

export interface Shard {
  /** Counted from 1: `--shard 1/3` is { index: 1, count: 3 }. */
  readonly index: number;
  readonly count: number;
}

export interface Manifest {
  readonly tool: 'mjlab';
  readonly version: string;
  readonly commit: string;
  readonly command: string;
  readonly identity: RunIdentity;
  /** The shard this directory ran, or null (whole run, or a merge). */
  readonly shard: Shard | null;
  /** Half-open game ranges covered, sorted and disjoint. */
  readonly ranges: readonly (readonly [number, number])[];
  /** Every game of every range was played. */
  readonly complete: boolean;
  readonly gamesPlayed: number;
  readonly handsPlayed: number;
  readonly drawnHands: number;
  readonly washes: number;
  readonly workers: number | null;
  readonly startedAt: string;
  readonly durationSeconds: number;
  readonly handsPerSecond: number;
  readonly node: string;
  readonly mergedFrom?: readonly string[];
}

export function sameIdentity(a: RunIdentity, b: RunIdentity): boolean {
  const keys = Object.keys(a).sort() as (keyof RunIdentity)[];
  const bk = Object.keys(b).sort();
  return keys.length === bk.length && keys.every((k, i) => k === bk[i] && a[k] === b[k]);
}

function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    dir = dirname(dir);
  }
  return process.cwd();
}

export function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version?: string };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

export function gitCommit(): string {
  try {
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: packageRoot(), stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
    // Outputs are not code: an experiment rewrites the committed results/ it reproduces, which must not mark the
    // commit that produced them as modified.
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no', '--', '.', ':(exclude)results'], {
      cwd: packageRoot(),
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim();
    return dirty ? `${head}-dirty` : head;
  } catch {
    return 'unknown';
  }
}

/** The command as typed, shell-quoted where needed, so it can be pasted back. */
export function commandLine(argv: readonly string[] = process.argv.slice(2)): string {
  const q = (s: string) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);
  return ['mjlab', ...argv.map(q)].join(' ');
}

export function manifestJson(m: Manifest): string {
  return `${JSON.stringify(m, null, 2)}\n`;
}
