// `mjlab tune` end to end (docs/tuning.md): the same files whatever the worker count; a tune
// killed on a checkpoint line (SIGKILL in the generations and in the race, Ctrl-C) and resumed equals an
// uninterrupted one byte for byte; a candidate's objective equals what `mjlab simulate` measures for the same
// lineup and walls; best.json plays as a preset; bad input is one line and exit status 2.
import { beforeAll, describe, expect, it } from 'vitest';
import { appendFileSync, copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mjlab, parseCsv, read, spawnMjlab, tempDir } from '../runner/helpers.js';
import { mjlabIn } from '../helpers/cli.js';

// 52 games: 13 wall sets per candidate, and a confirmation of 4 × 52 = 208 games, more than one batch of 200
// (src/tune/evaluate.ts), so a job's nets summed over batches by position are still at stake.
const TUNE = ['tune', '--rules', 'harr', '--strategy', 'harr', '--params', 'minPairs,lateWall', '--generations', '3', '--games', '52', '--seed', '3'];
const FILES = ['history.csv', 'finalists.csv', 'confirm.csv', 'best.json', 'convergence.svg'] as const;

let tmp: string;
const out = (name: string) => join(tmp, name);

function ok(args: string[]): string {
  const r = mjlab(args, { cwd: tmp });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return r.stdout;
}

/** ok, in-process: for the quick runs that need no process of their own. */
async function okIn(args: string[]): Promise<string> {
  const r = await mjlabIn(args, { cwd: tmp });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return r.stdout;
}

function expectSame(a: string, b: string): void {
  for (const f of FILES) expect(read(b, f), `${f}: ${a} vs ${b}`).toBe(read(a, f));
}

beforeAll(() => {
  tmp = tempDir('tune');
  ok([...TUNE, '--workers', '1', '--no-progress', '--out', out('w1')]);
});

describe('mjlab tune', () => {
  it('writes every output; one history row per candidate; the start nets exactly zero against copies of itself', () => {
    const history = parseCsv(read(out('w1'), 'history.csv'));
    expect(history).toHaveLength(3 * 6); // λ = 4 + ⌊3 ln 2⌋ = 6
    expect(Object.keys(history[0]!)).toEqual(['generation', 'candidate', 'minPairs', 'lateWall', 'mean_net', 'wall_sets', 'hands', 'sigma']);
    for (const h of history) {
      expect(Number(h.minPairs)).toBeGreaterThanOrEqual(0);
      expect(Number(h.minPairs)).toBeLessThanOrEqual(5);
      expect(Number.isInteger(Number(h.lateWall))).toBe(true);
      expect(h.wall_sets).toBe('13');
    }
    const confirm = parseCsv(read(out('w1'), 'confirm.csv'));
    expect(confirm.map((r) => r.row)).toEqual(['winner', 'start', 'winner - start']);
    expect(confirm[1]).toMatchObject({ wall_sets: '52', mean_net: '0.000000', ci_low: '0.000000', ci_high: '0.000000' });
    const best = JSON.parse(read(out('w1'), 'best.json'));
    expect(best.strategy).toBe('harr');
    expect(Object.keys(best.params)).toHaveLength(13);
    expect(best.tune).toMatchObject({ rules: 'harr', seed: 3, against: 'harr,harr,harr', generations: 3, population: 6, games: 52 });
    expect(best.tune.confirmation.gain).toBeCloseTo(Number(confirm[2]!.mean_net), 6);
    const m = JSON.parse(read(out('w1'), 'manifest.json'));
    expect(m).toMatchObject({ tool: 'mjlab', kind: 'tune', complete: true, workers: 1 });
    expect(m.commit).toMatch(/^[0-9a-f]{40}(-dirty)?$|^unknown$/);
    expect(read(out('w1'), 'convergence.svg')).toMatch(/^<svg[\s\S]*<\/svg>$/);
  });

  it('the same files with 2 workers', () => {
    ok([...TUNE, '--workers', '2', '--no-progress', '--out', out('w2')]);
    expectSame(out('w1'), out('w2'));
  });

  it("a candidate's mean net is what mjlab simulate measures on the same lineup and walls", async () => {
    const row = parseCsv(read(out('w1'), 'history.csv')).find((h) => h.generation === '0' && h.candidate === '2')!;
    const entry = `harr:minPairs=${row.minPairs}:lateWall=${row.lateWall}`;
    await okIn(['simulate', '--rules', 'harr', '--strategies', `${entry},harr,harr,harr`, '--duplicate', '--games', '52', '--seed', '3', '--workers', '1', '--no-progress', '--out', out('sim')]);
    const sim = parseCsv(read(out('sim'), 'summary.csv')).find((r) => r.strategy === entry)!;
    expect(Number(sim.mean_net).toFixed(4)).toBe(Number(row.mean_net).toFixed(4));
  });

  it('best.json plays as a preset', async () => {
    const r = await mjlabIn(['simulate', '--strategies', `${out('w1')}/best.json,harr,harr,harr`, '--games', '8', '--workers', '1', '--no-progress', '--out', out('preset')], { cwd: tmp });
    expect(r.stderr).toBe('');
    expect(parseCsv(read(out('preset'), 'summary.csv'))[0]!.strategy).toBe('best.json');
  });
});

