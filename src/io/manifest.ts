/**
 * manifest.json: the provenance every output carries (docs/outputs.md, "manifest.json"):
 * version, git commit and whether the tree was modified, the full command, rule set, strategies (with a content
 * hash of every plug-in file), seed, game range, duration and hands per second, and the size and hash of every
 * output file. docs/outputs.md describes every field.
 */
import type { TableDescription } from '../core/table.js';
import { execFileSync } from 'node:child_process';
import { CLI, shellWord } from '../text.js';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The run's identity: two output directories with equal identities (and shards) hold the same numbers. */
/** A run's identity: its table, its games and what it streams (a resume or a merge must match it). */
export interface RunIdentity extends TableDescription {
  /** Games in the whole run (all shards). */
  readonly games: number;
  readonly gamesCsv: boolean;
  /** nets.bin written (experiments' and --duplicate's paired statistics); absent when not. */
  readonly nets?: boolean;
  /**
   * luck.bin written (the luck of the draw, src/luck/meter.ts; `simulate --duplicate`, league, sprt), and its
   * format: 3 now, 2 for format 2 and true for format 1 (runs made before each); absent when not written.
   */
  readonly luck?: true | 2 | 3 | 4;
  /** Format 4's value model (src/value/model-file.ts): its file's SHA-256, the rules and the seed of its data. */
  readonly luckModel?: { readonly sha256: string; readonly rules: string; readonly seed: number };
  /** SHA-256 of every plug-in strategy file, by its path as given in `strategies`; absent without plug-ins. */
  readonly plugins?: Readonly<Record<string, string>>;
  /** `rules` names a variant file (docs/rules.md "Variants"): its canonical form and SHA-256; absent for a book. */
  readonly rulesVariant?: { readonly sha256: string; readonly canonical: string };
}

/** Games [from, to) of a run, and the SHA-256 of every plug-in or preset file they were played by. */
export interface PluginSpan {
  readonly games: readonly [number, number];
  readonly plugins: Readonly<Record<string, string>>;
}

/** An output file as the manifest records it: its size, and a SHA-256 for files written whole at the end. */
export interface OutputRecord {
  readonly bytes: number;
  readonly sha256?: string;
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
  /** The git tree had uncommitted changes outside results/ (null: not run from a git checkout). */
  readonly dirty: boolean | null;
  readonly command: string;
  readonly identity: RunIdentity;
  /** The shard this directory ran, or null (whole run, or a merge). */
  readonly shard: Shard | null;
  /** Half-open game ranges covered, sorted and disjoint. */
  readonly ranges: readonly (readonly [number, number])[];
  /** Every game of the run's range (the shard's, or the whole run for a merge) was played. */
  readonly complete: boolean;
  /** A merge made with --allow-partial: the game ranges of the run that no input covered. */
  readonly missing?: readonly (readonly [number, number])[];
  readonly gamesPlayed: number;
  readonly handsPlayed: number;
  readonly drawnHands: number;
  readonly washes: number;
  readonly workers: number | null;
  /** When the run began (its first session, for a resumed run whose checkpoint says). */
  readonly startedAt: string;
  /** Wall-clock seconds over every session of the run (a resumed run included); see durationPartial. */
  readonly durationSeconds: number;
  /** Set when durationSeconds leaves out sessions before a resume whose checkpoint kept no timing. */
  readonly durationPartial?: true;
  /** Hands per second of the last session. */
  readonly handsPerSecond: number;
  readonly node: string;
  readonly mergedFrom?: readonly string[];
  /**
   * A run resumed with `--accept-changed-plugin` after a plug-in or preset file changed: the files' hashes each
   * span of games was played by, in game order (`identity.plugins` is the last); absent when no file changed.
   */
  readonly pluginHistory?: readonly PluginSpan[];
  /** Every other output file of the directory (written before the manifest, which is written last). */
  readonly outputs: Readonly<Record<string, OutputRecord>>;
}

/** JSON with object keys sorted, so equal values give equal text whatever order they were built in. */
function canonical(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'undefined';
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  const o = v as Record<string, unknown>;
  return `{${Object.keys(o).sort().map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`).join(',')}}`;
}

export function sameIdentity(a: RunIdentity, b: RunIdentity): boolean {
  return canonical(a) === canonical(b);
}

/**
 * Whether two runs are the same but for the content of their plug-in or preset files (the same paths): the runs
 * `--resume --accept-changed-plugin` continues.
 */
export function sameButPlugins(a: RunIdentity, b: RunIdentity): boolean {
  const keys = (i: RunIdentity) => Object.keys(i.plugins ?? {}).sort().join('\n');
  return identityDifferences(a, b).every((k) => k === 'plugins') && keys(a) === keys(b);
}

/** The identity fields in which two runs differ, for messages. */
export function identityDifferences(a: RunIdentity, b: RunIdentity): string[] {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort() as (keyof RunIdentity)[];
  return keys.filter((k) => canonical(a[k]) !== canonical(b[k]));
}

export function packageRoot(): string {
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

export interface GitState {
  readonly commit: string;
  readonly dirty: boolean | null;
}

/**
 * The checkout's commit and whether its code differs from it, from one `git status` (its `# branch.oid` header
 * line names the commit): a spawn costs the caller a fork of its whole process, about 20 ms with the charts loaded,
 * so an experiment whose tunes each asked twice (rev-parse, then status) spent over a second of its main thread here.
 */
export function gitState(): GitState {
  try {
    // Outputs are not code: an experiment rewrites the committed results/ it reproduces, which must not mark the
    // commit that produced them as modified.
    const out = execFileSync('git', ['status', '--porcelain=v2', '--branch', '--untracked-files=no', '--', '.', ':(exclude)results'], {
      cwd: packageRoot(),
      stdio: ['ignore', 'pipe', 'ignore'],
    }).toString();
    return parseGitStatus(out);
  } catch {
    return UNKNOWN_GIT;
  }
}

const UNKNOWN_GIT: GitState = Object.freeze({ commit: 'unknown', dirty: null });

/** `git status --porcelain=v2 --branch`'s output read: the `# branch.oid` header names the commit, other lines are changes. */
export function parseGitStatus(out: string): GitState {
  const oid = /^# branch\.oid ([0-9a-f]{40}|[0-9a-f]{64})$/m.exec(out);
  if (oid === null) return UNKNOWN_GIT; // no commit yet: "# branch.oid (initial)"
  return { commit: oid[1]!, dirty: out.split('\n').some((l) => l !== '' && !l.startsWith('# ')) };
}

/** The command as typed, shell-quoted where needed, so it can be pasted back. */
export function commandLine(argv: readonly string[] = process.argv.slice(2)): string {
  return [CLI, ...argv.map(shellWord)].join(' ');
}

/** The head of every experiment's manifest.json: what made it, and the command that reproduces it. */
export function experimentProvenance(experiment: string, command: string, reproduce: string, git: GitState = gitState()) {
  return { tool: 'mjlab' as const, experiment, version: packageVersion(), ...git, command, reproduce };
}

export function manifestJson(m: Manifest): string {
  return `${JSON.stringify(m, null, 2)}\n`;
}
