// `mjlab replay --run DIR --game G` (docs/distributed.md): the rule set, lineup, seed and table options come from the
// run's manifest.json, so every row of the run's games.csv replays to the same result, and the record equals the
// one the same options given by hand produce; options the manifest decides are refused with --run.
import { beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { mjlabIn, runCli } from '../helpers/cli.js';
import { parseCsv, read, ROOT, tempDir } from '../runner/helpers.js';
import type { GameRecord } from '../../src/record/record.js';

/** Runs with table options away from the defaults, and the same options as replay takes them. */
const RUNS = {
  match: {
    simulate: ['--rules', 'code500', '--strategies', 'greedy,random,greedy', '--players', '3', '--unit', 'match', '--games', '3', '--seed', '9'],
    replay: ['--rules', 'code500', '--strategies', 'greedy,random,greedy', '--players', '3', '--unit', 'match', '--seed', '9'],
  },
  duplicate: {
    simulate: ['--rules', 'harr', '--strategies', 'greedy,greedy,random,random', '--duplicate', '--flowers', '--limit', '300', '--games', '8', '--seed', '4'],
    replay: ['--rules', 'harr', '--strategies', 'greedy,greedy,random,random', '--duplicate', '--flowers', '--limit', '300', '--seed', '4'],
  },
};

let tmp: string;
const dir = (name: string) => join(tmp, name);

async function record(args: string[]): Promise<GameRecord> {
  const r = await runCli(['replay', ...args, '--json']);
  expect(r.err).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.out) as GameRecord;
}

beforeAll(async () => {
  tmp = tempDir('replay-run');
  for (const [name, run] of Object.entries(RUNS)) {
    const r = await mjlabIn(['simulate', ...run.simulate, '--games-csv', '--workers', '1', '--no-progress', '--out', dir(name)], { cwd: tmp });
    expect(r.status, r.stderr).toBe(0);
  }
});

describe('mjlab replay --run', () => {
  for (const [name, run] of Object.entries(RUNS)) {
    it(`${name}: every row of games.csv replays from the manifest, as the options given by hand do`, async () => {
      const rows = parseCsv(read(dir(name), 'games.csv'));
      const games = [...new Set(rows.map((r) => Number(r.game)))];
      for (const g of games) {
        const fromRun = await record(['--run', dir(name), '--game', String(g)]);
        expect(fromRun).toEqual(await record([...run.replay, '--game', String(g)]));
        for (const row of rows.filter((r) => Number(r.game) === g)) {
          const h = fromRun.hands[Number(row.hand)]!.result;
          expect([h.winner_strategy ?? '', h.win_by, h.winner_score === null ? '' : String(h.winner_score)], `game ${g} hand ${row.hand}`)
            .toEqual([row.winner_strategy, row.win_by, row.winner_score]);
        }
        expect(fromRun.hands).toHaveLength(rows.filter((r) => Number(r.game) === g).length);
      }
    });
  }

  it("an experiment's run directory (results/strategy-comparison, duplicate seating)", async () => {
    const run = join(ROOT, 'results', 'strategy-comparison', 'runs', 'harr', '0');
    const byHand = ['--rules', 'harr', '--strategies', 'chow-mixer,suit-hunter,defender,harr', '--seed', '1', '--duplicate', '--game', '4'];
    expect(await record(['--run', run, '--game', '4'])).toEqual(await record(byHand));
  });

  it('refuses, in one line with exit 2, what the manifest decides, a game outside the run, and a directory without a run', async () => {
    for (const [args, pattern] of [
      [['--run', dir('match'), '--game', '0', '--rules', 'harr'], /^mjlab: --rules comes from .*manifest\.json with --run; drop --rules$/],
      [['--run', dir('match'), '--game', '0', '--players', '4'], /^mjlab: --players comes from .*with --run/],
      [['--run', dir('match'), '--game', '3'], /^mjlab: --game 3 is not in the run in .*: its games are 0\.\.2$/],
      [['--run', tmp, '--game', '0'], /^mjlab: --run .*: cannot read .*manifest\.json \(ENOENT\)/],
      [['--game', '0', '--rules', 'harr'], /^mjlab: --strategies is required \(or --run DIR, or --record FILE/],
    ] as const) {
      const r = await runCli(['replay', ...args]);
      expect(r.code).toBe(2);
      expect(r.err.trimEnd().split('\n')).toHaveLength(1);
      expect(r.err.trimEnd()).toMatch(pattern);
    }
  });
});