describe('interrupted and resumed', () => {
  /** Start the tune and kill it with `signal` once stderr shows `event` (a checkpoint line): no timers. */
  async function killOn(dir: string, event: RegExp, signal: NodeJS.Signals) {
    const child = spawnMjlab([...TUNE, '--workers', '2', '--out', dir], tmp);
    let stderr = '';
    const exited = new Promise<number | null>((res) => child.on('exit', (code, sig) => res(sig ? -1 : code)));
    let sent = false;
    await new Promise<void>((res) => {
      child.stderr.on('data', (d: Buffer) => {
        stderr += d.toString();
        if (!sent && event.test(stderr)) {
          sent = true;
          child.kill(signal);
          res();
        }
      });
      void exited.then(() => res());
    });
    return { code: await exited, stderr: () => stderr };
  }

  const checkpointKinds = (dir: string) =>
    readFileSync(join(dir, 'checkpoint.jsonl'), 'utf8').split('\n').filter((l) => l.startsWith('{')).map((l) => (JSON.parse(l) as { kind: string }).kind);

  it('SIGKILL after generation 2 is checkpointed, then --resume, equals the uninterrupted tune', async () => {
    const dir = out('kill-gen');
    const { code } = await killOn(dir, /generation 2\/3 checkpointed/, 'SIGKILL');
    expect(code).toBe(-1);
    expect(existsSync(join(dir, 'best.json'))).toBe(false);
    const kinds = checkpointKinds(dir);
    expect(kinds.slice(0, 3)).toEqual(['tune-header', 'generation', 'generation']);
    expect(kinds).not.toContain('confirm');
    appendFileSync(join(dir, 'checkpoint.jsonl'), '{"kind":"generation","generation":'); // a torn write
    ok([...TUNE, '--workers', '2', '--no-progress', '--out', dir, '--resume']);
    expectSame(out('w1'), dir);
  });

  it('SIGKILL in the race, then --resume, equals the uninterrupted tune', async () => {
    const dir = out('kill-race');
    const { code } = await killOn(dir, /race round 1\/3 checkpointed/, 'SIGKILL');
    expect(code).toBe(-1);
    expect(existsSync(join(dir, 'best.json'))).toBe(false);
    expect(checkpointKinds(dir)).toContain('race');
    ok([...TUNE, '--workers', '1', '--no-progress', '--out', dir, '--resume']);
    expectSame(out('w1'), dir);
  });

  it('Ctrl-C says how to resume; --resume equals the uninterrupted tune', async () => {
    const dir = out('sigint');
    const { code, stderr } = await killOn(dir, /generation 1\/3 checkpointed/, 'SIGINT');
    expect(code).toBe(130);
    expect(stderr()).toMatch(/tune interrupted; completed steps are kept in .*; resume with: node bin\/mjlab\.js tune .* --resume/);
    ok([...TUNE, '--workers', '2', '--no-progress', '--out', dir, '--resume']);
    expectSame(out('w1'), dir);
  });

  it('--resume of a complete tune rewrites the same files', async () => {
    await okIn([...TUNE, '--workers', '1', '--no-progress', '--out', out('w2'), '--resume']);
    expectSame(out('w1'), out('w2'));
  });
});

