// The committed league results (docs/statistics.md, "League ratings" and "The luck adjustment"): for each rule set, league.csv's ratings are the linear
// model's closed form of matrix.csv; the luck-adjusted numbers agree with the raw ones within their intervals, cell
// by cell and rating by rating (the adjustment is unbiased: a systematic shift would show here); sequential.csv
// has its columns, says whether each verdict agrees with the fixed experiment's, and the ratio column is
// hands_sequential / hands_fixed.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { linearRatings } from '../../src/stats/ratings.js';
import { ADJUSTED_PAIRS, fixedDelta, PAIRS } from '../../src/league/sequential-table.js';
import { csvRows } from '../../src/report/csv-read.js';
import { luckFormatOf } from '../../src/runner/luck-file.js';
import { parseCsv, ROOT } from '../runner/helpers.js';

const LEAGUE = join(ROOT, 'results', 'league');
// sequential.csv quotes its fixed_from (commas inside), so it is read with the quoting reader.
const csvOf = (...p: string[]) => csvRows(readFileSync(join(LEAGUE, ...p), 'utf8'));

describe.each(['harr-limit', 'harr'])('results/league/%s', (rules) => {
  it('has ratings that are the closed form of its matrix', () => {
    const league = csvOf(rules, 'league.csv');
    const matrix = csvOf(rules, 'matrix.csv');
    const names = league.map((r) => r.strategy!);
    expect(names.length).toBeGreaterThanOrEqual(9);
    expect(matrix).toHaveLength(names.length * (names.length - 1));
    const m = names.map((a) => names.map((b) => (a === b ? NaN : Number(matrix.find((r) => r.strategy === a && r.opponent === b)!.mean_net))));
    const r = linearRatings(m);
    names.forEach((n, i) => expect(Number(league[i]!.rating)).toBeCloseTo(r[i]!, 4));
  });

  it('has luck-adjusted numbers that agree with the raw ones within their intervals', () => {
    // Cell by cell the two intervals overlap; the adjusted estimate lies inside the raw interval in all but the
    // random-against-defender cells (nobody wins there, the nets are tiny and the coefficients, fitted on ordinary
    // tables, only add noise: 3 of 144 cells).
    const rows = csvOf(rules, 'matrix.csv');
    for (const row of rows) {
      expect(Number(row.adjusted_low)).toBeLessThanOrEqual(Number(row.ci_high));
      expect(Number(row.adjusted_high)).toBeGreaterThanOrEqual(Number(row.ci_low));
    }
    const outside = rows.filter((r) => Number(r.mean_net_adjusted) < Number(r.ci_low) || Number(r.mean_net_adjusted) > Number(r.ci_high));
    expect(outside.every((r) => [r.strategy, r.opponent].sort().join() === 'defender,random')).toBe(true);
    for (const row of csvOf(rules, 'league.csv')) {
      const adj = Number(row.rating_adjusted);
      expect(adj).toBeGreaterThanOrEqual(Number(row.rating_low));
      expect(adj).toBeLessThanOrEqual(Number(row.rating_high));
    }
  });
});

