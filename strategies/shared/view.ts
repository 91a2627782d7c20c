/**
 * What the built-in strategies read of their AgentView: their own hand as counts, the legal action of a type,
 * the live counts of the tiles, and the pass.
 */
import type { Action, AgentView } from '../../src/agent/types.js';
import { KINDS, type Tile } from '../../src/tiles/tile.js';
import type { Counts } from '../../src/tiles/counts.js';
import { Scratch } from './scratch.js';

/**
 * Own concealed tiles as counts (into `out`), and the number of sets already declared. Every declared set, kong
 * included, takes three places of the 13 (14 on one's turn), so the count follows from the concealed tiles alone
 * without building the table part of the view. Read as counts straight into `out` (view.concealedCounts): building
 * and freezing the `concealed` list at every decision cost more than the rest of this.
 */
export function readHand(view: AgentView, out: Counts): number {
  return Math.floor((14 - view.concealedCounts(out)) / 3);
}

/** The legal action of this type (and tile), if offered. */
export function legalOf(view: AgentView, type: Action['type'], tile?: Tile): Action | undefined {
  for (const a of view.legal) {
    if (a.type !== type) continue;
    if (tile === undefined || (a as { tile?: Tile }).tile === tile) return a;
  }
  return undefined;
}

/**
 * Live counts of the own hand `c` (`view.seen` and `c`), into `s.live`: asked for only when a choice between
 * discards turns on them. The seen counts are read into `s.live` itself (view.seenCounts: no fresh array).
 */
export function liveOf(view: AgentView, s: Scratch, c: Counts): Counts {
  const live = s.live;
  view.seenCounts(live);
  for (let t = 0; t < KINDS; t++) {
    const v = 4 - live[t]! - c[t]!;
    live[t] = v > 0 ? v : 0;
  }
  return live;
}

export const PASS_ACTION: Action = Object.freeze({ type: 'pass' });
