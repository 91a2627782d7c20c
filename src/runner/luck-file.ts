/**
 * luck.bin (docs/statistics.md, "The luck adjustment"): beside nets.bin, one fixed-size record per game, in game order: for each label of
 * the run (aggregate label order) and each luck channel (src/luck/meter.ts), that label's luck of the draw summed
 * over its seats and the game's hands, times LUCK_SCALE, as a little-endian Int32. Streamed, proved on resume and
 * merged exactly like nets.bin. The luck adjustment (luck-adjust.ts) reads it wall set by wall set.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { luckFormat, type LuckFormat } from '../luck/format.js';
import { MARKER } from '../io/owned-dir.js';
import type { StreamedName } from './protocol.js';

export const LUCK_FILE: StreamedName = 'luck.bin';

/**
 * The format of the luck.bin in a run's directory, from the identity its manifest.json (or, while it runs, its
 * marker) records: format 1 for runs made before format 2 (`luck: true`), 2 before format 3, null when the run wrote none.
 */
export function luckFormatOf(dir: string): LuckFormat | null {
  for (const [file, at] of [['manifest.json', (j: Record<string, unknown>) => j.identity], [MARKER, (j: Record<string, unknown>) => (j.run as Record<string, unknown> | undefined)?.identity]] as const) {
    let j: Record<string, unknown>;
    try {
      j = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, unknown>;
    } catch {
      continue;
    }
    const id = at(j) as { luck?: unknown } | undefined;
    if (id) return luckFormat(id.luck);
  }
  return null;
}
