/**
 * What each kind of belief predicts at one decision, and how it is scored against the truth (docs/belief.md,
 * "Prediction quality"). Every method gives the same three things for the mover's view: each other seat's expected
 * concealed count of each kind, each other seat's chance of being one tile from complete, and each kind's danger
 * (the chance that discarding it lets another seat go Mah-Jongg on it). Sampled worlds (uniform, or the inference's)
 * give them as shares of the worlds, exactly as results/inference-prediction measures them; the learned belief gives
 * them from its heads (src/belief/net.ts), from the view's features alone.
 */
import type { AgentView, HandGuide, World } from '../../src/agent/types.js';
import { OTHERS, otherSeat } from '../../src/belief/features.js';
import { dangerFrom } from '../../src/belief/danger.js';
import { COUNTS, beliefPredict } from '../../src/belief/predict.js';
import type { BeliefModel } from '../../src/belief/model-file.js';
import { mayClaimMahjong } from '../../src/engine/legal.js';
import { unseenTiles } from '../../src/engine/sample.js';
import type { HandState } from '../../src/engine/state.js';
import { shanten } from '../../src/hand/index.js';
import type { Rng } from '../../src/rng/streams.js';
import { KINDS } from '../../src/tiles/tile.js';
import { worldStateCopy } from '../../src/view/world.js';

/** One method's prediction at one decision, indexed by absolute seat. */
export interface Prediction {
  /** 4 × 34: each seat's expected concealed count of each kind (the mover's own row is not read). */
  readonly mean: Float64Array;
  /** 4: P(the seat is one tile from complete). */
  readonly ready: Float64Array;
  /** 34: P(a discard of the kind lets another seat go Mah-Jongg on it). */
  readonly danger: Float64Array;
}

function emptyPrediction(): Prediction {
  return { mean: new Float64Array(4 * KINDS), ready: new Float64Array(4), danger: new Float64Array(KINDS) };
}

/** The shares of `worlds` worlds drawn from `view` (with `guide`, or uniformly without one). */
export function worldsPrediction(view: AgentView, rng: Rng, worlds: number, guide: HandGuide | undefined): Prediction {
  const seat = view.seat;
  const out = emptyPrediction();
  let w: World | undefined;
  const states: HandState[] = [];
  for (let i = 0; i < worlds; i++) {
    w = view.sampleWorld(rng, w, guide);
    states.push(worldStateCopy(w));
  }
  for (const ws of states) {
    for (let q = 0; q < 4; q++) {
      if (q === seat) continue;
      const h = ws.priv.hand.subarray(q * KINDS, q * KINDS + KINDS);
      for (let t = 0; t < KINDS; t++) out.mean[q * KINDS + t]! += h[t]! / worlds;
      if (shanten(h, ws.pub.meldCount[q]!) <= 0) out.ready[q]! += 1 / worlds;
    }
    for (let t = 0; t < KINDS; t++) {
      for (let q = (seat + 1) % 4; q !== seat; q = (q + 1) % 4) {
        if (mayClaimMahjong(ws, q, t, q === (seat + 1) % 4)) {
          out.danger[t]! += 1 / worlds;
          break;
        }
      }
    }
  }
  return out;
}

/**
 * The learned belief's prediction from `view`: each seat's expected counts (Σ c·P(c), scaled to the hand's size),
 * its readiness head, and each kind's danger 1 − Π_k (1 − P(seat k wins on it)) (the seats taken as independent).
 */
export function beliefPrediction(model: BeliefModel, view: AgentView): Prediction {
  const p = beliefPredict(model, view);
  const out = emptyPrediction();
  for (let k = 1; k <= OTHERS; k++) {
    const q = otherSeat(view.seat, k, view.players);
    const size = view.table[q]!.concealedCount;
    let total = 0;
    for (let t = 0; t < KINDS; t++) {
      const o = (k - 1) * KINDS + t;
      let m = 0;
      for (let c = 1; c < COUNTS; c++) m += c * p.countP[o * COUNTS + c]!;
      out.mean[q * KINDS + t] = m;
      total += m;
    }
    for (let t = 0; t < KINDS; t++) out.mean[q * KINDS + t] = total > 0 ? (out.mean[q * KINDS + t]! * size) / total : 0;
    out.ready[q] = p.readyP[k - 1]!;
  }
  out.danger.set(dangerFrom(p));
  return out;
}

/** What a prediction is scored against, read from the true state beside the view (scoring only). */
export interface Truth {
  readonly seat: number;
  /** 0 early (live wall above 50), 1 middle (25 to 50), 2 late (below 25). */
  readonly stage: number;
  /** The hand (game index) the decision is from: the unit resampled for the intervals. */
  readonly game: number;
  /** 4 × 34: every seat's true concealed counts. */
  readonly hand: Uint8Array;
  /** 34: the tiles of each kind the mover cannot see (the engine's count, flowers aside). */
  readonly unseen: Float64Array;
  /** 4: 1 where the seat is truly one tile from complete. */
  readonly ready: Uint8Array;
  /** The kinds the mover holds (the discards it could make), each with 1 where discarding it truly loses. */
  readonly discards: readonly { readonly kind: number; readonly y: number }[];
}

export function stageOf(wall: number): number {
  return wall > 50 ? 0 : wall >= 25 ? 1 : 2;
}

export function truthOf(s: HandState, seat: number, wall: number, game: number): Truth {
  const pool = new Uint8Array(144);
  const n = unseenTiles(s, seat, pool);
  const unseen = new Float64Array(KINDS);
  for (let i = 0; i < n; i++) if (pool[i]! < KINDS) unseen[pool[i]!]!++;
  const ready = new Uint8Array(4);
  for (let q = 0; q < 4; q++) if (q !== seat && shanten(s.priv.hand.subarray(q * KINDS, q * KINDS + KINDS), s.pub.meldCount[q]!) <= 0) ready[q] = 1;
  const discards: { kind: number; y: number }[] = [];
  for (let t = 0; t < KINDS; t++) {
    if (s.priv.hand[seat * KINDS + t] === 0) continue;
    let y = 0;
    for (let q = (seat + 1) % 4; q !== seat; q = (q + 1) % 4) if (mayClaimMahjong(s, q, t, q === (seat + 1) % 4)) y = 1;
    discards.push({ kind: t, y });
  }
  return { seat, stage: stageOf(wall), game, hand: Uint8Array.from(s.priv.hand.subarray(0, 4 * KINDS)), unseen, ready, discards };
}
