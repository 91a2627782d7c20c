// `mjlab replay --record FILE --seat S --strategy X` (docs/replay.md, "How would a strategy have played this seat?"): at every decision of the seat, the
// strategy seated there with the record's seat stream is asked through the seat's view and compared with the record.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { compareSeat } from '../../src/game/compare.js';
import { readScenario } from '../../src/game/replay.js';
import { resolveStrategy } from '../../src/lineup/registry.js';

const dir = mkdtempSync(join(tmpdir(), 'mjlab-compare-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function recordOf(args: string[], name: string): Promise<string> {
  const { out, code } = await runCli(['replay', ...args, '--json']);
  expect(code).toBe(0);
  const file = join(dir, `${name}.json`);
  writeFileSync(file, out);
  return file;
}

describe('replay --record --seat --strategy', () => {
  it("a record of the strategy itself compares equal at every decision of its seat (its own seat stream), another strategy does not", async () => {
    const file = await recordOf(['--rules', 'harr', '--strategies', 'greedy,harr,random,harr', '--seed', '3', '--game', '1'], 'mixed');
    const sc = readScenario(file);
    for (const [seat, name] of [[0, 'greedy'], [1, 'harr'], [2, 'random'], [3, 'harr']] as const) {
      const c = compareSeat(sc, file, seat, await resolveStrategy(name));
      expect(c.decisions).toBeGreaterThan(5);
      expect(c.differences, `seat ${seat} ${name}`).toEqual([]);
    }
    // random at seat 2 draws from seat 2's stream: at seat 0 (another stream, another hand) it differs
    const other = compareSeat(sc, file, 0, await resolveStrategy('random'));
    expect(other.differences.length).toBeGreaterThan(0);
    const res = await runCli(['replay', '--record', file, '--seat', '1', '--strategy', 'greedy']);
    expect(res.code).toBe(0);
    const lines = res.out.trim().split('\n');
    expect(lines[0]).toMatch(/^seat E \(harr\) against greedy: \d+ decisions in 1 hand; greedy would choose differently at (\d+)$/);
    const n = Number(/at (\d+)$/.exec(lines[0]!)![1]);
    expect(n).toBeGreaterThan(0);
    expect(lines).toHaveLength(n + 1);
    for (const l of lines.slice(1)) expect(l).toMatch(/^ {2}hand 1, decision \d+ \(answers event \d+: [^;]+; (turn|claim|rob|wash), [ESWN], holding \S+.*\): played .+; greedy would .+$/);
    // Seats by wind, tiles in notation, in the JSON as in the text (docs/replay.md, "A review").
    const json = JSON.parse((await runCli(['replay', '--record', file, '--seat', '1', '--strategy', 'greedy', '--json'])).out);
    expect(json.seat).toBe('E');
    for (const d of json.differences) {
      expect(d.played).toMatch(/^(discard|concealed-kong|add-kong|chow) ([1-9][mps]|[1-7]z)$|^(pass|pung|kong|mahjong|rob|wash)$/);
      expect(d.chosen).toMatch(/^(discard|concealed-kong|add-kong|chow) ([1-9][mps]|[1-7]z)$|^(pass|pung|kong|mahjong|rob|wash)$/);
      if (d.offer !== null) expect(d.offer).toMatch(/^([1-9][mps]|[1-7]z) from [ESWN]$/);
    }
  });

  it('compares a whole match hand by hand, a seat named by its first wind, and --json', async () => {
    const file = await recordOf(['--rules', 'babcock', '--strategies', 'harr,greedy,harr,greedy', '--unit', 'match', '--seed', '2', '--game', '0'], 'match');
    const sc = readScenario(file);
    const east = sc.firstDealer;
    const res = await runCli(['replay', '--record', file, '--seat', 'E', '--strategy', 'chow-mixer', '--json']);
    expect(res.code).toBe(0);
    const c = JSON.parse(res.out);
    expect(c.seat).toBe('E');
    expect(c.seat_index).toBe(east);
    expect(c.hands).toBe(sc.hands.length);
    expect(c.hands).toBeGreaterThan(1);
    expect(c.differences.length).toBeGreaterThan(0);
    expect(new Set(c.differences.map((d: { hand: number }) => d.hand)).size).toBeGreaterThan(1);
  });

  for (const [what, extra, msg] of [
    ['a seat the record lacks', ['--seat', '4', '--strategy', 'harr'], /--seat 4: the record has seats 0 to 3/],
    ['a wind that is no seat', ['--seat', 'X', '--strategy', 'harr'], /--seat X: name a seat 0 to 3/],
    ['an unknown strategy', ['--seat', '1', '--strategy', 'nobody'], /unknown strategy "nobody"/],
    ['--seat without --strategy', ['--seat', '1'], /--seat and --strategy go together/],
    ['--html with a comparison', ['--seat', '1', '--strategy', 'harr', '--html', 'x.html'], /drop --html/],
  ] as const) {
    it(`refuses ${what}: one line, exit 2`, async () => {
      const file = await recordOf(['--rules', 'harr', '--strategies', 'greedy,greedy,greedy,greedy', '--seed', '1', '--game', '0'], 'plain');
      const res = await runCli(['replay', '--record', file, ...extra]);
      expect(res.code).toBe(2);
      expect(res.err).toMatch(msg);
      expect(res.err.trim().split('\n')).toHaveLength(1);
      expect(res.out).toBe('');
    });
  }
  it('refuses --seat without --record', async () => {
    const res = await runCli(['replay', '--rules', 'harr', '--strategies', 'greedy,greedy,greedy,greedy', '--seed', '1', '--game', '0', '--seat', '1', '--strategy', 'harr']);
    expect(res.code).toBe(2);
    expect(res.err).toMatch(/with --record FILE/);
  });
});
