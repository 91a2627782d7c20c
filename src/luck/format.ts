/**
 * luck.bin's formats (docs/statistics.md, "Luck"): the channels the meter writes per seat (src/luck/meter.ts says
 * what each holds), their integer scales, and which format a run's identity names.
 */


/** The format LuckMeter writes by default (the run identity's `luck`: 3; format 2 wrote 2, format 1 `luck: true`). */
export const LUCK_FORMAT = 3;
export const LUCK_CHANNELS = 9;
/**
 * The format written with a value model of the full state (`--luck-model`, identity `luck: 4` with the model's
 * SHA-256): format 3's nine channels and a tenth, the model's term at every chance event (src/luck/meter.ts).
 */
export const LUCK_FORMAT_VALUE = 4;
export const LUCK_CHANNELS_VALUE = 10;
/** The adjustment's integer unit: 1/(players · LUCK_SCALE) of a point (runner/luck-adjust.ts). */
export const LUCK_SCALE = 100_000;
/**
 * luck.bin stores channel c's sum times LUCK_SCALES[c], rounded: 1/100,000 of a useful draw for the counting
 * channels, 1/100 of a point for the valued ones (a game's valued luck can reach thousands of points; an Int32
 * holds ±21 million of them at this scale).
 */
export const LUCK_SCALES: readonly number[] = Object.freeze([LUCK_SCALE, LUCK_SCALE, 100, 100, 100, 100, 100, 100, 100, 100]);

export type LuckVersion = 1 | 2 | 3 | 4;

/** A luck.bin format as read back: its channel count (the record's width per label). */
export interface LuckFormat {
  readonly version: LuckVersion;
  readonly channels: number;
}

/** The format of a run's luck.bin from its identity's `luck` field (true: format 1; 2, 3, 4: that format). */
export function luckFormat(luck: unknown): LuckFormat | null {
  if (luck === true) return { version: 1, channels: 2 };
  if (luck === 2) return { version: 2, channels: 6 };
  if (luck === LUCK_FORMAT) return { version: 3, channels: LUCK_CHANNELS };
  if (luck === LUCK_FORMAT_VALUE) return { version: 4, channels: LUCK_CHANNELS_VALUE };
  return null;
}
