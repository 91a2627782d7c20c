/**
 * The hand as the scorer sees it (docs/rules.md "Complete hand", "Arrangement", "Filling the only place"):
 * arrangement-independent facts computed once, and the candidate groupings the scorer compares. Count arrays only.
 */
import type { HandSpec, Meld } from '../tiles/index.js';
import { EAST, KINDS, isHead } from '../tiles/index.js';
import { isStandardComplete } from '../hand/decompose.js';
import { SPECIAL_SHAPES, isNineUnitedSons } from '../hand/special.js';
import { type LimitHandId, type ScoreTable, specialShapesOf } from '../rules/index.js';

export const CHOW = 0;
export const PUNG = 1;
export const KONG = 2;

export interface Group {
  /** CHOW, PUNG or KONG. */
  readonly kind: number;
  /** Lowest tile of a run, or the repeated tile. */
  readonly tile: number;
  readonly concealed: boolean;
}

/** One way of reading the hand. */
export interface Candidate {
  readonly groups: readonly Group[];
  /** The winning hand's pair; -1 when none (a loser, or a special shape). */
  readonly pair: number;
  /** A loser's concealed pairs. */
  readonly pairs: readonly number[];
  /** Index in `groups` of the combination the winning tile completed; -1 the pair; -2 none. */
  readonly winIdx: number;
  /** A special shape that is a limit hand by itself ('thirteen-heads', 'heavenly-twins'). */
  readonly special: LimitHandId | null;
}

/** Facts that do not depend on the arrangement. */
export interface Facts {
  /** Every playing tile of the hand: concealed, melds, winning tile. */
  readonly all: Uint8Array;
  /** Bit s set when suit s (0 m, 1 p, 2 s) is present. */
  readonly suitMask: number;
  readonly honours: boolean;
  /** Every tile is a terminal or an honour. */
  readonly allHeads: boolean;
  /** No exposed melds (declared concealed kongs allowed). */
  readonly noExposed: boolean;
  /** Number of tile kinds that would have completed the hand (winners only; 0 otherwise). */
  readonly waits: number;
}

export function meldKind(type: 'chow' | 'pung' | 'kong'): number {
  return type === 'chow' ? CHOW : type === 'pung' ? PUNG : KONG;
}

/** Tiles counted as a hand's 14 (a kong counts as three). */
export function handSize(hand: HandSpec): number {
  return hand.concealed.length + 3 * hand.melds.length + (hand.winning === null ? 0 : 1);
}

/** Counts of the concealed tiles, plus the winning tile when given. */
export function concealedCounts(hand: HandSpec, withWinning: boolean): Uint8Array {
  const c = new Uint8Array(KINDS);
  for (const t of hand.concealed) if (t < KINDS) c[t]!++;
  if (withWinning && hand.winning !== null) c[hand.winning]!++;
  return c;
}

/** The limit hand of non-standard shape (src/hand/special.ts) this table accepts and `c` makes (nothing laid down). */
function specialShape(table: ScoreTable, c: Uint8Array): LimitHandId | null {
  for (const id of table.limitHands) if (SPECIAL_SHAPES[id]?.test(c)) return id;
  return null;
}

/** Concealed counts `c` (with the melds of `hand`) form a complete hand under `table`. */
export function completeWith(table: ScoreTable, c: Uint8Array, melds: number): boolean {
  let n = 0;
  for (let t = 0; t < KINDS; t++) n += c[t]!;
  if (n + 3 * melds !== 14) return false;
  // By search, not by the suit-shape table (hand/suit-shapes.ts): a hand is scored once, and building the table
  // would cost `mjlab score` most of its start (docs/performance.md, "A command's start"); the two agree (test/engine/agari.test.ts).
  if (isStandardComplete(c)) return true;
  return melds === 0 && specialShape(table, c) !== null;
}

/**
 * Number of tile kinds that would complete the hand (docs/rules.md "Filling the only place": live copies do not
 * matter; a kind the player already holds four of cannot be drawn).
 */
