/**
 * luck.bin (issue 27, point 3): beside nets.bin, one fixed-size record per game, in game order: for each label of
 * the run (aggregate label order) and each luck channel (src/game/luck.ts), that label's luck of the draw summed
 * over its seats and the game's hands, times LUCK_SCALE, as a little-endian Int32. Streamed, proved on resume and
 * merged exactly like nets.bin. The luck adjustment (luck-adjust.ts) reads it wall set by wall set.
 */
import type { StreamedName } from './protocol.js';

export const LUCK_FILE: StreamedName = 'luck.bin';
