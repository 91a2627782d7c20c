/**
 * Hand-analysis benchmark (calls per second of the table-driven analyser): the one-off
 * table set-up (the first query of the process, which reads the build's file, src/hand/table-file.ts), the same
 * tables built without the file (what a process without it, or with a stale one, pays), shanten calls per second on seeded random 14-tile hands, "shanten
 * after each discard" queries through HandAnalyser, and "discard t, then draw u" queries (selectDiscard /
 * afterDraw, the strategies' "tiles that help") as the strategies use them, and the same question answered by
 * suit-vector masks (drawMasks once per hand, then critical per discard and suit: one bit test per draw of
 * another suit, as strategies/shared/ drawsHelping does). Each rate is the median of several timed runs; hands
 * come from the project's streams only.
 */
import { performance } from 'node:perf_hooks';
import { makeStream, shuffleInPlace } from '../rng/streams.js';
import { HandAnalyser, shanten } from '../hand/shanten.js';
import { buildHandTable } from '../hand/table.js';
import { buildSuitGood } from '../hand/suit-shapes.js';
import { KINDS } from '../tiles/tile.js';
import { median } from 'simple-statistics';

const HANDS = 20_000;
const RUNS = 5;

function sampleHands(n: number): Uint8Array[] {
  const rng = makeStream(20240601, 0, 'bench-hand');
  const wall: number[] = [];
  for (let t = 0; t < KINDS; t++) for (let k = 0; k < 4; k++) wall.push(t);
  const out: Uint8Array[] = [];
  for (let i = 0; i < n; i++) {
    shuffleInPlace(wall, rng);
    const c = new Uint8Array(KINDS);
    for (let j = 0; j < 14; j++) c[wall[j]!]!++;
    out.push(c);
  }
  return out;
}

export async function benchHand(): Promise<Record<string, number>> {
  const hands = sampleHands(HANDS);
  let sink = 0;
  const t0 = performance.now();
  sink += shanten(hands[0]!, 0);
  const first = performance.now() - t0;
  const builds: number[] = [];
  for (let r = 0; r < 3; r++) {
    const b0 = performance.now();
    sink += buildHandTable()[0]! + buildSuitGood()[0]!;
    builds.push(performance.now() - b0);
  }
  const warm: number[] = [];
  const discards: number[] = [];
  const draws: number[] = [];
  const masked: number[] = [];
  const kinds = new Uint8Array(KINDS);
  const masks = new Uint16Array(KINDS);
  const a = new HandAnalyser();
  for (let r = 0; r < RUNS; r++) {
    let t = performance.now();
    for (const c of hands) sink += shanten(c, 0);
    warm.push(HANDS / ((performance.now() - t) / 1000));
    t = performance.now();
    let calls = 0;
    for (const c of hands) {
      a.load(c, 0);
      for (let k = 0; k < KINDS; k++) {
        if (c[k] === 0) continue;
        sink += a.shantenWith(k, -1);
        calls++;
      }
    }
    discards.push(calls / ((performance.now() - t) / 1000));
    t = performance.now();
    calls = 0;
    for (const c of hands) {
      a.load(c, 0);
      for (let k = 0; k < KINDS; k++) {
        if (c[k] === 0) continue;
        a.selectDiscard(k);
        for (let u = 0; u < KINDS; u++) {
          if (c[u]! - (u === k ? 1 : 0) >= 4) continue;
          sink += a.afterDraw(u);
          calls++;
        }
      }
    }
    draws.push(calls / ((performance.now() - t) / 1000));
    // The same "discard t, then draw u" answers (does u lower the shanten?): table reads for u of t's suit,
    // a mask test for the others.
    t = performance.now();
    calls = 0;
    for (const c of hands) {
      a.load(c, 0);
      let n = 0;
      for (let u = 0; u < KINDS; u++) if (c[u]! < 4) kinds[n++] = u;
      a.drawMasks(kinds, n, masks);
      for (let k = 0; k < KINDS; k++) {
        if (c[k] === 0) continue;
        a.selectDiscard(k);
        const sk = k < 27 ? (k / 9) | 0 : 3;
        const cost = a.afterDiscard() + 1;
        const crit = [0, 1, 2, 3].map((su) => (su === sk ? 0 : a.critical(su, cost)));
        for (let i = 0; i < n; i++) {
          const u = kinds[i]!;
          const su = u < 27 ? (u / 9) | 0 : 3;
          if (su === sk) sink += a.afterDraw(u);
          else sink += masks[i]! & crit[su]!;
          calls++;
        }
      }
    }
    masked.push(calls / ((performance.now() - t) / 1000));
  }
  if (sink === Number.MIN_SAFE_INTEGER) console.log(sink); // keep the work observable
  return {
    'table set-up on first query (ms)': Math.round(first),
    'tables built without the file (ms, median of 3)': Math.round(median(builds)),
    'shanten calls/s (warm)': Math.round(median(warm)),
    'shanten-after-discard queries/s (HandAnalyser)': Math.round(median(discards)),
    'discard-then-draw queries/s (selectDiscard + afterDraw)': Math.round(median(draws)),
    'discard-then-draw queries/s (suit-vector masks)': Math.round(median(masked)),
  };
}