export function countWaits(table: ScoreTable, hand: HandSpec, all: Uint8Array): number {
  const c = concealedCounts(hand, false);
  const candidates = new Uint8Array(KINDS);
  for (let t = 0; t < KINDS; t++) {
    if (c[t] === 0) continue;
    candidates[t] = 1;
    if (t < 27) {
      const r = t % 9;
      for (let d = -2; d <= 2; d++) if (r + d >= 0 && r + d <= 8) candidates[t + d] = 1;
    }
  }
  if (hand.melds.length === 0) for (const sh of specialShapesOf(table)) for (const h of sh.candidates) candidates[h] = 1;
  let n = 0;
  for (let t = 0; t < KINDS; t++) {
    if (candidates[t] === 0) continue;
    // `all` includes the winning tile; what matters is the player's holding before it.
    const held = all[t]! - (hand.winning === t ? 1 : 0);
    if (held >= 4) continue;
    c[t]!++;
    if (completeWith(table, c, hand.melds.length)) n++;
    c[t]!--;
  }
  return n;
}

/** A winning hand's facts (a loser's: factsOfCounts). */
export function factsOf(table: ScoreTable, hand: HandSpec): Facts {
  const f = factsOfCounts(concealedCounts(hand, true), hand.melds);
  return { ...f, waits: countWaits(table, hand, f.all) };
}

/**
 * The facts of a hand whose concealed tiles (with the winning tile, if any) are `all`, which it keeps as Facts.all
 * and adds the melds to; waits 0.
 */
export function factsOfCounts(all: Uint8Array, melds: readonly Meld[]): Facts {
  let noExposed = true;
  for (const m of melds) {
    if (!m.concealed) noExposed = false;
    if (m.type === 'chow') {
      all[m.tile]!++;
      all[m.tile + 1]!++;
      all[m.tile + 2]!++;
    } else all[m.tile]! += m.type === 'kong' ? 4 : 3;
  }
  let suitMask = 0;
  let honours = false;
  let allHeads = true;
  for (let t = 0; t < KINDS; t++) {
    if (all[t] === 0) continue;
    if (t < 27) suitMask |= 1 << ((t / 9) | 0);
    else honours = true;
    if (!isHead(t)) allHeads = false;
  }
  return { all, suitMask, honours, allHeads, noExposed, waits: 0 };
}

function meldGroups(melds: readonly Meld[]): Group[] {
  return melds.map((m) => ({ kind: meldKind(m.type), tile: m.tile, concealed: m.concealed }));
}

/**
 * Every reading of a winning hand: each arrangement of the concealed tiles (with the winning tile) into sets and
 * a pair, times each combination the winning tile may have completed; plus a special shape where one applies.
 * A claimed winning tile makes the combination it completes exposed (docs/rules.md "Complete hand").
 */
export function winningCandidates(
  table: ScoreTable,
  hand: HandSpec,
  claimed: boolean,
  arrangementsOf: (c: Uint8Array) => readonly { sets: readonly { type: 'chow' | 'pung'; tile: number }[]; pair: number }[],
): Candidate[] {
  const w = hand.winning!;
  const c = concealedCounts(hand, true);
  const melds = meldGroups(hand.melds);
  const out: Candidate[] = [];
  if (hand.melds.length === 0) {
    const sp = specialShape(table, c);
    if (sp !== null) out.push({ groups: [], pair: -1, pairs: [], winIdx: -2, special: sp });
  }
  for (const a of arrangementsOf(c)) {
    const base: Group[] = [...melds];
    for (const s of a.sets) base.push({ kind: s.type === 'chow' ? CHOW : PUNG, tile: s.tile, concealed: true });
    if (a.pair === w) out.push({ groups: base, pair: a.pair, pairs: [], winIdx: -1, special: null });
    const seen = new Set<number>();
    for (let i = melds.length; i < base.length; i++) {
      const g = base[i]!;
      const has = g.kind === CHOW ? w >= g.tile && w <= g.tile + 2 : g.tile === w;
      // Two identical sets are one reading.
      const key = g.kind * 64 + g.tile;
      if (!has || seen.has(key)) continue;
      seen.add(key);
      const groups = claimed ? base.map((x, j) => (j === i ? { ...x, concealed: false } : x)) : base;
      out.push({ groups, pair: a.pair, pairs: [], winIdx: i, special: null });
    }
  }
  return out;
}

