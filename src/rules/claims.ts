/**
 * Who may claim a discard, read from the rule set's description (docs/rules.md "Claims"): the engine's legal claims
 * (src/engine/legal.ts) and the reading of a seat's passes and claims from the table (src/infer/) both ask these, so
 * a variant that changes `chowFrom` or `outOfTurnMahjong` reaches the play and what is inferred from it alike.
 */
import type { RuleSet } from './types.js';

/** May a seat take a discard for a chow? `next`: it sits next in turn after the discarder (`chowFrom`). */
export function mayChow(r: Pick<RuleSet, 'chowFrom'>, next: boolean): boolean {
  return next || r.chowFrom === 'any';
}

/**
 * May a seat whose hand a discard completes claim it for Mah-Jongg? `next` as for mayChow; `pungOrPair`, asked only
 * when it decides, whether the discard completes a pung or the pair (`outOfTurnMahjong`). Who may chow does not
 * enter: a discard that completes a hand is claimed for Mah-Jongg, never for a set (docs/rules.md "Own-turn kongs"),
 * so `chowFrom` "any" lets a seat out of turn take a run, not win on one.
 */
export function mayWinOnDiscard(r: Pick<RuleSet, 'outOfTurnMahjong'>, next: boolean, pungOrPair: () => boolean): boolean {
  return next || r.outOfTurnMahjong === 'any' || pungOrPair();
}
