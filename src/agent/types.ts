/**
 * The agent interface: what a strategy sees and what it may answer (docs/strategies.md, "Writing your own strategy").
 * An agent sees only what a player at the table sees. The engine builds an AgentView for every decision and
 * validates the returned action against `view.legal`.
 */
import type { Action, HandPhase, Phase } from '../core/action.js';
import type { Seat, Wind } from '../core/seat.js';
import type { Meld, Tile } from '../tiles/index.js';
import type { RuleSet } from '../rules/index.js';
import type { Rng } from '../rng/streams.js';
import type { SeatMark } from './seat-mark.js';

export type { Seat, Wind } from '../core/seat.js';
export type { Action, ActionType, HandPhase, Phase } from '../core/action.js';
export { sameAction } from '../core/action.js';

export interface SeatPublic {
  readonly seatWind: Wind;
  /** Discards in order. A discard that was claimed stays listed, with `claimed` true. */
  readonly discards: readonly { readonly tile: Tile; readonly claimed: boolean }[];
  /** Exposed melds and declared concealed kongs, in the order laid down. */
  readonly melds: readonly Meld[];
  /** Exposed flowers and seasons. */
  readonly flowers: readonly Tile[];
  /** Number of concealed tiles held (a player at the table can count them). */
  readonly concealedCount: number;
}

export interface AgentView {
  readonly rules: RuleSet;
  /** Hand limit in force (the rule set's, or `--limit`); null = none. */
  readonly limit: number | null;
  readonly players: number;
  readonly seat: Seat;
  readonly seatWind: Wind;
  readonly dealer: Seat;
  /** Prevailing wind, where the rule set has one; otherwise null. */
  readonly prevailingWind: Wind | null;
  readonly phase: Phase;
  /** Own concealed tiles (including the drawn tile on one's turn), sorted. */
  readonly concealed: readonly Tile[];
  /**
   * Own concealed tiles (those of `concealed`) as 34-kind counts written into `out`, the caller's array (kinds
   * 0-33; nothing allocated, for a strategy that reads its hand at every decision). Returns how many tiles.
   */
  concealedCounts(out: Uint8Array): number;
  /** The number of sets `seat` has declared (`table[seat].melds.length`), read without building the table. */
  meldCount(seat: Seat): number;
  /** `table[seat].melds` (an equal frozen list), read without building the rest of the table. */
  meldsOf(seat: Seat): readonly Meld[];
  /** `table[seat].discards` (an equal frozen list), read without building the rest of the table. */
  discardsOf(seat: Seat): SeatPublic['discards'];
  /** `seen` written into `out`, the caller's array (kinds 0-33; nothing allocated). */
  seenCounts(out: Uint8Array): void;
  /**
   * Bring `mark`, the agent's own record of what this seat last saw, up to this decision and say what moved since the
   * record's previous update (src/agent/seat-mark.ts): the own hand, the seen counts, each seat's discards and sets,
   * by group and seat, or everything when the record is of another hand. Reads only what the other fields show. Views
   * made outside the engine may leave it out (strategies then read the other fields: src/view/changes.ts markFromView).
   */
  changesSince?(mark: SeatMark): SeatMark;
  /** The tile just drawn on this turn (also contained in `concealed`); null otherwise. */
  readonly drawn: Tile | null;
  /** Every seat's public information, indexed by physical seat. */
  readonly table: readonly SeatPublic[];
  /**
   * Copies of each kind (0-33) the table shows, counted from `table`: discards still lying (a claimed one is counted
   * in its meld) and every meld, a chow one of each of its tiles, a pung three, a kong four (declared concealed
   * kongs included). A fresh array on every read, the reader's to keep or change.
   */
  readonly seen: Uint8Array;
  /** Tiles left to draw before play ends (the live wall, excluding the dead wall). */
  readonly wallCount: number;
  /** Cumulative scores so far (match unit); zeros (or the starting score) in a one-hand game. */
  readonly scores: readonly number[];
  /** The last discard and who made it (in 'rob': the tile being added to a pung, and who adds it). */
  readonly lastDiscard: { readonly tile: Tile; readonly by: Seat } | null;
  /** Number of discards made so far in this hand (0 before East's first discard). */
  readonly discardCount: number;
  /** The legal actions; the agent must return one of them (structurally equal). */
  readonly legal: readonly Action[];
  /**
   * A world sampled from this view alone (src/engine/sample.ts): every tile the seat cannot see dealt afresh from
   * `rng`, everything it has seen as it is, and this decision open in it. Only while the decision is open. The same
   * view and the same stream give the same world; the true hidden tiles are never read. `into`: a world of this
   * table to deal it into instead of a new one (a search samples many per decision). `guide`: an opponent model that
   * says how plausible each seat's dealt hand is (see HandGuide); without one every deal is equally likely.
   */
  sampleWorld(rng: Rng, into?: World, guide?: HandGuide): World;
}

