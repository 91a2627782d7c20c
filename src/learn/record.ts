/**
 * The decision record (docs/learning.md "The data file"): one teacher decision as `mjlab train`
 * stores it in decisions.bin, little-endian:
 *
 *   game u32, seat u8, legal count L u8, L × action index u8 (strategies/learned/actions.ts),
 *   the teacher's choice u8 (a position in the legal list), searched candidates C u8,
 *   C × (legal position u8, rollouts u16, mean net f32), the seat's net for the hand f32 (the value target),
 *   non-zero features N u16, N × feature index u16, N × value f32 (strategies/learned/features.ts).
 *
 * Records follow each other with no padding; batches of them are checksummed in the checkpoint (src/learn/data.ts).
 */
import { UserError } from '../errors.js';
import { ACTIONS } from '../../strategies/learned/actions.js';
import { FEATURES } from '../../strategies/learned/features.js';

export interface Decision {
  readonly game: number;
  readonly seat: number;
  /** Action indices of the legal actions, in the view's order. */
  readonly legal: readonly number[];
  /** The teacher's choice, as a position in `legal`. */
  readonly choice: number;
  /** Searched candidates: legal position, rollouts, mean net. Empty for a teacher that is not a search. */
  readonly cands: readonly { readonly at: number; readonly n: number; readonly mean: number }[];
  /** The seat's net for the hand (points). */
  value: number;
  readonly index: readonly number[];
  /** Feature values, already float32 (Math.fround). */
  readonly values: readonly number[];
}

export function recordBytes(d: Decision): number {
  return 4 + 1 + 1 + d.legal.length + 1 + 1 + 7 * d.cands.length + 4 + 2 + 6 * d.index.length;
}

export function encodeDecisions(ds: readonly Decision[]): Buffer {
  const b = Buffer.alloc(ds.reduce((s, d) => s + recordBytes(d), 0));
  let o = 0;
  for (const d of ds) {
    o = b.writeUInt32LE(d.game, o);
    o = b.writeUInt8(d.seat, o);
    o = b.writeUInt8(d.legal.length, o);
    for (const a of d.legal) o = b.writeUInt8(a, o);
    o = b.writeUInt8(d.choice, o);
    o = b.writeUInt8(d.cands.length, o);
    for (const c of d.cands) {
      o = b.writeUInt8(c.at, o);
      o = b.writeUInt16LE(Math.min(c.n, 65535), o);
      o = b.writeFloatLE(c.mean, o);
    }
    o = b.writeFloatLE(d.value, o);
    o = b.writeUInt16LE(d.index.length, o);
    for (const i of d.index) o = b.writeUInt16LE(i, o);
    for (const v of d.values) o = b.writeFloatLE(v, o);
  }
  return b;
}

/**
 * Every record of `b` (read from `name`, for messages). Data whose checksums hold may still not be records mjlab
 * wrote (a batch cut and its checkpoint line re-sealed to match): a record that runs past the end, or holds an
 * action, a choice or a feature out of range or a number that is not finite, is refused in one line, never read
 * past its end or trained on.
 */
export function decodeDecisions(b: Buffer, onRecord: (d: Decision) => void, name = 'decision data'): void {
  let o = 0;
  let at = 0;
  const bad = (what: string): never => {
    throw new UserError(`${name}: the decision record at byte ${at} ${what}; it is not data mjlab train wrote (regenerate it)`);
  };
  const need = (n: number): void => {
    if (o + n > b.length) bad('runs past the end of the data (cut short)');
  };
  const finite = (v: number): number => (Number.isFinite(v) ? v : bad('holds a number that is not finite'));
  while (o < b.length) {
    at = o;
    need(6);
    const game = b.readUInt32LE(o);
    const seat = b.readUInt8(o + 4);
    const nl = b.readUInt8(o + 5);
    o += 6;
    need(nl + 2);
    const legal: number[] = [];
    for (let i = 0; i < nl; i++) legal.push(b.readUInt8(o++));
    const choice = b.readUInt8(o++);
    const nc = b.readUInt8(o++);
    if (nl === 0 || choice >= nl || legal.some((a) => a >= ACTIONS)) bad('holds a legal action or a choice out of range');
    need(7 * nc + 6);
    const cands: { at: number; n: number; mean: number }[] = [];
    for (let i = 0; i < nc; i++) {
      cands.push({ at: b.readUInt8(o), n: b.readUInt16LE(o + 1), mean: finite(b.readFloatLE(o + 3)) });
      if (cands[i]!.at >= nl) bad('holds a searched candidate out of range');
      o += 7;
    }
    const value = finite(b.readFloatLE(o));
    const nf = b.readUInt16LE(o + 4);
    o += 6;
    need(6 * nf);
    const index: number[] = [];
    const values: number[] = [];
    for (let i = 0; i < nf; i++) index.push(b.readUInt16LE(o + 2 * i));
    if (index.some((i) => i >= FEATURES)) bad('holds a feature index out of range');
    o += 2 * nf;
    for (let i = 0; i < nf; i++) values.push(finite(b.readFloatLE(o + 4 * i)));
    o += 4 * nf;
    onRecord({ game, seat, legal, choice, cands, value, index, values });
  }
}
