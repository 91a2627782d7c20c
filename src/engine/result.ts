/**
 * End of a hand: every seat's hand scored with scoreHand() (the winner with ctx.win set, losers with win null; a
 * drawn hand scores all seats in code500's dead round and nobody elsewhere — docs/rules.md "Drawn hand"), then settle()
 * with East double, the limit and harr-limit's penalty payer; washing payments (no double for East) are added to
 * the nets.
 */
import type { Seat } from '../core/seat.js';
import { scoreHand, scoreSummary, scoreValue, settle, settleWash, type ScoreContext, type ScoreResult } from '../scoring/index.js';
import { formatHand, type HandSpec } from '../tiles/index.js';
import { type HandState, bonusOf, concealedOf, meldsOf } from './state.js';
import { handEnd } from './step.js';
import type { HandResult } from './types.js';

function specOf(s: HandState, seat: Seat, winning: number | null): HandSpec {
  const concealed = concealedOf(s, seat);
  if (winning !== null) concealed.splice(concealed.indexOf(winning), 1);
  return { concealed, melds: meldsOf(s, seat), bonus: bonusOf(s, seat), winning };
}

function turnsOf(s: HandState): number[] {
  const out: number[] = [];
  for (let seat = 0; seat < s.players; seat++) out.push(s.pub.turnsBySeat[seat]!);
  return out;
}

/**
 * The result of the finished hand on `s` (hand `handIndex` of its game). `detailed`: with every scored seat's
 * book-style lines and hand (records and replays); the fast path builds neither.
 */
export function handResult(s: HandState, handIndex: number, detailed: boolean): HandResult {
  const end = handEnd(s);
  const p = s.players;
  const scores = new Array<number>(p).fill(0);
  const results: (ScoreResult | null)[] | null = detailed ? new Array<ScoreResult | null>(p).fill(null) : null;
  const texts: (string | null)[] | null = detailed ? new Array<string | null>(p).fill(null) : null;
  let winnerResult: Pick<ScoreResult, 'score' | 'limit' | 'pattern'> | null = null;
  const scoring = end.winner !== null || s.rules.scoreDrawnHand;
  if (scoring) {
    for (let seat = 0; seat < p; seat++) {
      const isWinner = seat === end.winner;
      const spec = specOf(s, seat, isWinner ? end.winTile : null);
      const win = isWinner && end.winBy !== 'none' ? end.winBy : null;
      const ctx: ScoreContext = {
        seatWind: s.pub.seatWind[seat]!,
        prevailingWind: s.rules.prevailingWind ? s.pub.prevailing : null,
        win,
        lastTile: isWinner && end.lastTile,
        lastOfKind: isWinner && end.lastOfKind,
        firstTurn: isWinner && end.firstTurn,
        limit: s.limit,
      };
      if (results === null || texts === null) {
        // Fast path: no lines are wanted. The same scorer readings (score.ts), without building the book lines.
        if (isWinner) {
          // The engine let this hand go out only after isWinningHand (legal.ts wins): not asked again.
          winnerResult = scoreSummary(s.rules, spec, ctx, true);
          scores[seat] = winnerResult.score;
        } else scores[seat] = scoreValue(s.rules, spec, ctx);
        continue;
      }
      const r = scoreHand(s.rules, spec, ctx);
      scores[seat] = r.score;
      results[seat] = r;
      texts[seat] = formatHand(spec);
      if (isWinner) winnerResult = r;
    }
  }
  const nets = scoring
    ? settle(s.rules, { winner: end.winner, scores, east: s.pub.dealer, limit: s.limit, payer: end.penaltyPayer })
    : new Array<number>(p).fill(0);
  for (const w of end.washes) {
    const paid = settleWash(s.rules, p, w.seat, w.payment, s.pub.dealer);
    for (let seat = 0; seat < p; seat++) nets[seat]! += paid[seat]!;
  }
  const result: HandResult = {
    hand: handIndex,
    dealer: s.pub.dealer,
    prevailingWind: s.rules.prevailingWind ? s.pub.prevailing : null,
    winner: end.winner,
    winBy: end.winBy,
    discarder: end.discarder,
    turns: s.pub.discardCount,
    turnsBySeat: turnsOf(s),
    scores,
    nets,
    winnerScore: winnerResult ? winnerResult.score : null,
    winnerPattern: winnerResult ? winnerResult.pattern : null,
    limitHit: winnerResult ? winnerResult.limit : false,
    penaltyPayer: end.penaltyPayer,
    washes: end.washes,
  };
  if (results !== null && texts !== null) return { ...result, lines: results.map((r) => (r ? r.lines : [])), scoredHands: texts };
  return result;
}
