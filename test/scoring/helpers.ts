/** Test helpers: score a hand written in notation, as the CLI does. */
import { parseHand } from '../../src/tiles/index.js';
import { ruleSet } from '../../src/rules/index.js';
import { scoreHand, type ScoreContext, type ScoreResult, type WinBy } from '../../src/scoring/index.js';

export interface Opts {
  seat?: number;
  round?: number | null;
  win?: WinBy;
  lastTile?: boolean;
  firstTurn?: boolean;
  /** undefined: the rule set's default limit; null: none. */
  limit?: number | null;
  lastOfKind?: boolean;
}

export function ctxOf(rules: string, o: Opts = {}, winner = true): ScoreContext {
  const r = ruleSet(rules);
  return {
    seatWind: o.seat ?? 0,
    prevailingWind: o.round ?? (r.prevailingWind ? 0 : null),
    win: winner ? (o.win ?? 'discard') : null,
    lastTile: o.lastTile ?? false,
    firstTurn: o.firstTurn ?? false,
    limit: o.limit === undefined ? r.limit : o.limit,
    lastOfKind: o.lastOfKind ?? false,
  };
}

export function score(rules: string, hand: string, o: Opts = {}): ScoreResult {
  const h = parseHand(hand);
  return scoreHand(ruleSet(rules), h, ctxOf(rules, o, h.winning !== null));
}

/** "label=points" / "label x doubles" summary, for readable failures. */
export function summary(r: ScoreResult): string[] {
  return r.lines.map((l) => (l.doubles !== undefined ? `${l.label} x${l.doubles}` : `${l.label}=${l.points ?? ''}`));
}

export const E = 0;
export const S = 1;
export const W = 2;
export const N = 3;