describe('bad input: one line, exit 2', () => {
  /** A tune command with small sizes unless the case gives its own (an option given twice is refused). */
  const tuneArgs = (...extra: string[]) => [
    'tune', ...(extra.includes('--strategy') ? [] : ['--strategy', 'harr']), ...(extra.includes('--generations') ? [] : ['--generations', '2']),
    ...(extra.includes('--games') ? [] : ['--games', '16']), '--no-progress', ...extra,
  ];
  const cases: [string, string[], RegExp][] = [
    ['unknown strategy', tuneArgs('--strategy', 'harrr'), /unknown strategy "harrr"/],
    ['unknown parameter', tuneArgs('--params', 'minPair'), /strategy "harr" has no parameter "minPair" \(numeric: minPairs/],
    ['a parameter that is not numeric', tuneArgs('--strategy', 'chow-mixer', '--params', 'ukeire'), /parameter "ukeire" of chow-mixer is not numeric \(boolean\)/],
    ['empty bounds', tuneArgs('--params', 'minPairs=4..3'), /bounds of minPairs are empty/],
    ['a single value', tuneArgs('--params', 'lateWall=7..7'), /bounds of lateWall are empty or a single value/],
    ['bounds off the grid', tuneArgs('--params', 'minPairs=1.2..1.8'), /bounds of minPairs are empty/],
    ['a bad range', tuneArgs('--params', 'minPairs=1-3'), /bad range in "minPairs=1-3"/],
    ['a parameter twice', tuneArgs('--params', 'minPairs,minPairs+limitMinPairs'), /"minPairs" is named twice/],
    ['tied steps differ', tuneArgs('--strategy', './bot.js', '--params', 'a+b'), /different steps/],
    ['no bounds', tuneArgs('--strategy', './bot.js', '--params', 'c'), /parameter "c" of bot has no bounds; give them as c=lo\.\.hi/],
    ['G = 0', tuneArgs('--generations', '0'), /--generations must be a positive integer, got 0/],
    ['P = 0', tuneArgs('--population', '0'), /--population must be a positive integer, got 0/],
    ['P = 1', tuneArgs('--population', '1'), /--population must be at least 2/],
    ['N = 0', tuneArgs('--games', '0'), /--games must be a positive integer, got 0/],
    ['N not whole wall sets', tuneArgs('--games', '18'), /--games must be a multiple of 4/],
    ['N not a number', tuneArgs('--games', 'many'), /--games must be a number/],
    ['an option twice', [...tuneArgs('--seed', '1'), '--seed', '2'], /--seed is given 2 times/],
    ['a field of two', tuneArgs('--against', 'harr,harr'), /--against must name 3 strategies/],
    ['an unknown field strategy', tuneArgs('--against', 'harr,harr,nobody'), /unknown strategy "nobody"/],
    ['sigma out of range', tuneArgs('--sigma', '2'), /--sigma is a step size in the unit cube/],
    ['a decision timeout of 0', tuneArgs('--decision-timeout', '0'), /--decision-timeout must be a positive number of seconds/],
    ['no --strategy', ['tune', '--out', 'x'], /missing --strategy/],
  ];
  beforeAll(() => {
    writeFileSync(
      join(tmp, 'bot.js'),
      `export default { name: 'bot', params: [
        { name: 'a', default: 1, min: 0, max: 4, step: 1, description: '' },
        { name: 'b', default: 1, min: 0, max: 4, step: 2, description: '' },
        { name: 'c', default: 1, description: '' }],
        create: () => ({ act: (v) => v.legal[0] }) };\n`,
    );
  });
  for (const [name, args, message] of cases) {
    it(name, async () => {
      const withOut = args.includes('--out') ? args : [...args, '--out', out(`bad-${name.replace(/\W+/g, '-')}`)];
      const r = await mjlabIn(withOut, { cwd: tmp });
      expect(r.stderr.trim().split('\n'), r.stderr).toHaveLength(1);
      expect(r.stderr).toMatch(message);
      expect(r.status).toBe(2);
    });
  }

  it('--resume of a different tune, a different tune without --force, a directory holding other files', async () => {
    const r1 = await mjlabIn([...TUNE.map((a) => (a === '3' ? '4' : a)), '--no-progress', '--out', out('w1'), '--resume'], { cwd: tmp });
    expect(r1.status).toBe(2);
    expect(r1.stderr).toMatch(/holds a different tune .*cannot --resume it\n$/);
    const r2 = await mjlabIn([...TUNE.map((a) => (a === '3' ? '4' : a)), '--no-progress', '--out', out('w1')], { cwd: tmp });
    expect(r2.status).toBe(2);
    expect(r2.stderr).toMatch(/already holds a different tune \(tune of harr under harr, seed 3\); use --force/);
    mkdirSync(out('foreign'), { recursive: true });
    writeFileSync(join(out('foreign'), 'notes.txt'), 'mine');
    const r3 = await mjlabIn([...TUNE, '--no-progress', '--out', out('foreign')], { cwd: tmp });
    expect(r3.status).toBe(2);
    expect(r3.stderr).toMatch(/holds files mjlab did not write \(notes\.txt\); mjlab removes only its own files, even with --force/);
    expect(readFileSync(join(out('foreign'), 'notes.txt'), 'utf8')).toBe('mine');
    // A kill after the marker, before the checkpoint's header was complete: that directory is still this tune's.
    mkdirSync(out('torn'), { recursive: true });
    copyFileSync(join(out('w1'), '.mjlab-output.json'), join(out('torn'), '.mjlab-output.json'));
    writeFileSync(join(out('torn'), 'checkpoint.jsonl'), '{"kind":"tune-he');
    const r4 = await mjlabIn([...TUNE, '--no-progress', '--workers', '1', '--out', out('torn'), '--resume'], { cwd: tmp });
    expect(r4.stderr).toMatch(/^mjlab: nothing to resume in .*torn; starting from the beginning\n$/);
    expect(r4.status).toBe(0);
    expectSame(out('w1'), out('torn'));
  });
});
