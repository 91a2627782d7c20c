/**
 * Output directories are owned (issue 13, point 1). Every writing command (simulate, merge, experiment, tune) first
 * writes a marker naming what the directory holds; later commands read it to tell "this run, continue or
 * redo it" from "another run" from "something mjlab did not write". Directories written before the marker existed
 * (the committed results/) are recognised by their mjlab manifest.json or checkpoint header. Replacing a
 * directory (--force) empties it whole first, so files of two runs are never mixed.
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, relative, resolve, isAbsolute } from 'node:path';
import { UserError } from '../errors.js';
import { fsReason, writeAtomic } from './files.js';

export const MARKER = '.mjlab-output.json';

export type OutputKind = 'simulate' | 'merge' | 'experiment' | 'tune';

export interface Marker {
  readonly tool: 'mjlab';
  readonly kind: OutputKind;
  /** What identifies the contents: a simulate's run identity and shard, an experiment's name, games and seed. */
  readonly run: Readonly<Record<string, unknown>>;
}

export interface DirState {
  readonly exists: boolean;
  readonly entries: readonly string[];
  /** Who wrote it, from the marker or (older outputs) the manifest or checkpoint; null when nothing says. */
  readonly owner: { readonly kind: OutputKind; readonly run: Readonly<Record<string, unknown>> | null } | null;
}

/** Files a simulate or merge output may hold (every one is mjlab's). */
export const RUN_FILES: ReadonlySet<string> = new Set([
  MARKER, 'checkpoint.jsonl', 'games.csv', 'matches.csv', 'nets.bin', 'summary.csv', 'score-distribution.csv',
  'totals.csv', 'pairwise.csv', 'aggregate.json', 'manifest.json',
]);

/** Files a tune's output holds (src/tune/outputs.ts). */
export const TUNE_FILES: ReadonlySet<string> = new Set([
  MARKER, 'checkpoint.jsonl', 'best.json', 'history.csv', 'finalists.csv', 'confirm.csv', 'convergence.svg', 'manifest.json',
]);

/** An experiment's own names besides its CSVs and charts: a tuning experiment keeps its tunes and cross-play too. */
const EXPERIMENT_NAMES: ReadonlySet<string> = new Set([
  MARKER, 'README.md', 'manifest.json', '.gitignore', 'runs', 'tunes', 'cross-play.jsonl', 'pilot-manifest.json',
]);

/** Names a directory of the given kind may hold; anything else is someone else's. */
export function ownedName(kind: OutputKind, name: string): boolean {
  if (/^\..+\.tmp$/.test(name) || name.startsWith('.mjlab-probe-')) return true;
  if (kind === 'tune') return TUNE_FILES.has(name);
  if (kind !== 'experiment') return RUN_FILES.has(name);
  return EXPERIMENT_NAMES.has(name) || name.endsWith('.csv') || name.endsWith('.svg');
}

function readJson(path: string): Record<string, unknown> | null {
  try {
    const v = JSON.parse(readFileSync(path, 'utf8')) as unknown;
    return v !== null && typeof v === 'object' ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Ownership from files written before markers existed. */
function legacyOwner(dir: string): DirState['owner'] {
  const m = readJson(join(dir, 'manifest.json'));
  if (m && m.tool === 'mjlab') {
    if (typeof m.experiment === 'string') return { kind: 'experiment', run: { experiment: m.experiment, games: m.gamesRequested, seed: m.seed } };
    if (m.kind === 'tune') return { kind: 'tune', run: { identity: m.identity } };
    if (m.identity && typeof m.identity === 'object') {
      return { kind: Array.isArray(m.mergedFrom) ? 'merge' : 'simulate', run: { identity: m.identity, shard: m.shard ?? null } };
    }
  }
  const cp = join(dir, 'checkpoint.jsonl');
  if (existsSync(cp)) {
    const first = readFileSync(cp, 'utf8').split('\n', 1)[0] ?? '';
    try {
      const h = JSON.parse(first) as { kind?: string; identity?: unknown; shard?: unknown };
      if (h.kind === 'header' && h.identity) return { kind: 'simulate', run: { identity: h.identity, shard: h.shard ?? null } };
      if (h.kind === 'tune-header' && h.identity) return { kind: 'tune', run: { identity: h.identity } };
    } catch {
      // not a checkpoint of ours
    }
  }
  return null;
}

export function inspectDir(dir: string): DirState {
  let entries: string[];
  try {
    const st = statSync(dir);
    if (!st.isDirectory()) throw new UserError(`cannot write to output directory ${dir}: it is a file, not a directory`);
    entries = readdirSync(dir);
  } catch (e) {
    if (e instanceof UserError) throw e;
    // Missing, or under a file (ENOTDIR): creating it says what is in the way.
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { exists: false, entries: [], owner: null };
    throw new UserError(`cannot read output directory ${dir}: ${fsReason(e) ?? (e as Error).message}`);
  }
  const marker = entries.includes(MARKER) ? readJson(join(dir, MARKER)) : null;
  if (marker && marker.tool === 'mjlab' && typeof marker.kind === 'string') {
    return { exists: true, entries, owner: { kind: marker.kind as OutputKind, run: (marker.run as Record<string, unknown>) ?? null } };
  }
  return { exists: true, entries, owner: entries.length > 0 ? legacyOwner(dir) : null };
}

/** Entries of `dir` that an output of `kind` does not write (the reason to refuse it). */
export function foreignEntries(state: DirState, kind: OutputKind): string[] {
  return state.entries.filter((n) => !ownedName(kind, n));
}

/** A short phrase for a refusal: what the directory holds. */
export function holds(state: DirState, describeRun: (owner: NonNullable<DirState['owner']>) => string): string {
  const owner = state.owner;
  if (owner) return `mjlab ${owner.kind} output (${describeRun(owner)})`;
  const shown = state.entries.slice(0, 3).join(', ');
  return `files mjlab did not write (${shown}${state.entries.length > 3 ? ', …' : ''})`;
}

function contains(outer: string, inner: string): boolean {
  const rel = relative(outer, inner);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * Empty `dir` whole (--force, or the default results/latest). Refuses directories whose loss could never be meant:
 * the file-system root, the home directory, and any directory containing the current one.
 */
export function emptyDir(dir: string, state: DirState): void {
  const abs = resolve(dir);
  if (abs === resolve('/') || abs === resolve(homedir())) throw new UserError(`refusing to replace ${dir}: it is ${abs === '/' ? 'the root directory' : 'your home directory'}`);
  if (contains(abs, process.cwd())) throw new UserError(`refusing to replace ${dir}: it contains the current directory`);
  for (const name of state.entries) {
    try {
      rmSync(join(dir, name), { recursive: true, force: true });
    } catch (e) {
      throw new UserError(`cannot replace ${dir}: removing ${name}: ${fsReason(e) ?? (e as Error).message}`);
    }
  }
}

export function writeMarker(dir: string, kind: OutputKind, run: Readonly<Record<string, unknown>>): void {
  const marker: Marker = { tool: 'mjlab', kind, run };
  writeAtomic(join(dir, MARKER), `${JSON.stringify(marker, null, 2)}\n`);
}

/** Stale temporary files of an earlier, killed write: ours to remove. */
export function removeTemps(dir: string, state: DirState): void {
  for (const name of state.entries) if (/^\..+\.tmp$/.test(name)) rmSync(join(dir, name), { force: true });
}
