/**
 * How near to complete the other players' hands are, by what the table shows of them (docs/strategies.md, "The search
 * agent": the opponent model of search's sampled worlds). Four `harr` play hands under every rule set; at every turn
 * each other seat's concealed hand is measured (shanten, with its declared sets) and filed by its declared sets and its
 * discards so far. The median of each cell is what strategies/opponent-model.ts holds (regenerate:
 * `node dist/experiments/fits/opponent-model.js`; test/strategies/opponent-model.test.ts checks the committed table
 * against this). A uniformly dealt world gives opponents far worse hands than real ones (late in a hand, median 2.5
 * shanten against 0-1), so a search in such worlds underrates the danger of every discard.
 */
import { pathToFileURL } from 'node:url';
import { shanten } from '../../src/hand/index.js';
import { RULESET_IDS } from '../../src/rules/index.js';
import { MAX_TURNS } from '../../src/infer/opponent-model.js';
import { selfPlay } from '../self-play.js';

/** What the committed table was made from. */
export const MODEL_HANDS = 400;
export const MODEL_SEED = 15;

/** Median shanten of another seat's hand by [declared sets][discards, capped at MAX_TURNS]; -9 where too few seen. */
export function opponentShantenMedians(hands = MODEL_HANDS, seed = MODEL_SEED): number[][] {
  const cells: number[][][] = Array.from({ length: 5 }, () => Array.from({ length: MAX_TURNS + 1 }, () => []));
  for (const id of RULESET_IDS) {
    selfPlay(id, hands, seed, (s) => {
      if (s.flow.phase !== 'turn') return;
      for (let p = 0; p < 4; p++) {
        if (p === s.flow.seat) continue;
        const m = s.pub.meldCount[p]!;
        cells[m]![Math.min(s.pub.turnsBySeat[p]!, MAX_TURNS)]!.push(shanten(s.priv.hand.slice(p * 34, p * 34 + 34), m));
      }
    });
  }
  return cells.map((row) =>
    row.map((xs) => {
      if (xs.length < 20) return -9;
      xs.sort((a, b) => a - b);
      return xs[Math.floor(xs.length / 2)]!;
    }),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const t = opponentShantenMedians();
  console.log(`export const MEDIAN_SHANTEN: readonly (readonly number[])[] = [\n${t.map((r) => `  [${r.join(', ')}],`).join('\n')}\n];`);
}
