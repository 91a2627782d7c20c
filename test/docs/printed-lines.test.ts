/**
 * Every command mjlab writes into its own files runs as printed (README.md, "Quick start": "every command mjlab
 * prints ... runs as printed"; docs/outputs.md, "Pages"). For each kind of run (simulate, a --duplicate run with its
 * games, merge, league, sprt, experiment, tune, train) a small one is made in a scratch directory; the lines its
 * files print are taken from them as a reader copies them (README.md's "Reproduce" block, a page's reproducing
 * command, report.html's lines that replay the largest win; tune and train, which write no page, by their
 * manifest's command) and run through bash from a directory laid out as the checkout, so a line that writes to a
 * default place writes there; each must exit 0, and reproduce what it promises: the run's files byte for byte, the
 * replay page byte for byte, the game report.html names. A fault's replay line (a plug-in at a path with a space)
 * must replay the fault.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, FIXTURES, ROOT, tempDir } from '../runner/helpers.js';

/** A printed line and the file that prints it. */
interface Printed { readonly file: string; readonly line: string; readonly kind: 'reproduce' | 'replay' }

const unescape = (s: string): string => s.replace(/&#(\d+);/g, (_m, n: string) => String.fromCharCode(Number(n)))
  .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');

/** The commands of a README's "Reproduce" block (npm's build step left out). */
function readmeLines(text: string): string[] {
  const m = /^## Reproduce\n[^]*?^(`{3,})sh\n([^]*?)^\1$/m.exec(text);
  return m ? m[2]!.split('\n').filter((l) => l.startsWith('node bin/mjlab.js ')) : [];
}

/** Every line the files under `dir` print for a reader to run, as a reader would copy it. */
function printedIn(dir: string): Printed[] {
  const out: Printed[] = [];
  const walk = (d: string): void => {
    for (const e of readdirSync(d).sort()) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) walk(p);
      else if (e === 'README.md') for (const line of readmeLines(readFileSync(p, 'utf8'))) out.push({ file: p, line, kind: 'reproduce' });
      else if (e.endsWith('.html')) {
        const html = readFileSync(p, 'utf8');
        const command = /<pre id="command">([^<]*)<\/pre>/.exec(html);
        if (command) out.push({ file: p, line: unescape(command[1]!), kind: 'reproduce' });
        const replay = /<p id="largest-win">.*?<\/p><pre>([^<]*)<\/pre>/.exec(html);
        if (replay) for (const line of unescape(replay[1]!).split('\n')) out.push({ file: p, line, kind: 'replay' });
      }
    }
  };
  walk(dir);
  return out;
}

const tmp = tempDir('printed');
/** A directory laid out as the checkout (its entries linked), with a results/ of its own: where the lines run. */
const checkout = join(tmp, 'checkout');

