// The property of docs/outputs.md, "What `--force` may remove": over random trees of files, directories and symbolic links (links from the
// output directory out of it, to the home directory, to a parent of the working directory, and from outside into
// it), simulate, merge, tune and experiment writes, with and without --force and --resume, leave every entry
// outside their own directory byte-identical (links compared as links). A command may refuse (one line, a
// UserError) or write; it may never change anything else. Library calls, small sizes: a few seconds a case.
import { tree } from '../support/tree.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { lstatSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../../src/errors.js';
import { runExperiment } from '../../src/experiments/run.js';
import { LAB } from '../../experiments/index.js';
import { mergeRuns } from '../../src/runner/merge.js';
import { simulate, type SimulateOptions } from '../../src/runner/run.js';
import { tune } from '../../src/tune/tune.js';
import { tempDir } from '../runner/helpers.js';

/** Names a tree is built from: mjlab's own (of every kind) and others, so ownership is exercised both ways. */
const NAMES = ['games.csv', 'checkpoint.jsonl', 'summary.csv', 'manifest.json', 'aggregate.json', 'runs', 'tunes', 'best.json', 'README.md', '.x.tmp', 'notes.txt', 'a', 'b'];

type Spec =
  | { readonly t: 'file'; readonly name: string; readonly text: string }
  | { readonly t: 'dir'; readonly name: string; readonly children: readonly Spec[] }
  | { readonly t: 'link'; readonly name: string; readonly to: number };

const name = fc.constantFrom(...NAMES);
const leaf: fc.Arbitrary<Spec> = fc.oneof(
  fc.record({ t: fc.constant('file' as const), name, text: fc.string({ maxLength: 8 }) }),
  fc.record({ t: fc.constant('link' as const), name, to: fc.nat(20) }),
);
const node: fc.Arbitrary<Spec> = fc.letrec<{ node: Spec }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.record({ t: fc.constant('dir' as const), name, children: fc.array(tie('node'), { maxLength: 3 }) }),
  ),
})).node;
const forest = fc.array(node, { maxLength: 5 });
/** Names each command's output holds (a target of only these, and its marker, is one --force may replace). */
const OWN: Record<'simulate' | 'merge' | 'tune' | 'experiment', readonly string[]> = {
  simulate: ['games.csv', 'summary.csv', 'checkpoint.jsonl', 'aggregate.json', '.x.tmp'],
  merge: ['games.csv', 'summary.csv', 'totals.csv', 'manifest.json'],
  tune: ['best.json', 'history.csv', 'checkpoint.jsonl', '.x.tmp'],
  experiment: ['README.md', 'lineups.csv', 'chart.svg', '.x.tmp'],
};

/** A target mjlab could own: its own names (an experiment's runs/ tree too), with a link among them now and then. */
function ownedForest(kind: keyof typeof OWN): fc.Arbitrary<Spec[]> {
  const own = fc.constantFrom(...OWN[kind]);
  const file = fc.record({ t: fc.constant('file' as const), name: own, text: fc.string({ maxLength: 8 }) });
  const runs = fc.record({
    t: fc.constant('dir' as const), name: fc.constant('runs'),
    children: fc.array(fc.oneof({ weight: 4, arbitrary: file }, { weight: 1, arbitrary: leaf }), { maxLength: 2 }),
  });
  return fc.array(
    fc.oneof(
      { weight: 6, arbitrary: file },
      { weight: 1, arbitrary: fc.record({ t: fc.constant('link' as const), name: own, to: fc.nat(20) }) },
      { weight: kind === 'experiment' ? 2 : 0, arbitrary: runs },
    ),
    { maxLength: 4 },
  );
}

interface Case {
  readonly outside: readonly Spec[];
  readonly home: readonly Spec[];
  readonly target: readonly Spec[] | null;
  /** A marker in the target saying it is mjlab output of this kind (so --force may replace it). */
  readonly marker: 'simulate' | 'merge' | 'tune' | 'experiment' | null;
  /** --out: the target itself, or a link to the home directory, to the case's root or to the working directory. */
  readonly out: 'target' | 'home' | 'root' | 'cwd';
  readonly command: 'simulate' | 'merge' | 'tune' | 'experiment';
  readonly force: boolean;
  readonly resume: boolean;
}

/** Build `specs` in `dir`; link targets are picked from `targets` (the other side of the tree, home, root, cwd). */
function build(dir: string, specs: readonly Spec[], targets: () => string[]): void {
  mkdirSync(dir, { recursive: true });
  for (const s of specs) {
    const p = join(dir, s.name);
    if (lstatSync(p, { throwIfNoEntry: false })) continue;
    if (s.t === 'file') writeFileSync(p, s.text);
    else if (s.t === 'dir') build(p, s.children, targets);
    else {
      const all = targets();
      symlinkSync(all[s.to % all.length]!, p);
    }
  }
}

let base: string;
let shard: string;
let cwd0: string;
let home0: string | undefined;
let n = 0;
/** How the cases ended: a property that only ever saw refusals would prove little. */
const outcomes = { wrote: 0, refused: 0, replaced: 0 };

beforeAll(async () => {
  base = tempDir('outside');
  cwd0 = process.cwd();
  home0 = process.env.HOME;
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  shard = join(base, 'shard');
  await simulate(simOptions(shard, false, false));
});

