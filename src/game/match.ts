/**
 * A game's progress from hand to hand (docs/rules.md "Seats"): one hand by default, or a match of four wind rounds:
 * East keeps the deal while he wins and, except code500, on a drawn hand; otherwise South becomes East; harr-limit's
 * "wind rounds": the round ends when the deal has gone round once, and four rounds make a set. Cumulative scores start
 * at the rule set's starting score (Babcock 2,000). Shared by every driver of games: the runner's agents
 * (play.ts), a record's decisions (replay.ts) and a person at the table.
 */
import type { Seat, Wind } from '../core/seat.js';
import type { WallSource } from '../engine/chance.js';
import type { HandStart } from '../engine/step.js';
import type { HandResult } from '../engine/types.js';
import type { RuleSet } from '../rules/index.js';
import type { GameSetup } from './types.js';

/** Safety cap on hands in a match (East may keep the deal many times). */
export const MAX_MATCH_HANDS = 200;

export interface MatchShape {
  readonly rules: RuleSet;
  readonly players: number;
  readonly unit: 'hand' | 'match';
}

export class GameProgress {
  readonly cumulative: number[];
  readonly hands: HandResult[] = [];
  dealer: Seat;
  prevailing: Wind;
  passes = 0;
  over = false;

  constructor(
    readonly shape: MatchShape,
    setup: GameSetup,
  ) {
    this.cumulative = new Array<number>(shape.players).fill(shape.rules.startingScore);
    this.dealer = setup.firstDealer;
    this.prevailing = setup.firstPrevailing;
  }

  /** Index of the hand to play next. */
  get hand(): number {
    return this.hands.length;
  }

  /** How the next hand starts. */
  handStart(chance: WallSource): HandStart {
    return { dealer: this.dealer, prevailing: this.prevailing, scores: this.cumulative.slice(), chance };
  }

  /** The hand just played ended with `r`: carry its nets, pass the deal, and say whether the game goes on. */
  finishHand(r: HandResult): void {
    const p = this.shape.players;
    this.hands.push(r);
    for (let seat = 0; seat < p; seat++) this.cumulative[seat]! += r.nets[seat]!;
    if (this.shape.unit === 'hand' || this.hands.length >= MAX_MATCH_HANDS) {
      this.over = true;
      return;
    }
    const keep = r.winner === this.dealer || (r.winner === null && this.shape.rules.eastKeepsDealOnDraw);
    if (keep) return;
    this.dealer = (this.dealer + 1) % p;
    this.passes++;
    if (this.passes % p === 0) this.prevailing = (this.prevailing + 1) % 4;
    if (this.passes >= 4 * p) this.over = true;
  }
}
