/**
 * How near to complete the other players' hands are, by what the table shows of them (issue 15: the opponent model of
 * search's sampled worlds). Four `harr` play hands under every rule set; at every turn each other seat's concealed hand
 * is measured (shanten, with its declared sets) and filed by its declared sets and its discards so far. The median of
 * each cell is what strategies/opponent-model.ts holds (regenerate: `node dist/src/game/opponent-model.js`;
 * test/strategies/opponent-model.test.ts checks the committed table against this). A uniformly dealt world gives
 * opponents far worse hands than real ones (late in a hand, median 2.5 shanten against 0-1), so a search in such
 * worlds underrates the danger of every discard.
 */
import { pathToFileURL } from 'node:url';
import { applyParams } from '../agent/params.js';
import { seededWalls } from '../engine/chance.js';
import { createHandState } from '../engine/state.js';
import { apply, startHand } from '../engine/step.js';
import { shanten } from '../hand/index.js';
import { makeStream } from '../rng/streams.js';
import { RULESET_IDS, ruleSet } from '../rules/index.js';
import { viewFor } from '../view/view.js';
import { harr } from '../../strategies/harr.js';
import { MAX_TURNS } from '../../strategies/opponent-model.js';

/** What the committed table was made from. */
export const MODEL_HANDS = 400;
export const MODEL_SEED = 15;

/** Median shanten of another seat's hand by [declared sets][discards, capped at MAX_TURNS]; -9 where too few seen. */
export function opponentShantenMedians(hands = MODEL_HANDS, seed = MODEL_SEED): number[][] {
  const cells: number[][][] = Array.from({ length: 5 }, () => Array.from({ length: MAX_TURNS + 1 }, () => []));
  for (const id of RULESET_IDS) {
    const r = ruleSet(id);
    const params = applyParams(harr, [], 'harr');
    for (let g = 0; g < hands; g++) {
      const s = createHandState(r, r.limit, r.flowers, 4);
      startHand(s, { dealer: g % 4, prevailing: 0, scores: [0, 0, 0, 0], chance: seededWalls((w) => makeStream(seed, g, `${id}:wall:${w}`)) });
      const agents = [0, 1, 2, 3].map((seat) => harr.create({ seat, players: 4, rules: r, rng: makeStream(seed, g, `seat:${seat}`), params }));
      while (s.flow.phase !== 'over') {
        const mover = s.flow.seat;
        if (s.flow.phase === 'turn') {
          for (let p = 0; p < 4; p++) {
            if (p === mover) continue;
            const m = s.pub.meldCount[p]!;
            cells[m]![Math.min(s.pub.turnsBySeat[p]!, MAX_TURNS)]!.push(shanten(s.priv.hand.slice(p * 34, p * 34 + 34), m));
          }
        }
        apply(s, agents[mover]!.act(viewFor(s, mover)));
      }
    }
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
