/**
 * Scoring benchmark: hands scored per second (the runner scores every hand it plays). A fixed set of
 * seeded random complete hands is scored with the lean path and with full book-style lines; each figure is the
 * median of several timed runs. Randomness comes from the project's streams only.
 */
import { performance } from 'node:perf_hooks';
import { makeStream, shuffleInPlace } from '../rng/streams.js';
import { RULESET_IDS, ruleSet } from '../rules/index.js';
import type { HandSpec, Meld } from '../tiles/index.js';
import { scoreHand, scoreValue, isWinningHand, type ScoreContext, type WinBy } from '../scoring/index.js';
import { median } from 'simple-statistics';

const WIN_BY: readonly WinBy[] = ['discard', 'self-draw', 'loose-tile', 'robbing-kong'];

/** Deal random complete hands: four sets and a pair from a shuffled supply, some laid down. */
function sampleHands(n: number): { hand: HandSpec; ctx: ScoreContext; rules: string }[] {
  const rng = makeStream(20240601, 0, 'bench-scoring');
  const out: { hand: HandSpec; ctx: ScoreContext; rules: string }[] = [];
  const kinds = Array.from({ length: 34 }, (_, i) => i);
  while (out.length < n) {
    const count = new Uint8Array(34);
    const concealed: number[] = [];
    const melds: Meld[] = [];
    let ok = true;
    for (let s = 0; s < 4 && ok; s++) {
      shuffleInPlace(kinds, rng);
      const t = kinds[0]!;
      const r = rng.next();
      if (r < 0.5 && t < 27 && t % 9 <= 6) {
        for (let i = 0; i < 3; i++) count[t + i]!++;
        if (rng.next() < 0.3) melds.push({ type: 'chow', tile: t, concealed: false });
        else concealed.push(t, t + 1, t + 2);
      } else if (r < 0.9) {
        count[t]! += 3;
        if (rng.next() < 0.4) melds.push({ type: 'pung', tile: t, concealed: false });
        else concealed.push(t, t, t);
      } else {
        count[t]! += 4;
        melds.push({ type: 'kong', tile: t, concealed: rng.next() < 0.5 });
      }
    }
    shuffleInPlace(kinds, rng);
    const pair = kinds[0]!;
    count[pair]! += 2;
    concealed.push(pair, pair);
    for (let t = 0; t < 34; t++) if (count[t]! > 4) ok = false;
    if (!ok) continue;
    const w = concealed.splice(rng.int(concealed.length), 1)[0]!;
    const rules = RULESET_IDS[out.length % RULESET_IDS.length]!;
    const rs = ruleSet(rules);
    const hand: HandSpec = { concealed, melds, bonus: [], winning: w };
    if (!isWinningHand(rs, hand)) continue;
    const ctx: ScoreContext = {
      seatWind: rng.int(4),
      prevailingWind: rs.prevailingWind ? rng.int(4) : null,
      win: WIN_BY[rng.int(4)]!,
      lastTile: false,
      firstTurn: false,
      limit: rs.limit,
    };
    out.push({ hand, ctx, rules });
    // Every winning hand comes with three losing hands at the table: score one as a loser too.
    const loser: HandSpec = { concealed: concealed.slice(0, 13 - 3 * melds.length), melds, bonus: [], winning: null };
    out.push({ hand: loser, ctx: { ...ctx, win: null }, rules });
  }
  return out;
}

function rate(samples: ReturnType<typeof sampleHands>, full: boolean, runs: number): number {
  const rates: number[] = [];
  let sink = 0;
  for (let r = 0; r < runs; r++) {
    const t0 = performance.now();
    for (const s of samples) {
      const rs = ruleSet(s.rules);
      sink += full ? scoreHand(rs, s.hand, s.ctx).score : scoreValue(rs, s.hand, s.ctx);
    }
    const ms = performance.now() - t0;
    rates.push((samples.length / ms) * 1000);
  }
  if (sink < 0) throw new Error('unreachable');
  return Math.round(median(rates));
}

/** Hands scored per second (median of several runs): lean score only, and full lines. */
export async function benchScoring(): Promise<Record<string, number>> {
  const samples = sampleHands(4000);
  rate(samples, false, 1); // warm-up
  return {
    'scoring.hands_per_sec': rate(samples, false, 5),
    'scoring.hands_per_sec_with_lines': rate(samples, true, 5),
  };
}
