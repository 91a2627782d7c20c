/**
 * A cheating plug-in gains nothing (docs/strategies.md, "What a world holds"): fixtures/peek.mjs plays `harr` but tries, through every
 * object a strategy is given (the view's prototype, a sampled world's properties, a forged world offered as `into`
 * to sampleWorld and to copy), to learn the other hands, and then never discards into one. On the same walls
 * (--duplicate: it sits in every seat in turn) every hand must come out exactly as with `harr` in its place: the
 * same winners, discarders and nets, so the same deal-in rate and net. Before the fix it dealt in 0 times in 400
 * babcock hands against harr's 19%.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../runner/helpers.js';
import { mjlabIn } from '../helpers/cli.js';

const PEEK = join(import.meta.dirname, 'fixtures', 'peek.mjs');

/** games.csv with the labels taken out: what happened in each hand, seat by seat. */
function outcomes(dir: string): string[] {
  const [head, ...rows] = readFileSync(join(dir, 'games.csv'), 'utf8').trim().split('\n');
  const cols = head!.split(',');
  const keep = cols.map((c, i) => (c.endsWith('_strategy') ? -1 : i)).filter((i) => i >= 0);
  return rows.map((r) => {
    const f = r.split(',');
    return keep.map((i) => f[i]).join(',');
  });
}

function summaryRow(dir: string, label: string): Record<string, string> {
  const [head, ...rows] = readFileSync(join(dir, 'summary.csv'), 'utf8').trim().split('\n');
  const cols = head!.split(',');
  const row = rows.map((r) => r.split(',')).find((f) => f[0] === label || f[0]!.endsWith(`/${label}`))!;
  return Object.fromEntries(cols.map((c, i) => [c, row[i]!]));
}

describe('a cheating plug-in', () => {
  for (const [rules, games] of [
    ['babcock', 400],
    ['code500', 200],
  ] as const) {
    it(`plays every hand exactly as harr does on the same walls (${rules}, ${games} hands, --duplicate)`, async () => {
      const dir = tempDir('peek');
      const run = async (name: string, lineup: string) => {
        const out = join(dir, name);
        const r = await mjlabIn(['simulate', '--rules', rules, '--strategies', lineup, '--duplicate', '--games', String(games), '--seed', '3', '--games-csv', '--workers', '1', '--no-progress', '--out', out]);
        expect(r.stderr).toBe('');
        expect(r.status).toBe(0);
        return out;
      };
      const cheat = await run('peek', `${PEEK},harr,harr,harr`);
      const fair = await run('harr', 'harr,harr,harr,harr');
      expect(outcomes(cheat)).toEqual(outcomes(fair));
      const p = summaryRow(cheat, 'peek');
      const h = summaryRow(fair, 'harr');
      expect(p['deal_in_rate']).toBe(h['deal_in_rate']);
      expect(p['win_rate']).toBe(h['win_rate']);
      expect(p['mean_net']).toBe(h['mean_net']);
      expect(Number(p['deal_ins'])).toBeGreaterThan(0);
    });
  }
});
