/**
 * Brute-force shanten by definition (docs/rules.md "Complete hand": sets and a pair): fewest tiles to add so that the
 * concealed tiles contain a complete form, minus one. Independent of the table method: it enumerates target forms
 * directly. Sets sharing no kind with the hand all cost 3 and a non-shared pair costs 2, so only sets and pairs
 * touching the hand are enumerated.
 */
import { KINDS } from '../../src/tiles/index.js';
import type { Counts } from '../../src/tiles/index.js';

type SetDef = readonly number[];

function allSets(): SetDef[] {
  const out: SetDef[] = [];
  for (let t = 0; t < KINDS; t++) out.push([t, t, t]);
  for (let t = 0; t < 27; t++) if (t % 9 <= 6) out.push([t, t + 1, t + 2]);
  return out;
}
const SETS = allSets();

export function refShanten(h: Counts, melds: number): number {
  const need = 4 - melds;
  const touching = SETS.filter((s) => s.some((k) => h[k]! > 0));
  const target = new Array<number>(KINDS).fill(0);
  let best = Infinity;
  let cost = 0; // sum over kinds of max(0, target - held), kept incrementally
  const add = (k: number, n: number): void => {
    for (let i = 0; i < n; i++) {
      if (target[k]! >= h[k]!) cost++;
      target[k]!++;
    }
  };
  const remove = (k: number, n: number): void => {
    for (let i = 0; i < n; i++) {
      target[k]!--;
      if (target[k]! >= h[k]!) cost--;
    }
  };
  const rec = (from: number, left: number): void => {
    if (cost >= best) return; // adding sets never lowers the cost
    if (target.every((x) => x <= 4)) {
      // Remaining sets generic (3 each); then the pair: generic (2) or a held kind.
      let pairBest = cost + 3 * left + 2;
      for (let k = 0; k < KINDS; k++) {
        if (h[k]! === 0 || target[k]! > 2) continue;
        add(k, 2);
        pairBest = Math.min(pairBest, cost + 3 * left);
        remove(k, 2);
      }
      best = Math.min(best, pairBest);
    }
    if (left === 0) return;
    for (let i = from; i < touching.length; i++) {
      for (const k of touching[i]!) add(k, 1);
      rec(i, left - 1);
      for (const k of touching[i]!) remove(k, 1);
    }
  };
  rec(0, need);
  return best - 1;
}

export function refWaits(h: Counts, melds: number): number[] {
  if (refShanten(h, melds) !== 0) return [];
  const out: number[] = [];
  for (let t = 0; t < KINDS; t++) {
    if (h[t]! >= 4) continue;
    h[t]!++;
    if (refShanten(h, melds) === -1) out.push(t);
    h[t]!--;
  }
  return out;
}
