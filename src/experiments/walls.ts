/**
 * An experiment's played cells (README.md, "Experiments: what we found"). Streaming their nets.bin files one wall set at a time lives in
 * src/runner/wall-sets.ts, shared with `simulate --duplicate`.
 */
import type { Aggregate } from '../stats/aggregate.js';
import type { NetsCell } from '../runner/wall-sets.js';
import type { Variant } from './types.js';

export { forEachWall, labelHandsPerWall, labelWall, WallMoments, type WallSums } from '../runner/wall-sets.js';

export interface Cell extends NetsCell {
  readonly variant: Variant;
  readonly lineupIndex: number;
  readonly lineup: string;
  readonly agg: Aggregate;
}
