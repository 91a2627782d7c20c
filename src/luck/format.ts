/**
 * luck.bin's formats (docs/statistics.md, "Luck"): the channels the meter writes per seat (src/luck/meter.ts says
 * what each holds), their integer scales, and which format a run's identity names.
 */


/** The format LuckMeter writes (the run identity's `luck`: 3; format 2 wrote 2, format 1 `luck: true`). */
export const LUCK_FORMAT = 3;
export const LUCK_CHANNELS = 9;
/** The adjustment's integer unit: 1/(players · LUCK_SCALE) of a point (runner/luck-adjust.ts). */
export const LUCK_SCALE = 100_000;
/**
 * luck.bin stores channel c's sum times LUCK_SCALES[c], rounded: 1/100,000 of a useful draw for the counting
 * channels, 1/100 of a point for the valued ones (a game's valued luck can reach thousands of points; an Int32
 * holds ±21 million of them at this scale).
 */
export const LUCK_SCALES: readonly number[] = Object.freeze([LUCK_SCALE, LUCK_SCALE, 100, 100, 100, 100, 100, 100, 100]);

/** A luck.bin format as read back: its channel count (the record's width per label). */
export interface LuckFormat {
  readonly version: 1 | 2 | 3;
  readonly channels: number;
}

/** The format of a run's luck.bin from its identity's `luck` field (true: format 1; 2: format 2; 3: format 3). */
export function luckFormat(luck: unknown): LuckFormat | null {
  if (luck === true) return { version: 1, channels: 2 };
  if (luck === 2) return { version: 2, channels: 6 };
  if (luck === LUCK_FORMAT) return { version: 3, channels: LUCK_CHANNELS };
  return null;
}
