/**
 * A checkpoint line that proves itself (docs/outputs.md, `checkpoint.jsonl`): JSON ending in `"sum"`, the first
 * 128 bits of the SHA-256 of the line without it. simulate's and tune's checkpoints (and an experiment's
 * cross-play) are written so, and a complete line whose checksum fails is refused rather than resumed: an edited
 * number would otherwise flow silently into the results.
 */
import { createHash } from 'node:crypto';

const SUM = 'sum';

function digest(body: string): string {
  return createHash('sha256').update(body).digest('hex').slice(0, 32);
}

/** The line for `entry` (an object), newline included. */
export function sealLine(entry: object): string {
  const body = JSON.stringify(entry);
  return `${body.slice(0, -1)},"${SUM}":"${digest(body)}"}\n`;
}

/** The object of a line (without its newline) whose checksum matches, or null. */
export function unsealLine(line: string): Record<string, unknown> | null {
  let obj: unknown;
  try {
    obj = JSON.parse(line);
  } catch {
    return null;
  }
  if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) return null;
  const rec = obj as Record<string, unknown>;
  const sum = rec[SUM];
  if (typeof sum !== 'string') return null;
  delete rec[SUM];
  return digest(JSON.stringify(rec)) === sum ? rec : null;
}