/**
 * An opponent model for sampled worlds: how far a hand dealt to another seat is from what that seat, by what the
 * table shows of it, would plausibly hold. Each other seat's hand is dealt up to `tries` times until `misfit` is at
 * most 0; otherwise the best-fitting deal is kept. It is told only the hand dealt and the seat's public record.
 */
export interface HandGuide {
  readonly tries: number;
  /** `counts`: the 34-kind counts of the concealed hand dealt; `melds`: the seat's declared sets; `turns`: its discards so far. */
  misfit(counts: Uint8Array, melds: number, turns: number): number;
  /**
   * Optional, an inference over the record (src/infer/guide.ts): the weight (≥ 0) of the hand dealt to `seat`, given
   * its `misfit`. With it, all `tries` deals are made and one is kept with probability proportional to its weight
   * (sampling-importance-resampling); when every weight is 0 or one is not finite, the best-fitting deal is kept.
   */
  weight?(counts: Uint8Array, seat: Seat, misfit: number): number;
  /**
   * Optional, with `weight`: Metropolis steps after the weighted pick, each swapping one tile of the hand with one of
   * the unseen tiles left and keeping the swap with probability min(1, weight after / weight before) (misfit 0).
   */
  readonly steps?: number;
  /** Told, once per other seat of each world, the effective sample size of its weighted deals (0: they collapsed). */
  report?(seat: Seat, ess: number): void;
}

/**
 * A hand that an agent may play forward on its own (a sampled world): whose decision it is, that seat's view of it,
 * apply, and each seat's net once over. Agents acting in it see only their own view of the world.
 */
export interface World {
  /** The seat to decide, or -1 once the hand is over. */
  toMove(): Seat;
  phase(): HandPhase;
  /** The view the seat to move has of this world (valid until the next apply). */
  view(): AgentView;
  /** The legal actions of the seat to move (shared, frozen action objects). */
  legal(): readonly Action[];
  /** Apply the open decision's answer; an action not legal here throws, naming it. */
  apply(a: Action): void;
  isOver(): boolean;
  /** Each seat's net settlement of the hand, once over (indexed by seat; sums to zero). */
  nets(): readonly number[];
  /** A copy that plays on independently (into `into`, a world of the same table, when given: no allocation). */
  copy(into?: World): World;
  /** Play to the end, each seat's decisions from `agents[seat]` through its own view; returns the nets. */
  playOut(agents: readonly Agent[]): readonly number[];
}

export interface Agent {
  act(view: AgentView): Action;
  /**
   * Forget the hand so far: the agent next acts as one just created with the same init would. Optional; a search
   * reuses its rollout agents through it (every built-in strategy has it), and creates new ones for an agent without.
   */
  reset?(): void;
  /**
   * Told how each hand of its game ended, once it is settled: what every player at the table sees when the hands
   * are shown (the winner, the scores, the nets). Optional; the games the runner plays call it, a search's rollouts
   * do not. An external bot passes it on as its `end_hand` message (docs/protocol.md).
   */
  handOver?(result: HandOutcome): void;
}

