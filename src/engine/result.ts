/**
 * End of a hand: every seat's hand scored with scoreHand() (the winner with ctx.win set, losers with win null; a
 * drawn hand scores all seats in code500's dead round and nobody elsewhere — RULES.md "Drawn hand"), then settle()
 * with East double, the limit and harr-limit's penalty payer; washing payments (no double for East) are added to
 * the nets.
 */
import type { Seat } from '../agent/types.js';
import { scoreHand, scoreSummary, scoreValue, settle, type ScoreContext, type ScoreLine, type ScoreResult } from '../scoring/index.js';
import { formatHand, type HandSpec } from '../tiles/index.js';
import type { HandEvent } from '../record/events.js';
import type { HandEnd } from './hand.js';
import { type HandState, bonusOf, concealedOf, meldsOf } from './state.js';
import type { HandResult } from './types.js';

function specOf(s: HandState, seat: Seat, winning: number | null): HandSpec {
  const concealed = concealedOf(s, seat);
  if (winning !== null) concealed.splice(concealed.indexOf(winning), 1);
  return { concealed, melds: meldsOf(s, seat), bonus: bonusOf(s, seat), winning };
}

function turnsOf(s: HandState): number[] {
  const out: number[] = [];
  for (let seat = 0; seat < s.players; seat++) out.push(s.turnsBySeat[seat]!);
  return out;
}

export function handResult(
  s: HandState,
  end: HandEnd,
  handIndex: number,
  events: HandEvent[] | null,
): HandResult {
  const p = s.players;
  const scores = new Array<number>(p).fill(0);
  // Lines and specs are kept only for a recorded hand (the fast path allocates neither).
  const results: (ScoreResult | null)[] | null = events !== null ? new Array<ScoreResult | null>(p).fill(null) : null;
  let winnerResult: Pick<ScoreResult, 'score' | 'limit' | 'pattern'> | null = null;
  const specs: (HandSpec | null)[] | null = events !== null ? new Array<HandSpec | null>(p).fill(null) : null;
  const scoring = end.winner !== null || s.rules.scoreDrawnHand;
  if (scoring) {
    for (let seat = 0; seat < p; seat++) {
      const isWinner = seat === end.winner;
      const spec = specOf(s, seat, isWinner ? end.winTile : null);
      const win = isWinner && end.winBy !== 'none' ? end.winBy : null;
      const ctx: ScoreContext = {
        seatWind: s.seatWind[seat]!,
        prevailingWind: s.rules.prevailingWind ? s.prevailing : null,
        win,
        lastTile: isWinner && end.lastTile,
        lastOfKind: isWinner && end.lastOfKind,
        firstTurn: isWinner && end.firstTurn,
        limit: s.limit,
      };
      if (results === null || specs === null) {
        // Fast path: no lines are wanted. The same scorer readings (score.ts), without building the book lines.
        if (isWinner) {
          // The engine let this hand go out only after isWinningHand (hand.ts wins / winsWith): not asked again.
          winnerResult = scoreSummary(s.rules, spec, ctx, true);
          scores[seat] = winnerResult.score;
        } else scores[seat] = scoreValue(s.rules, spec, ctx);
        continue;
      }
      const r = scoreHand(s.rules, spec, ctx);
      scores[seat] = r.score;
      results[seat] = r;
      specs[seat] = spec;
      if (isWinner) winnerResult = r;
    }
  }
  const nets = scoring
    ? settle(s.rules, { winner: end.winner, scores, east: s.dealer, limit: s.limit, payer: end.penaltyPayer })
    : new Array<number>(p).fill(0);
  for (const w of end.washes) {
    for (let seat = 0; seat < p; seat++) nets[seat]! += seat === w.seat ? w.payment * (p - 1) : -w.payment;
  }
  if (events !== null && results !== null && specs !== null) {
    for (let seat = 0; seat < p; seat++) {
      const r = results[seat];
      const spec = specs[seat];
      if (!r || !spec) continue;
      events.push({ e: 'score', seat, hand: formatHand(spec), score: r.score, lines: r.lines.map((l: ScoreLine) => ({ ...l })) });
    }
    events.push({ e: 'settle', nets: nets.slice(), payer: end.penaltyPayer });
  }
  const result: HandResult = {
    hand: handIndex,
    dealer: s.dealer,
    prevailingWind: s.rules.prevailingWind ? s.prevailing : null,
    winner: end.winner,
    winBy: end.winBy,
    discarder: end.discarder,
    turns: s.discardCount,
    turnsBySeat: turnsOf(s),
    scores,
    nets,
    winnerScore: winnerResult ? winnerResult.score : null,
    winnerPattern: winnerResult ? winnerResult.pattern : null,
    limitHit: winnerResult ? winnerResult.limit : false,
    penaltyPayer: end.penaltyPayer,
    washes: end.washes,
  };
  if (results !== null) return { ...result, lines: results.map((r) => (r ? r.lines : [])) };
  return result;
}
