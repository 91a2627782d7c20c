/** The scoring table of each rule set (one file per rule set, each row citing ../shared/RULES.md). */
import type { RuleSetId } from '../../rules/index.js';
import { BABCOCK_TABLE } from './babcock.js';
import { CODE500_TABLE } from './code500.js';
import { HARR_LIMIT_TABLE } from './harr-limit.js';
import { HARR_TABLE } from './harr.js';
import type { ScoreTable } from './types.js';

export type { ScoreTable, SetValues, LimitHandId, Pair2 } from './types.js';

const TABLES: Record<RuleSetId, ScoreTable> = {
  harr: HARR_TABLE,
  'harr-limit': HARR_LIMIT_TABLE,
  babcock: BABCOCK_TABLE,
  code500: CODE500_TABLE,
};

export function scoreTable(id: RuleSetId): ScoreTable {
  return TABLES[id];
}