describe('results/league/sequential.csv', () => {
  it('compares the sequential test with the fixed experiments', () => {
    const rows = csvOf('sequential.csv');
    expect(Object.keys(rows[0]!)).toEqual(
      expect.arrayContaining(['pair', 'rules', 'verdict', 'hands_sequential', 'hands_fixed', 'ci_halfwidth_raw', 'ci_halfwidth_adjusted']),
    );
    for (const r of rows) {
      expect(r.agrees).toBe(r.verdict === 'undecided' ? '' : r.verdict === r.fixed_verdict ? 'yes' : 'no');
      expect(Number(r.ratio)).toBeCloseTo(Number(r.hands_sequential) / Number(r.hands_fixed), 5);
      expect(existsSync(join(ROOT, r.run!, 'nets.bin'))).toBe(true);
    }
  });

  it("tests each pair at the fixed experiment's own sensitivity, with the runs played at that delta", () => {
    // D = (z(0.975) + z(0.95)) · SE of the fixed experiment: at a gain of D both tests say H1 95% of the time. A D
    // chosen apart from it (3 for every pair) asked the sequential test another question than the fixed one.
    const rows = csvOf('sequential.csv');
    for (const p of [...PAIRS, ...ADJUSTED_PAIRS]) {
      const row = rows.find((r) => r.pair === p.pair && r.test === (p.adjust ? 'luck-adjusted' : 'raw'));
      if (!row) continue;
      const d = fixedDelta(p.fixed);
      expect(Number(row.delta)).toBeCloseTo(d, 6);
      expect(d).toBeGreaterThan(0);
      const sprt = join(ROOT, p.dir, 'sprt.csv');
      if (existsSync(sprt)) expect(Number(parseCsv(readFileSync(sprt, 'utf8'))[0]!.delta)).toBeCloseTo(d, 6);
    }
  });

  it('takes each fixed interval from the file it cites, in the one-seat unit', () => {
    const cross = parseCsv(readFileSync(join(ROOT, 'results', 'tuned-plans', 'cross-play.csv'), 'utf8'));
    const search = csvRows(readFileSync(join(ROOT, 'results', 'search-vs-harr', 'summary.csv'), 'utf8'));
    for (const p of PAIRS) {
      const m = /^results\/tuned-plans\/cross-play.csv \(([^,]+), ([^,]+), seed 1/.exec(p.fixedFrom);
      const src = m
        ? cross.find((r) => r.strategy === m[1] && r.evaluated_under === m[2] && r.plan_tuned_under === m[2] && r.seed === '1')!
        : search.find((r) => r.rules === p.rules && r.budget === '256' && r.table === 'harr,harr,harr')!;
      const [mean, low, high] = m ? [src.mean_net, src.ci_low, src.ci_high] : [src.search_mean_net, src.ci_low, src.ci_high];
      expect([p.fixed.mean, p.fixed.low, p.fixed.high]).toEqual([Number(mean), Number(low), Number(high)]);
    }
  });

  it('has a luck-adjusted row for each tuned pair, decided by `sprt --adjust` on walls no other run plays, as its replay decides', () => {
    const rows = csvOf('sequential.csv');
    for (const p of ADJUSTED_PAIRS) {
      const row = rows.find((r) => r.pair === p.pair && r.test === 'luck-adjusted')!;
      expect(row.run).toBe(p.dir);
      const sprt = parseCsv(readFileSync(join(ROOT, p.dir, 'sprt.csv'), 'utf8'))[0]!;
      expect(sprt.outcomes).toBe('luck-adjusted');
      expect(row.verdict).toBe(sprt.verdict);
      expect(Number(row.hands_sequential)).toBe(Number(sprt.hands));
      const manifest = JSON.parse(readFileSync(join(ROOT, p.dir, 'manifest.json'), 'utf8')) as { command: string; identity: { seed: number } };
      expect(manifest.identity.seed).toBe(2712);
      expect(manifest.command).toContain('--adjust');
    }
    // The raw runs play other walls (seed 4).
    for (const p of PAIRS) if (existsSync(join(ROOT, p.dir, 'manifest.json'))) expect(JSON.parse(readFileSync(join(ROOT, p.dir, 'manifest.json'), 'utf8')).identity.seed).not.toBe(2712);
  });

  it("adjusts each sequential run with its own luck.bin format, the adjusted mean inside the raw interval", () => {
    for (const p of [...PAIRS, ...ADJUSTED_PAIRS]) {
      const sprt = join(ROOT, p.dir, 'sprt.csv');
      if (!existsSync(sprt)) continue;
      const r = parseCsv(readFileSync(sprt, 'utf8'))[0]!;
      expect(Number(r.mean_net_adjusted)).toBeGreaterThanOrEqual(Number(r.ci_low));
      expect(Number(r.mean_net_adjusted)).toBeLessThanOrEqual(Number(r.ci_high));
      // Re-played with format 3 (nine channels, the value table's among them): the committed table's narrowing is
      // measured on it.
      expect(luckFormatOf(join(ROOT, p.dir))?.version).toBe(3);
    }
  });
});

describe("the README's league", () => {
  it('quotes the committed league under harr-limit, board for board, and the command that made it', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Ranking many strategies: the league'));
    const quoted = /```text\n([^]*?)```/.exec(section)![1]!;
    const committed = /```text\n([^]*?)```/.exec(readFileSync(join(LEAGUE, 'harr-limit', 'README.md'), 'utf8'))![1]!;
    expect(quoted).toBe(committed);
    const command = /```sh\n(node bin\/mjlab\.js league [^\n]*)\n```/.exec(section)![1]!;
    const manifest = JSON.parse(readFileSync(join(LEAGUE, 'harr-limit', 'manifest.json'), 'utf8')) as { reproduce: string };
    expect(`${command} --seed 1`).toBe(manifest.reproduce);
  });
});