afterAll(() => {
  process.chdir(cwd0);
  if (home0 === undefined) delete process.env.HOME;
  else process.env.HOME = home0;
  vi.restoreAllMocks();
});

function simOptions(out: string, force: boolean, resume: boolean): SimulateOptions {
  return {
    rules: 'harr', strategies: 'random,random,random,random', games: 8, seed: 2, workers: 1, out, outExplicit: true, gamesCsv: true,
    players: 4, unit: 'hand', duplicate: false, flowers: false, shard: null, resume, force, progress: 'none', command: 'mjlab simulate',
  };
}

async function run(c: Case, out: string): Promise<void> {
  if (c.command === 'simulate') await simulate(simOptions(out, c.force, c.resume));
  else if (c.command === 'merge') await mergeRuns({ out, inputs: [shard], force: c.force, command: 'mjlab merge' });
  else if (c.command === 'tune') {
    await tune({
      rules: 'harr', strategy: 'harr', params: 'minPairs', generations: 1, population: 2, games: 8, seed: 1, finalists: 1, raceRounds: 1,
      raceGames: 8, confirmGames: 8, out, resume: c.resume, force: c.force, workers: 1, progress: 'none', command: 'mjlab tune',
    });
  } else await runExperiment(LAB, { name: 'defender-draws', games: 40, out, workers: 1, progress: 'none', resume: c.resume, force: c.force, command: 'mjlab experiment' });
}

async function check(c: Case): Promise<void> {
  const root = join(base, `case-${n++}`);
  const target = join(root, 'target');
  const outside = join(root, 'outside');
  const home = join(outside, 'home');
  const cwd = join(outside, 'cwd');
  // The home and working directories always hold a file: writing into an empty one would be writing outside.
  const top = (dir: string, specs: readonly Spec[] | null) => [dir, ...(specs ?? []).map((x) => join(dir, x.name))];
  const elsewhere = [home, join(home, '.bashrc'), root, cwd, join(root, 'missing')];
  build(home, [{ t: 'file', name: '.bashrc', text: 'mine' }, ...c.home], () => top(outside, c.outside));
  build(cwd, [{ t: 'file', name: 'plan.md', text: 'mine' }], () => []);
  build(outside, c.outside, () => [...top(target, c.target), ...elsewhere]);
  if (c.target) {
    build(target, c.target, () => [...top(outside, c.outside), ...elsewhere]);
    if (c.marker && !lstatSync(join(target, '.mjlab-output.json'), { throwIfNoEntry: false })) {
      writeFileSync(join(target, '.mjlab-output.json'), JSON.stringify({ tool: 'mjlab', kind: c.marker, run: {} }));
    }
  }
  const links = { home, root, cwd };
  let out = target;
  if (c.out !== 'target') {
    out = join(root, `to-${c.out}`);
    symlinkSync(links[c.out], out);
  }
  const before = tree(root, target);
  const shardBefore = tree(shard, '');
  process.env.HOME = home;
  process.chdir(cwd);
  const had = c.target !== null && c.target.length > 0;
  try {
    await run(c, out);
    outcomes.wrote += 1;
    if (had && c.force) outcomes.replaced += 1;
  } catch (e) {
    if (!(e instanceof UserError)) throw e;
    outcomes.refused += 1;
  } finally {
    process.chdir(cwd0);
    process.env.HOME = home0;
  }
  expect(tree(root, target)).toEqual(before);
  expect(tree(shard, '')).toEqual(shardBefore);
  rmSync(root, { recursive: true, force: true });
}

const cases = (commands: readonly Case['command'][]): fc.Arbitrary<Case> =>
  fc.constantFrom(...commands).chain((command) =>
    fc.record({
      outside: forest,
      home: forest,
      target: fc.oneof(fc.constant(null), fc.constant([]), forest, ownedForest(command), ownedForest(command)),
      marker: fc.constantFrom(null, command, command, command, 'simulate', 'merge', 'tune', 'experiment'),
      out: fc.constantFrom('target', 'target', 'target', 'target', 'target', 'home', 'root', 'cwd'),
      command: fc.constant(command),
      force: fc.boolean(),
      resume: fc.boolean(),
    }),
  ) as fc.Arbitrary<Case>;

describe('nothing outside its own directory is touched', () => {
  it('simulate, merge and tune over random trees of files, directories and links', async () => {
    await fc.assert(fc.asyncProperty(cases(['simulate', 'merge', 'tune']), check), { numRuns: 50, seed: 22 });
    expect(outcomes.wrote, JSON.stringify(outcomes)).toBeGreaterThanOrEqual(8);
    expect(outcomes.replaced, JSON.stringify(outcomes)).toBeGreaterThanOrEqual(3);
    expect(outcomes.refused, JSON.stringify(outcomes)).toBeGreaterThanOrEqual(8);
  });

  it('experiment over random trees', async () => {
    const was = { ...outcomes };
    await fc.assert(fc.asyncProperty(cases(['experiment']), check), { numRuns: 6, seed: 23 });
    expect(outcomes.wrote - was.wrote, JSON.stringify(outcomes)).toBeGreaterThanOrEqual(1);
  });
});