/**
 * A losing hand "grouped as well as it can be" (docs/rules.md "Arrangement"): three or more alike concealed count as a
 * concealed pung (four only as a kong when declared), pairs as pairs; runs never score, so nothing is lost by
 * taking every pung. `c`: its concealed counts.
 */
export function losingCandidate(c: Uint8Array, melds: readonly Meld[]): Candidate {
  const groups = meldGroups(melds);
  const pairs: number[] = [];
  for (let t = 0; t < KINDS; t++) {
    if (c[t]! >= 3) groups.push({ kind: PUNG, tile: t, concealed: true });
    else if (c[t] === 2) pairs.push(t);
  }
  return { groups, pair: -1, pairs, winIdx: -2, special: null };
}

/**
 * Whether one more tile of kind `k`, held `held` times concealed, can change a losing hand's score (scoreValue with
 * no winning tile). It cannot when the kind is held three times or more: losingCandidate reads three or four alike as
 * the same concealed pung. Nor when a suit tile is held once: the reading gains a pair of it, which scores nothing
 * under every table (evaluate's pairValue) and no double. And what else a loser's score reads (the suits and honours
 * present, the melds, the bonus tiles) is the same with one more tile of a kind already held.
 */
export function loserScoreMayChange(k: number, held: number): boolean {
  return held === 2 || (held === 1 && k >= EAST);
}

/**
 * All that a losing hand's score (scoreValue with no winning tile) reads of its concealed counts `c`, as one
 * integer below 2^43: the suit kinds held three or more times (losingCandidate's concealed pungs, 27 bits), each
 * honour's pair or pung (base 3, below 2,187), and which of the three suits and the honours are held at all (the
 * suit doubles, 4 bits; evaluate). A suit pair scores nothing under every table
 * (pairValue), nor a run or a single tile, so two losing hands with the same melds, bonus tiles, context and key
 * score the same (test/scoring/properties.test.ts). The luck meter remembers a hand's loser scores by it.
 */
export function loserShapeKey(c: Uint8Array): number {
  let pungs = 0;
  let groups = 0;
  for (let k = 0; k < 27; k++) {
    const n = c[k]!;
    if (n === 0) continue;
    groups |= 1 << ((k / 9) | 0);
    if (n >= 3) pungs |= 1 << k;
  }
  let honours = 0;
  for (let k = KINDS - 1; k >= EAST; k--) {
    const n = c[k]!;
    if (n > 0) groups |= 8;
    honours = honours * 3 + (n >= 3 ? 2 : n === 2 ? 1 : 0);
  }
  return pungs + SHAPE_SPLIT * (honours + 2187 * groups);
}

/** loserShapeKey's weight of its honour part. */
const SHAPE_SPLIT = 2 ** 27;
/** What one more of honour kind EAST + i adds to loserShapeKey when it is held once or twice (its digit grows by one). */
const HONOUR_STEP: readonly number[] = Array.from({ length: KINDS - EAST }, (_, i) => SHAPE_SPLIT * 3 ** i);

/**
 * loserShapeKey of `c` with one more of kind `k` from `key`, loserShapeKey(c), where `c` holds `held` of `k`, at
 * least one (so the suits and honours held stay as they were): a suit's third tile makes a pung, an honour's second
 * a pair and its third a pung; nothing else changes the key.
 */
export function loserShapeKeyWith(key: number, k: number, held: number): number {
  if (k < EAST) return held === 2 ? key + (1 << k) : key;
  return held === 1 || held === 2 ? key + HONOUR_STEP[k - EAST]! : key;
}

export { isNineUnitedSons };
