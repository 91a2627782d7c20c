/**
 * The belief record (docs/belief.md "The data file"): one seat's decision as `mjlab train --target belief` stores it
 * in decisions.bin, little-endian, records one after another with no padding:
 *
 *   game u32, seat u8, live wall count u8,
 *   unseen 34 × u8 (4 − own − shown, from the view: the most any other hand holds of the kind),
 *   counts 3 × 34 × u8 (each other seat's true concealed count, in turn order after the seat),
 *   ready u8 (bit k−1: the seat k places on is one tile from complete),
 *   waits 13 bytes (bit (k−1)·34 + t: that seat would go Mah-Jongg on kind t discarded by this seat),
 *   non-zero features N u16, N × feature index u16, N × value f32 (src/belief/features.ts).
 *
 * Batches of records are checksummed in the checkpoint (src/learn/data.ts), as the policy's are.
 */
import { UserError } from '../errors.js';
import { KINDS } from '../tiles/tile.js';
import { BELIEF_FEATURES, OTHERS } from './features.js';
import type { BeliefLabels } from './labels.js';

const WAIT_BYTES = Math.ceil((OTHERS * KINDS) / 8);
const FIXED = 4 + 1 + 1 + KINDS + OTHERS * KINDS + 1 + WAIT_BYTES + 2;

export interface BeliefRecord extends BeliefLabels {
  readonly game: number;
  readonly seat: number;
  readonly wall: number;
  readonly unseen: Uint8Array;
  readonly index: readonly number[];
  /** Feature values, already float32. */
  readonly values: readonly number[];
}

export function encodeBeliefRecords(rs: readonly BeliefRecord[]): Buffer {
  const b = Buffer.alloc(rs.reduce((s, r) => s + FIXED + 6 * r.index.length, 0));
  let o = 0;
  for (const r of rs) {
    o = b.writeUInt32LE(r.game, o);
    o = b.writeUInt8(r.seat, o);
    o = b.writeUInt8(Math.min(255, r.wall), o);
    b.set(r.unseen, o);
    o += KINDS;
    b.set(r.counts, o);
    o += OTHERS * KINDS;
    o = b.writeUInt8(r.ready, o);
    for (let i = 0; i < OTHERS * KINDS; i++) if (r.waits[i]) b[o + (i >> 3)]! |= 1 << (i & 7);
    o += WAIT_BYTES;
    o = b.writeUInt16LE(r.index.length, o);
    for (const i of r.index) o = b.writeUInt16LE(i, o);
    for (const v of r.values) o = b.writeFloatLE(v, o);
  }
  return b;
}

/**
 * Every record of `b` (read from `name`, for messages). A record that runs past the end, or holds a count, a seat or
 * a feature out of range or a value that is not finite, is refused in one line, never read past its end.
 */
export function decodeBeliefRecords(b: Buffer, onRecord: (r: BeliefRecord) => void, name = 'belief data'): void {
  let o = 0;
  let at = 0;
  const bad = (what: string): never => {
    throw new UserError(`${name}: the belief record at byte ${at} ${what}; it is not data mjlab train wrote (regenerate it)`);
  };
  while (o < b.length) {
    at = o;
    if (o + FIXED > b.length) bad('runs past the end of the data (cut short)');
    const game = b.readUInt32LE(o);
    const seat = b.readUInt8(o + 4);
    const wall = b.readUInt8(o + 5);
    o += 6;
    const unseen = Uint8Array.from(b.subarray(o, o + KINDS));
    o += KINDS;
    const counts = Uint8Array.from(b.subarray(o, o + OTHERS * KINDS));
    o += OTHERS * KINDS;
    const ready = b.readUInt8(o++);
    const waits = new Uint8Array(OTHERS * KINDS);
    for (let i = 0; i < OTHERS * KINDS; i++) waits[i] = (b[o + (i >> 3)]! >> (i & 7)) & 1;
    o += WAIT_BYTES;
    const nf = b.readUInt16LE(o);
    o += 2;
    if (seat > 3 || ready > 7 || unseen.some((u) => u > 4) || counts.some((c, i) => c > unseen[i % KINDS]!)) bad('holds a seat, a count or a label out of range');
    if (o + 6 * nf > b.length) bad('runs past the end of the data (cut short)');
    const index: number[] = [];
    const values: number[] = [];
    for (let i = 0; i < nf; i++) index.push(b.readUInt16LE(o + 2 * i));
    if (index.some((i) => i >= BELIEF_FEATURES)) bad('holds a feature index out of range');
    o += 2 * nf;
    for (let i = 0; i < nf; i++) {
      const v = b.readFloatLE(o + 4 * i);
      if (!Number.isFinite(v)) bad('holds a number that is not finite');
      values.push(v);
    }
    o += 4 * nf;
    onRecord({ game, seat, wall, unseen, counts, ready, waits, index, values });
  }
}
