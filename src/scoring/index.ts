/**
 * Scoring and settlement for the four rule sets (docs/rules.md). Pure functions:
 * isWinningHand, scoreHand (book-style lines), scoreValue (lean), settle, and the washing table.
 */
export * from './types.js';
export { isWinningHand, loserValue, scoreHand, scoreSummary, scoreValue, readings } from './score.js';
export { settle, type Payment } from './settle.js';
export { washPayment, washHeads, settleWash, washEast, washPaidText, type WashEast } from './wash.js';
export { formatBreakdown } from './format.js';
export { loserScoreMayChange, loserShapeKey, loserShapeKeyWith } from './shape.js';
