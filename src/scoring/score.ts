/**
 * The pure scorer (docs/rules.md "Arrangement", each rule set's scoring section): reads every arrangement of
 * the concealed tiles and every combination the winning tile may have completed, keeps the reading that scores
 * most, then applies the first-discard rule and the limit. `scoreValue` is the lean path (no lines).
 */
import { KINDS, type HandSpec, type Meld } from '../tiles/index.js';
import type { RuleSet, ScoreTable } from '../rules/index.js';
import { UserError } from '../errors.js';
import { arrangements } from '../hand/decompose.js';
import type { HandPattern, ScoreContext, ScoreResult } from './types.js';
import {
  completeWith,
  concealedCounts,
  factsOf,
  factsOfCounts,
  losingCandidate,
  winningCandidates,
  type Candidate,
  type Facts,
} from './shape.js';
import { evaluate, LIMIT_LABELS, type BookLine, type Evaluation } from './evaluate.js';

/** True when concealed + winning tile (with the declared melds) form a complete hand under `rules`. */
export function isWinningHand(rules: RuleSet, hand: HandSpec): boolean {
  if (hand.winning === null) return false;
  return completeWith(rules.table, concealedCounts(hand, true), hand.melds.length);
}

/** The value a limit hand scores: the limit in force, else the rule set's usual one. */
function limitValue(rules: RuleSet, ctx: ScoreContext): number {
  return ctx.limit ?? rules.limit ?? 0;
}

function rawValue(ev: Evaluation, L: number): number {
  return ev.limitHand !== null ? L : ev.points * 2 ** ev.doubles;
}

interface Reading {
  readonly cand: Candidate;
  readonly ev: Evaluation;
  readonly raw: number;
}

interface Analysis {
  readonly t: ScoreTable;
  readonly facts: Facts;
  readonly best: Reading;
  readonly all: readonly Reading[];
}

function analyse(rules: RuleSet, hand: HandSpec, ctx: ScoreContext, keepAll: boolean, known = false): Analysis {
  const t = rules.table;
  const L = limitValue(rules, ctx);
  const melds = hand.melds.length;
  if (hand.winning === null) {
    const c = concealedCounts(hand, false);
    const facts = factsOfCounts(c.slice(), hand.melds);
    const best = loserReading(rules, facts, c, hand.melds, hand.bonus, ctx);
    return { t, facts, best, all: [best] };
  }
  if (!known && !isWinningHand(rules, hand)) throw new UserError('not a complete hand: the tiles do not make a winning hand');
  // A claimed winning tile makes the combination it completes exposed ("Complete hand").
  const claimed = ctx.win === 'discard' || ctx.win === 'robbing-kong';
  const facts = factsOf(t, hand);
  const cands = winningCandidates(t, hand, claimed, arrangements);
  let best: Reading | null = null;
  const all: Reading[] = [];
  for (const cand of cands) {
    const ev = evaluate(t, cand, facts, ctx, hand.winning, hand.bonus, melds, null);
    const r = { cand, ev, raw: rawValue(ev, L) };
    if (keepAll) all.push(r);
    if (best === null || r.raw > best.raw) best = r;
  }
  return { t, facts, best: best!, all };
}

interface Final {
  readonly score: number;
  readonly limit: boolean;
  /** The first-discard rule raised the score to half the limit. */
  readonly half: boolean;
}

function finalScore(rules: RuleSet, winning: number | null, ctx: ScoreContext, r: Reading): Final {
  const t = rules.table;
  const L = limitValue(rules, ctx);
  if (r.ev.limitHand !== null) return { score: L, limit: true, half: false };
  let score = r.raw;
  let half = false;
  // harr-limit "winning on East's first discard"; babcock's Hand from Earth.
  if (
    winning !== null &&
    t.firstDiscard === 'half-limit-or-own' &&
    ctx.seatWind !== 0 &&
    ctx.firstTurn &&
    ctx.win === 'discard' &&
    score < L / 2
  ) {
    score = Math.floor(L / 2);
    half = true;
  }
  if (ctx.limit !== null && score > ctx.limit) return { score: ctx.limit, limit: true, half };
  return { score, limit: false, half };
}

