/** The scoring tables, one file per rule set, each row citing docs/rules.md; each is part of its rule set's entry (../procedure.ts). */
export type { ScoreTable, SetValues, LimitHandId, Pair2 } from './types.js';
export { HARR_TABLE } from './harr.js';
export { HARR_LIMIT_TABLE } from './harr-limit.js';
export { BABCOCK_TABLE } from './babcock.js';
export { CODE500_TABLE } from './code500.js';
