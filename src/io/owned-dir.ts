/**
 * Output directories are owned (docs/outputs.md, "What `--force` may remove"). Every writing command (simulate, merge, experiment, tune) first
 * writes a marker naming what the directory holds; later commands read it to tell "this run, continue or
 * redo it" from "another run" from "something mjlab did not write". Directories written before the marker existed
 * (the committed results/) are recognised by their mjlab manifest.json or checkpoint header. Replacing a
 * directory (--force) first removes every file of the old output, so files of two runs are never mixed, and only
 * those (docs/outputs.md, "What `--force` may remove"): what the marker's kind names as mjlab's, never a file of anyone else's, never a
 * symbolic link (mjlab makes none, so one is never its own), and never a directory src/io/guard.ts refuses.
 */
import { existsSync, lstatSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../errors.js';
import { fsReason, readNoFollow, writeAtomic } from './files.js';
import { refuseToReplace, removeEntry, unsafeUnder } from './guard.js';

export const MARKER = '.mjlab-output.json';

export type OutputKind = 'simulate' | 'merge' | 'experiment' | 'tune' | 'train';

export interface Marker {
  readonly tool: 'mjlab';
  readonly kind: OutputKind;
  /** What identifies the contents: a simulate's run identity and shard, an experiment's name, games and seed. */
  readonly run: Readonly<Record<string, unknown>>;
}

export interface DirState {
  readonly exists: boolean;
  readonly entries: readonly string[];
  /** Entries that are not plain files or directories (links, FIFOs, …), or directories holding such (shown so). */
  readonly unsafe: ReadonlyMap<string, string>;
  /** Entries that are directories. */
  readonly dirs: ReadonlySet<string>;
  /** Who wrote it, from the marker or (older outputs) the manifest or checkpoint; null when nothing says. */
  readonly owner: { readonly kind: OutputKind; readonly run: Readonly<Record<string, unknown>> | null } | null;
}

/** The page made from a run's files (src/report/html.ts). */
export const REPORT_FILE = 'report.html';
/** The replay page of the largest win, beside it (src/cli/largest-win.ts). */
export const LARGEST_WIN_PAGE = 'largest-win.html';

/** A league's page (src/report/league-html.ts) and sprt's (src/report/sprt-html.ts). */
export const LEAGUE_PAGE = 'league.html';
export const SPRT_PAGE = 'sprt.html';

/** Files a simulate or merge output may hold (every one is mjlab's). */
export const RUN_FILES: ReadonlySet<string> = new Set([
  MARKER, 'checkpoint.jsonl', 'games.csv', 'matches.csv', 'nets.bin', 'luck.bin', 'sprt.csv', 'summary.csv', 'score-distribution.csv',
  'totals.csv', 'pairwise.csv', 'aggregate.json', 'manifest.json', REPORT_FILE, LARGEST_WIN_PAGE, SPRT_PAGE,
]);

/** Files a tune's output holds (src/tune/outputs.ts). */
export const TUNE_FILES: ReadonlySet<string> = new Set([
  MARKER, 'checkpoint.jsonl', 'best.json', 'history.csv', 'finalists.csv', 'confirm.csv', 'convergence.svg', 'manifest.json',
]);

/** Files a `mjlab train` output holds (src/learn/train.ts). */
export const TRAIN_FILES: ReadonlySet<string> = new Set([
  MARKER, 'checkpoint.jsonl', 'decisions.bin', 'model.mjnet', 'curve.csv', 'curve.svg', 'validation.csv', 'manifest.json',
]);

/** An experiment's own names besides its CSVs and charts: a tuning experiment keeps its tunes and cross-play too. */
const EXPERIMENT_NAMES: ReadonlySet<string> = new Set([
  MARKER, 'README.md', 'manifest.json', '.gitignore', 'runs', 'tunes', 'cross-play.jsonl', 'pilot-manifest.json', LEAGUE_PAGE,
]);

/** An experiment's directories (its runs and tunes); every other name of every kind is a file. */
const EXPERIMENT_DIRS: ReadonlySet<string> = new Set(['runs', 'tunes']);

/** A temporary file mjlab writes before renaming it into place (files.ts tempBeside). */
const TEMP = /^\..+\.tmp$/;

/** Names a directory of the given kind may hold; anything else is someone else's. */
export function ownedName(kind: OutputKind, name: string): boolean {
  if (TEMP.test(name) || name.startsWith('.mjlab-probe-')) return true;
  if (kind === 'tune') return TUNE_FILES.has(name);
  if (kind === 'train') return TRAIN_FILES.has(name);
  if (kind !== 'experiment') return RUN_FILES.has(name);
  return EXPERIMENT_NAMES.has(name) || name.endsWith('.csv') || name.endsWith('.svg');
}

/** An entry is mjlab's: an owned name, of the type mjlab writes there, with no link or special file inside. */
function ownedEntry(state: DirState, kind: OutputKind, name: string): boolean {
  if (state.unsafe.has(name) || !ownedName(kind, name)) return false;
  return state.dirs.has(name) === (kind === 'experiment' && EXPERIMENT_DIRS.has(name));
}

function readJson(path: string): Record<string, unknown> | null {
  try {
    const v = JSON.parse(readNoFollow(path).toString('utf8')) as unknown;
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
    try {
      const first = readNoFollow(cp).toString('utf8').split('\n', 1)[0] ?? '';
      const h = JSON.parse(first) as { kind?: string; identity?: unknown; shard?: unknown };
      if (h.kind === 'header' && h.identity) return { kind: 'simulate', run: { identity: h.identity, shard: h.shard ?? null } };
      if (h.kind === 'tune-header' && h.identity) return { kind: 'tune', run: { identity: h.identity } };
    } catch {
      // not a checkpoint of ours
    }
  }
  return null;
}

/**
 * What `dir` holds and who wrote it. `force`: the command may replace it, so a directory src/io/guard.ts refuses
 * (the home or current directory, a repository, a root, or a link to one) is refused here, before anything else.
 */
export function inspectDir(dir: string, force = false): DirState {
  let entries: string[];
  try {
    const st = statSync(dir);
    if (!st.isDirectory()) throw new UserError(`cannot write to output directory ${dir}: it is a file, not a directory`);
    entries = readdirSync(dir);
  } catch (e) {
    if (e instanceof UserError) throw e;
    // Missing, or under a file (ENOTDIR): creating it says what is in the way.
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { exists: false, entries: [], unsafe: new Map(), dirs: new Set(), owner: null };
    throw new UserError(`cannot read output directory ${dir}: ${fsReason(e) ?? (e as Error).message}`);
  }
  if (force && entries.length > 0) refuseToReplace(dir);
  const unsafe = new Map<string, string>();
  const dirs = new Set<string>();
  for (const name of entries) {
    const st = lstatSync(join(dir, name), { throwIfNoEntry: false });
    if (!st) continue;
    if (st.isSymbolicLink()) unsafe.set(name, `${name} (a symbolic link)`);
    else if (st.isDirectory()) {
      dirs.add(name);
      const inside = EXPERIMENT_DIRS.has(name) ? unsafeUnder(join(dir, name), dir, 1) : [];
      if (inside[0] !== undefined) unsafe.set(name, inside[0]);
    } else if (!st.isFile()) unsafe.set(name, `${name} (not a regular file)`);
  }
  // Only temporary files of mjlab's own, and no marker: a command was killed while it wrote its first file (the
  // marker itself, as a tuning experiment starts each tune). Nothing was written there: an empty directory.
  if (entries.length > 0 && entries.every((n) => TEMP.test(n) && !unsafe.has(n) && !dirs.has(n))) {
    for (const name of entries) removeEntry(dir, name);
    return { exists: true, entries: [], unsafe: new Map(), dirs: new Set(), owner: null };
  }
  const marker = entries.includes(MARKER) && !unsafe.has(MARKER) ? readJson(join(dir, MARKER)) : null;
  const base = { exists: true, entries, unsafe, dirs };
  if (marker && marker.tool === 'mjlab' && typeof marker.kind === 'string') {
    return { ...base, owner: { kind: marker.kind as OutputKind, run: (marker.run as Record<string, unknown>) ?? null } };
  }
  return { ...base, owner: entries.length > 0 ? legacyOwner(dir) : null };
}

/** Entries of `dir` that are not an output of `kind`'s own (the reason to refuse it), as a refusal shows them. */
export function foreignEntries(state: DirState, kind: OutputKind): string[] {
  return state.entries.filter((n) => !ownedEntry(state, kind, n)).map((n) => state.unsafe.get(n) ?? n);
}

/** The advice of a refusal: --force when it would help, moving the foreign files away when it would not. */
export function refusalHint(state: DirState): string {
  const owner = state.owner;
  if (owner && foreignEntries(state, owner.kind).length === 0) return 'use --force to replace it, or another --out';
  return 'mjlab removes only its own files, even with --force: move them away, or give another --out';
}

/** A short phrase for a refusal: what the directory holds. */
export function holds(state: DirState, describeRun: (owner: NonNullable<DirState['owner']>) => string): string {
  const owner = state.owner;
  const foreign = owner ? foreignEntries(state, owner.kind) : state.entries.map((n) => state.unsafe.get(n) ?? n);
  const others = foreign.length === 0 ? '' : `files mjlab did not write (${foreign.slice(0, 3).join(', ')}${foreign.length > 3 ? ', …' : ''})`;
  if (!owner) return others;
  return `mjlab ${owner.kind} output (${describeRun(owner)})${others ? ` and ${others}` : ''}`;
}

/**
 * Remove the old output of `dir` before a new one (--force, a redo, the default results/latest): refused in one
 * line, with nothing removed, when src/io/guard.ts refuses the directory or anything in it is not mjlab's by the
 * marker's kind (`kind`: the kind an experiment that owns the tree says its cells are).
 */
export function emptyDir(dir: string, state: DirState, kind?: OutputKind): void {
  refuseToReplace(dir);
  const k = kind ?? state.owner?.kind;
  const foreign = k ? foreignEntries(state, k) : state.entries.map((n) => state.unsafe.get(n) ?? n);
  if (foreign.length > 0) {
    const shown = `${foreign.slice(0, 3).join(', ')}${foreign.length > 3 ? ', …' : ''}`;
    throw new UserError(`refusing to replace ${dir}: it holds ${shown}, which mjlab did not write; ${refusalHint(state)}`);
  }
  for (const name of state.entries) removeEntry(dir, name);
}

export function writeMarker(dir: string, kind: OutputKind, run: Readonly<Record<string, unknown>>): void {
  const marker: Marker = { tool: 'mjlab', kind, run };
  writeAtomic(join(dir, MARKER), `${JSON.stringify(marker, null, 2)}\n`);
}

/** Stale temporary files of an earlier, killed write: ours to remove (a link of that name is not). */
export function removeTemps(dir: string, state: DirState): void {
  for (const name of state.entries) if (TEMP.test(name) && !state.unsafe.has(name) && !state.dirs.has(name)) removeEntry(dir, name);
}