function patternOf(f: Facts, ev: Evaluation): HandPattern {
  if (ev.limitHand !== null) return 'limit';
  if (f.suitMask === 0) return 'all-honours';
  if ((f.suitMask & (f.suitMask - 1)) === 0) return f.honours ? 'one-suit-honours' : 'pure';
  return 'mixed';
}

/** Full result: the best reading's book-style lines, points, doubles, score after the limit, pattern. */
export function scoreHand(rules: RuleSet, hand: HandSpec, ctx: ScoreContext): ScoreResult {
  const a = analyse(rules, hand, ctx, false);
  const { t, facts, best } = a;
  const fin = finalScore(rules, hand.winning, ctx, best);
  const lines: BookLine[] = [];
  const pattern = hand.winning === null ? null : patternOf(facts, best.ev);
  if (best.ev.limitHand !== null) {
    lines.push({ label: LIMIT_LABELS[best.ev.limitHand], points: fin.score, group: 'limit', rule: 'table.limitHands' });
    return { lines, points: fin.score, doubles: 0, score: fin.score, limit: true, pattern };
  }
  evaluate(t, best.cand, facts, ctx, hand.winning ?? -1, hand.bonus, hand.melds.length, lines);
  if (fin.half) lines.push({ label: `Winning on East's first discard: half the limit, ${fin.score}`, group: 'limit', rule: 'table.firstDiscard' });
  if (fin.limit) lines.push({ label: `Limit ${fin.score}`, group: 'limit', rule: 'limit' });
  return { lines, points: best.ev.points, doubles: best.ev.doubles, score: fin.score, limit: fin.limit, pattern };
}

/**
 * Lean path for the engine's fast path (no record): scoreHand's score, limit and pattern, without building lines.
 * `complete`: the caller (the engine, which let the hand go out only after isWinningHand) vouches that a winning hand
 * is complete, so the check is not made twice; anyone else leaves it false.
 */
export function scoreSummary(
  rules: RuleSet,
  hand: HandSpec,
  ctx: ScoreContext,
  complete = false,
): Pick<ScoreResult, 'score' | 'limit' | 'pattern'> {
  const a = analyse(rules, hand, ctx, false, complete);
  const fin = finalScore(rules, hand.winning, ctx, a.best);
  const pattern = hand.winning === null ? null : patternOf(a.facts, a.best.ev);
  if (a.best.ev.limitHand !== null) return { score: fin.score, limit: true, pattern };
  return { score: fin.score, limit: fin.limit, pattern };
}

/** Lean path for the runner: the final score only, no lines. */
export function scoreValue(rules: RuleSet, hand: HandSpec, ctx: ScoreContext): number {
  const a = analyse(rules, hand, ctx, false);
  return finalScore(rules, hand.winning, ctx, a.best).score;
}

/**
 * scoreValue of a losing hand given by its concealed counts (read, not kept), its melds and its bonus tiles: the
 * luck meter's path (src/luck/meter.ts), which scores many losing hands of one seat's melds, bonus tiles and context
 * and would otherwise list each hand's tiles for the scorer to count again. The same answer as scoreValue
 * (test/scoring/properties.test.ts).
 */
export function loserValue(rules: RuleSet, concealed: Uint8Array, melds: readonly Meld[], bonus: readonly number[], ctx: ScoreContext): number {
  const facts = factsOfCounts(concealed.slice(0, KINDS), melds);
  return finalScore(rules, null, ctx, loserReading(rules, facts, concealed, melds, bonus, ctx)).score;
}

/** A losing hand's one reading ("grouped as well as it can be"), from its facts and concealed counts. */
function loserReading(rules: RuleSet, facts: Facts, concealed: Uint8Array, melds: readonly Meld[], bonus: readonly number[], ctx: ScoreContext): Reading {
  const cand = losingCandidate(concealed, melds);
  const ev = evaluate(rules.table, cand, facts, ctx, -1, bonus, melds.length, null);
  return { cand, ev, raw: rawValue(ev, limitValue(rules, ctx)) };
}

/**
 * Every reading of the hand with its value before the limit (for tests: the chosen reading is the best).
 * `chosen` is the raw value scoreHand's reading has.
 */
export function readings(rules: RuleSet, hand: HandSpec, ctx: ScoreContext): { values: number[]; chosen: number } {
  const a = analyse(rules, hand, ctx, true);
  return { values: a.all.map((r) => r.raw), chosen: a.best.raw };
}