/** How a hand ended, as the table sees it once the hands are shown (the engine's HandResult has these fields and more). */
export interface HandOutcome {
  readonly hand: number;
  readonly dealer: Seat;
  readonly prevailingWind: Wind | null;
  readonly winner: Seat | null;
  /** 'discard', 'self-draw', 'loose-tile', 'robbing-kong', or 'none' for a drawn hand. */
  readonly winBy: string;
  readonly discarder: Seat | null;
  readonly scores: readonly number[];
  readonly nets: readonly number[];
  readonly limitHit: boolean;
  readonly penaltyPayer: Seat | null;
  /** `east`: East's part where the rule set has East pay and receive a wash double (scoring/wash.ts washEast). */
  readonly washes: readonly { readonly seat: Seat; readonly heads: number; readonly payment: number; readonly east?: { readonly seat: Seat; readonly payment: number } }[];
}

export type ParamValue = number | string | boolean;

export interface ParamSpec {
  readonly name: string;
  readonly default: ParamValue;
  readonly description: string;
  /**
   * Numeric parameters: the range worth searching (`mjlab tune`), inclusive, and the grid step within it (1 for a
   * count; absent for a continuous value). Bounds only guide tuning: a value outside them may still be given.
   */
  readonly min?: number;
  readonly max?: number;
  readonly step?: number;
  /**
   * A string parameter naming a policy: a built-in strategy with its own parameters after "/" ("harr/lateWall=12").
   * The lineup also takes a preset file here and passes it on spelt out that way (src/lineup/policy.ts).
   */
  readonly policy?: boolean;
}

export interface AgentInit {
  readonly seat: Seat;
  readonly players: number;
  readonly rules: RuleSet;
  /** The agent's own stream, derived from (seed, game, "seat:S"): its only randomness. */
  readonly rng: Rng;
  /** Parameters after defaults are applied. */
  readonly params: Readonly<Record<string, ParamValue>>;
  /** The table the game is played at, where a game driver seats the agent (src/game/play.ts createSeatAgent). */
  readonly table?: TableTerms;
}

/** What is fixed for a whole game beyond the rule set: the unit of play, the hand limit in force, flowers. */
export interface TableTerms {
  readonly unit: 'hand' | 'match';
  /** 1 for a one-hand game; a match's cap on its hands (src/game/match.ts MAX_MATCH_HANDS). */
  readonly maxHands: number;
  readonly limit: number | null;
  readonly flowers: boolean;
}

/**
 * A strategy: named, with documented parameters, creating one agent per seat per game.
 * User strategy files default-export (or export `strategy`) an object of this shape.
 */
export interface Strategy {
  readonly name: string;
  readonly description: string;
  readonly params: readonly ParamSpec[];
  create(init: AgentInit): Agent;
  /**
   * The built-in this strategy is, with a file the lineup read bound into it (net with its model: src/lineup/models.ts):
   * trusted as that built-in. Set by the lineup only; a strategy file's own is dropped when it is loaded.
   */
  readonly boundFrom?: Strategy;
}

/** A strategy with its parameters fixed: what sits at a seat. */
export interface StrategyInstance {
  /**
   * Label used in outputs: the lineup entry as written for a built-in ("suit-hunter:minPairs=3"), a preset's file
   * name, a plug-in's own `name` or a bot's name, made unique in its lineup (docs/strategies.md, "Labels").
   */
  readonly label: string;
  /** The lineup entry as written, where the label is not it (a plug-in or bot shown by its name): what reproduces it. */
  readonly entry?: string;
  readonly strategy: Strategy;
  readonly params: Readonly<Record<string, ParamValue>>;
  /** The files it was read from, as given (a plug-in module; a preset and the module it names): their content fixes its play. */
  readonly files?: readonly string[];
}