function bash(line: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync('bash', ['-c', line], { cwd: checkout, encoding: 'utf8', timeout: 300_000, env: { ...process.env, MJLAB_NO_PROGRESS: '1' } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Make a run the way a user would, in its own process from the checkout. */
function make(args: readonly string[]): void {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: checkout, encoding: 'utf8', timeout: 300_000 });
  expect(r.status, `${args.join(' ')}: ${r.stderr}`).toBe(0);
}

const snapshot = (dir: string, files: readonly string[]): Map<string, string> =>
  new Map(files.filter((f) => existsSync(join(dir, f))).map((f) => [f, readFileSync(join(dir, f), 'latin1')]));

function expectSame(dir: string, before: Map<string, string>, what: string): void {
  expect(before.size, `${what}: nothing to compare`).toBeGreaterThan(0);
  for (const [f, bytes] of before) expect(readFileSync(join(dir, f), 'latin1') === bytes, `${what}: ${f} differs after the reproducing line`).toBe(true);
}

/** Run every printed line: exit 0 each (a line printed by several files is run once). */
function runAll(lines: readonly Printed[]): Map<string, { stdout: string }> {
  const done = new Map<string, { stdout: string }>();
  for (const p of lines) {
    if (done.has(p.line)) continue;
    expect(p.line, `${relative(tmp, p.file)} prints a line that does not start the way the quick start runs mjlab`).toMatch(/^node bin\/mjlab\.js /);
    const r = bash(p.line);
    expect(r.status, `${relative(tmp, p.file)}: ${p.line}\n${r.stderr}`).toBe(0);
    done.set(p.line, { stdout: r.stdout });
  }
  return done;
}

beforeAll(() => {
  mkdirSync(join(checkout, 'results'), { recursive: true });
  for (const e of ['bin', 'dist', 'node_modules', 'package.json', 'strategies', 'experiments']) symlinkSync(join(ROOT, e), join(checkout, e));
});

const RUN = ['--workers', '1', '--no-progress'];
const EXACT = ['summary.csv', 'score-distribution.csv', 'totals.csv', 'aggregate.json', 'games.csv', 'pairwise.csv'];

describe('the lines a run prints in its files run as printed', () => {
  it('simulate: report.html\'s command makes the same files; with a game per row, its replay lines replay the largest win and make its page', { timeout: 600_000 }, () => {
    const plain = join(tmp, 'sim plain');
    const dup = join(tmp, 'sim dup');
    make(['simulate', '--games', '24', '--out', plain, ...RUN]);
    make(['simulate', '--games', '16', '--duplicate', '--games-csv', '--strategies', 'greedy,random,harr,chow-mixer', '--out', dup, ...RUN]);
    const lines = [...printedIn(plain), ...printedIn(dup)];
    expect(lines.filter((l) => l.kind === 'reproduce')).toHaveLength(2);
    const replays = lines.filter((l) => l.kind === 'replay');
    expect(replays).toHaveLength(2);
    // The default run keeps no per-game file: its page says so, and how to get the largest win (README, "Quick start").
    expect(replays.every((l) => l.file.startsWith(dup))).toBe(true);
    expect(readFileSync(join(plain, 'report.html'), 'utf8')).toContain('This run kept no per-game file (games.csv or nets.bin)');
    expect(existsSync(join(plain, 'largest-win.html'))).toBe(false);
    const page = readFileSync(join(dup, 'largest-win.html'), 'latin1');
    const names = /<p id="largest-win">Game (\d+): \S+ won with (\d+)/.exec(readFileSync(join(dup, 'report.html'), 'utf8'))!;
    const before = [snapshot(plain, EXACT), snapshot(dup, EXACT)];
    const ran = runAll(lines);
    expectSame(plain, before[0]!, 'simulate');
    expectSame(dup, before[1]!, 'simulate --duplicate --games-csv');
    // The terminal replay plays the game report.html names, to the score it names; the page is the one beside it.
    expect(replays[0]!.line).toContain(`--game ${names[1]}`);
    expect(ran.get(replays[0]!.line)!.stdout).toMatch(new RegExp(`Result: .* hand score ${names[2]}\\n`));
    expect(readFileSync(join(dup, 'largest-win.html'), 'latin1') === page, 'the replay line\'s page is largest-win.html').toBe(true);
  });

  it('merge: the merged report.html\'s command merges the shards again to the same files; its replay lines run', { timeout: 600_000 }, () => {
    const base = join(tmp, 'merge');
    for (const s of ['1/2', '2/2']) make(['simulate', '--games', '16', '--games-csv', '--shard', s, '--out', join(base, `shard-${s[0]}`), ...RUN]);
    make(['merge', '--out', join(base, 'merged'), join(base, 'shard-1'), join(base, 'shard-2')]);
    const lines = printedIn(join(base, 'merged'));
    expect(lines.map((l) => l.kind).sort()).toEqual(['replay', 'replay', 'reproduce']);
    expect(lines.find((l) => l.kind === 'reproduce')!.line).toMatch(/^node bin\/mjlab\.js merge /);
    const page = readFileSync(join(base, 'merged', 'largest-win.html'), 'latin1');
    const before = snapshot(join(base, 'merged'), EXACT);
    runAll(lines);
    expectSame(join(base, 'merged'), before, 'merge');
    expect(readFileSync(join(base, 'merged', 'largest-win.html'), 'latin1') === page).toBe(true);
  });

  it('league: README.md\'s and league.html\'s command plays the same league; each pairing\'s report.html lines run', { timeout: 600_000 }, () => {
    const out = join(tmp, 'league one');
    make(['league', '--rules', 'harr', '--strategies', 'random,greedy,harr', '--games', '8', '--out', out, ...RUN]);
    const lines = printedIn(out);
    const readme = lines.filter((l) => l.file.endsWith('README.md'));
    expect(readme).toHaveLength(1);
    expect(lines.find((l) => l.file.endsWith('league.html'))!.line).toBe(readme[0]!.line);
    // Six pairings, each with its command and two replay lines.
    expect(lines.filter((l) => l.file.endsWith('report.html') && l.kind === 'replay')).toHaveLength(12);
    const before = snapshot(out, ['league.csv', 'matrix.csv', 'league.svg']);
    runAll(lines);
    expectSame(out, before, 'league');
  });

  it('sprt: sprt.html\'s command decides the same test again into the same --out; its run\'s report.html lines run', { timeout: 600_000 }, () => {
    const out = join(tmp, 'sprt one');
    make(['sprt', 'greedy', 'random', '--delta', '20', '--max-games', '400', '--out', out, ...RUN]);
    const lines = printedIn(out);
    const command = lines.find((l) => l.file.endsWith('sprt.html'))!;
    expect(command.line).toContain(`--out '${out}'`);
    const before = snapshot(out, ['sprt.csv', ...EXACT]);
    runAll(lines);
    expectSame(out, before, 'sprt');
  });

  it('experiment: README.md\'s command (no --out: the default scratch place) makes the same README and CSVs; its runs\' lines run', { timeout: 600_000 }, () => {
    const out = join(tmp, 'experiment');
    make(['experiment', 'defender-draws', '--games', '160', '--out', out, ...RUN]);
    const lines = printedIn(out);
    const readme = lines.filter((l) => l.file === join(out, 'README.md'));
    expect(readme.map((l) => l.line)).toEqual(['node bin/mjlab.js experiment defender-draws --games 160 --seed 1']);
    const files = readdirSync(out).filter((f) => f.endsWith('.csv') || f === 'README.md');
    const before = snapshot(out, files);
    runAll(lines);
    expectSame(join(checkout, 'results', 'tmp', 'defender-draws'), before, 'experiment');
  });

  it('tune and train, which write no page: their manifest\'s command makes the same files', { timeout: 600_000 }, () => {
    const tune = join(tmp, 'tune');
    const train = join(tmp, 'train');
    make(['tune', '--rules', 'harr', '--strategy', 'harr', '--params', 'honourPairs', '--generations', '1', '--games', '8', '--finalists', '2', '--race-rounds', '1', '--confirm-games', '8', '--out', tune, ...RUN]);
    make(['train', '--teacher', 'harr', '--games', '8', '--epochs', '1', '--hidden', '8', '--out', train, ...RUN]);
    for (const [dir, files] of [[tune, ['best.json', 'history.csv', 'finalists.csv', 'confirm.csv']], [train, ['model.mjnet', 'curve.csv', 'validation.csv']]] as const) {
      const command = (JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { command: string }).command;
      const before = snapshot(dir, files);
      runAll([{ file: join(dir, 'manifest.json'), line: command, kind: 'reproduce' }]);
      expectSame(dir, before, dir);
    }
  });

  it.each([
    // The runner's fixtures, at a path with a space: one that throws now and then (one action in 40, from its
    // seeded stream; the engine's "reproduce with:" line), one that hangs in some games (the runner's "replay:" line).
    ['boom.mjs', [], 'boom went off'],
    ['loop.mjs', ['--decision-timeout', '1'], 'took longer than 1 s over one decision (seed 1, game 7)'],
  ] as const)('a fault\'s replay line, for the plug-in %s at a path with a space, replays the fault', { timeout: 600_000 }, (file, extra, fault) => {
    const bot = join(tmp, 'my bots', file);
    mkdirSync(join(tmp, 'my bots'), { recursive: true });
    copyFileSync(join(FIXTURES, file), bot);
    const r = spawnSync(process.execPath, [BIN, 'simulate', '--games', '8', '--strategies', `random,${bot},random,random`, '--out', join(tmp, `fault ${file}`), ...RUN, ...extra], { cwd: checkout, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toContain(fault);
    const line = /(node bin\/mjlab\.js replay (?:'[^']*'|[^;)'])*)/.exec(r.stderr)?.[1]?.trim();
    expect(line, r.stderr).toBeDefined();
    const again = bash(line!);
    expect(again.stderr, line).toContain(fault);
    expect(again.stderr.trimEnd().split('\n'), again.stderr).toHaveLength(1);
  });
});
