/**
 * The luck adjustment's coefficients from pilot runs (docs/statistics.md, "The luck adjustment (control variates)";
 * src/luck/beta.ts LUCK_BETA): the pooled least-squares slopes of a label's net over a wall set on its relative luck
 * channels (runner/luck-adjust.ts), each label's own means removed (a strategy's strength is not luck), in luck.bin's
 * current format. Pilots must play a seed no committed result plays (9001): coefficients fitted on the walls they
 * adjust would narrow the interval by fitting its noise. Prints the coefficients in LUCK_BETA's integer units and, per
 * pilot, the share of its first label's variance over wall sets they explain.
 *
 *   node dist/experiments/fits/luck-fit.js DIR...
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { LUCK_SCALE, LUCK_SCALES, type LuckFormat } from '../../src/luck/format.js';
import { NETS_FILE } from '../../src/runner/nets-file.js';
import { luckFormatOf } from '../../src/runner/luck-file.js';
import { forEachWall, type NetsCell } from '../../src/runner/wall-sets.js';
import { runLabelsOf } from '../../src/league/read.js';

/** One label's wall sets in one pilot: its net and its relative luck per channel, in points and draws. */
interface Series {
  readonly y: number[];
  readonly x: number[][];
}

function seriesOf(dir: string, format: LuckFormat, players: number, walls: number): Series[] {
  const { labels, seats } = runLabelsOf(dir);
  const cell: NetsCell = { dir, labels, seats };
  const C = format.channels;
  const out = labels.map(() => ({ y: [] as number[], x: [] as number[][] }));
  forEachWall([cell], players, walls, (sums, luck) => {
    const lk = luck[0]!;
    labels.forEach((_, l) => {
      out[l]!.y.push(sums[0]![l]!);
      out[l]!.x.push(Array.from({ length: C }, (__, c) => {
        let table = 0;
        for (let m = 0; m < labels.length; m++) table += lk[m * C + c]!;
        return (players * lk[l * C + c]! - seats[l]! * table) / (players * LUCK_SCALES[c]!);
      }));
    });
  }, C);
  return out;
}

function centred(xs: readonly number[]): number[] {
  const m = xs.reduce((a, b) => a + b, 0) / xs.length;
  return xs.map((x) => x - m);
}

/** Solves A b = y by Gaussian elimination with partial pivoting (A small and symmetric positive definite). */
function solve(a: number[][], y: number[]): number[] {
  const n = y.length;
  const m = a.map((row, i) => [...row, y[i]!]);
  for (let i = 0; i < n; i++) {
    let p = i;
    for (let k = i + 1; k < n; k++) if (Math.abs(m[k]![i]!) > Math.abs(m[p]![i]!)) p = k;
    [m[i], m[p]] = [m[p]!, m[i]!];
    for (let k = 0; k < n; k++) {
      if (k === i) continue;
      const f = m[k]![i]! / m[i]![i]!;
      for (let j = i; j <= n; j++) m[k]![j]! -= f * m[i]![j]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

export function fitLuck(dirs: readonly string[], players = 4): { beta: number[]; units: number[]; explained: { dir: string; share: number }[] } {
  const formats = dirs.map((d) => luckFormatOf(d));
  const format = formats[0];
  if (!format || formats.some((f) => f?.version !== format.version)) throw new Error('luck-fit: every pilot needs a luck.bin of one format');
  const series = dirs.map((d) => seriesOf(d, format, players, wallSets(d, players)));
  const C = format.channels;
  const xtx = Array.from({ length: C }, () => new Array<number>(C).fill(0));
  const xty = new Array<number>(C).fill(0);
  for (const s of series.flat()) {
    const y = centred(s.y);
    const cols = Array.from({ length: C }, (_, c) => centred(s.x.map((r) => r[c]!)));
    for (let w = 0; w < y.length; w++) {
      for (let a = 0; a < C; a++) {
        xty[a]! += cols[a]![w]! * y[w]!;
        for (let b = 0; b < C; b++) xtx[a]![b]! += cols[a]![w]! * cols[b]![w]!;
      }
    }
  }
  const beta = solve(xtx, xty);
  const variance = (xs: readonly number[]) => xs.reduce((a, x) => a + x * x, 0) / (xs.length - 1);
  const explained = series.map((s, i) => {
    const first = s[0]!;
    const raw = centred(first.y);
    const adj = centred(first.y.map((v, w) => v - first.x[w]!.reduce((a, x, c) => a + beta[c]! * x, 0)));
    return { dir: dirs[i]!, share: 1 - variance(adj) / variance(raw) };
  });
  // LUCK_BETA's unit: adjusted units (1/(players·LUCK_SCALE) of a point) per stored unit of the channel.
  return { beta, units: beta.map((b, c) => Math.round((b * LUCK_SCALE) / LUCK_SCALES[c]!)), explained };
}

/** Wall sets a run holds (its nets.bin records over the players of a wall set). */
function wallSets(dir: string, players: number): number {
  return Math.floor(statSync(join(dir, NETS_FILE)).size / (4 * runLabelsOf(dir).labels.length * players));
}

if (process.argv[1]?.endsWith('luck-fit.js')) {
  const r = fitLuck(process.argv.slice(2));
  process.stdout.write(`[${r.units.join(', ')}]\n`);
  for (const e of r.explained) process.stdout.write(`${e.dir}: ${(100 * e.share).toFixed(1)}% of the first label's variance over wall sets\n`);
}
