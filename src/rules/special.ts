/**
 * The complete hands of non-standard shape a rule set accepts: those of its table's limit hands that have one
 * (src/hand/special.ts). The scorer and the engine's Mah-Jongg check both read this, so a limit hand of a new shape
 * added to a table is offered as Mah-Jongg and scored without another change.
 */
import { SPECIAL_SHAPES, type SpecialShape } from '../hand/special.js';
import type { ScoreTable } from './tables/types.js';

export function specialShapesOf(t: ScoreTable): readonly SpecialShape[] {
  return t.limitHands.flatMap((id) => (SPECIAL_SHAPES[id] ? [SPECIAL_SHAPES[id]] : []));
}
