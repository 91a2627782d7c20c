/**
 * The hand as a state machine (docs/rules.md "Common to all"): start a hand, ask who is to decide and what they may
 * do, apply one decision, and read the end. Everything needed to continue lives in the HandState, so a hand can stop
 * at any decision, be copied (clone.ts) or played on from a sampled world (sample.ts). Chance (the wall) comes from
 * the hand's WallSource (chance.ts), derived from (seed, game, purpose) as everywhere.
 *
 *   const s = createHandState(rules, limit, flowers, players);
 *   startHand(s, { dealer, prevailing, scores, chance });
 *   while (!isOver(s)) apply(s, choose(viewFor(s, toMove(s))));
 *   handResult(s, ...)            // result.ts: scores and settlement
 *
 * A seat is asked only when it has a choice beyond passing: claims are offered only to seats holding a legal claim.
 */
import type { Action, HandPhase } from '../core/action.js';
import type { Seat, Wind } from '../core/seat.js';
import type { WallSource } from './chance.js';
import { applyClaim, applyRob } from './claims.js';
import type { HandState } from './state.js';
import { applyTurn } from './turn.js';
import type { HandEnd } from './types.js';
import { applyWash, dealFrom } from './wash.js';

export interface HandStart {
  readonly dealer: Seat;
  /** The prevailing wind (ignored where the rule set has none). */
  readonly prevailing: Wind | null;
  /** Cumulative scores before the hand (what the views show). */
  readonly scores: readonly number[];
  readonly chance: WallSource;
}

/** A decision the open phase does not allow (or none is open). */
export class IllegalAction extends Error {
  constructor(
    message: string,
    readonly seat: Seat,
    readonly phase: HandPhase,
  ) {
    super(message);
    this.name = 'IllegalAction';
  }
}

/** Deal a new hand on `s` (fully reset: nothing of an earlier hand on the same state survives) up to its first decision. */
export function startHand(s: HandState, h: HandStart): void {
  const pub = s.pub;
  pub.dealer = h.dealer;
  pub.prevailing = h.prevailing;
  for (let seat = 0; seat < s.players; seat++) pub.scores[seat] = h.scores[seat] ?? 0;
  s.hidden.chance = h.chance;
  s.flow.end = null;
  s.flow.wash.washes = [];
  dealFrom(s, 0);
}

/** The seat to decide, or -1 once the hand is over. */
export function toMove(s: HandState): Seat {
  return s.flow.seat;
}

export function phaseOf(s: HandState): HandPhase {
  return s.flow.phase;
}

export function isOver(s: HandState): boolean {
  return s.flow.phase === 'over';
}

/** The open decision's legal actions (a fresh array of the shared, frozen action objects; empty once over). */
export function legalActions(s: HandState): Action[] {
  return s.flow.legal.slice(0, s.flow.n);
}

/** How the hand ended; throws while it is still being played. */
export function handEnd(s: HandState): HandEnd {
  const end = s.flow.end;
  if (end === null) throw new Error('the hand is not over');
  return end;
}

/**
 * The legal action `a` stands for: itself when it is one of the canonical objects (the usual case), else the legal
 * action of the same type and tile; undefined when none.
 */
export function matchLegal(s: HandState, a: Action): Action | undefined {
  const f = s.flow;
  const legal = f.legal;
  for (let i = 0; i < f.n; i++) if (legal[i] === a) return a;
  const t = (a as { type?: unknown } | null)?.type;
  const tile = (a as { tile?: unknown } | null)?.tile;
  for (let i = 0; i < f.n; i++) {
    const l = legal[i]!;
    if (l.type === t && (l as { tile?: number }).tile === tile) return l;
  }
  return undefined;
}

function shown(a: unknown): string {
  try {
    return JSON.stringify(a) ?? String(a);
  } catch {
    return String(a);
  }
}

/**
 * Apply the open decision's answer `a` and play on to the next decision (or the end). A decision the phase does not
 * allow is an IllegalAction naming it, and changes nothing.
 */
export function apply(s: HandState, a: Action): void {
  const f = s.flow;
  const phase = f.phase;
  if (phase === 'over') throw new IllegalAction(`the hand is over; ${shown(a)} cannot be applied`, -1, phase);
  const legal = matchLegal(s, a);
  if (legal === undefined) throw new IllegalAction(`illegal action ${shown(a)} in phase ${phase}`, f.seat, phase);
  f.decision++;
  s.obs.action(s, f.seat, legal);
  if (phase === 'turn') applyTurn(s, legal);
  else if (phase === 'claim') applyClaim(s, legal);
  else if (phase === 'rob') applyRob(s, legal);
  else applyWash(s, legal);
}
