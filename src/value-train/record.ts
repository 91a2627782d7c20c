/**
 * The value model's training samples (docs/statistics.md "The learned value"), as `mjlab train --target value`
 * stores them in decisions.bin, little-endian, one record a sampled draw:
 *
 *   game u32, the seats' nets for the hand f32 × 4 (wind order from East: the target),
 *   non-zero inputs N u16, N × input index u16 (ascending), N × value f32 (src/value/features.ts).
 *
 * Records follow each other with no padding; batches of them are checksummed in the checkpoint (src/learn/data.ts).
 */
import { UserError } from '../errors.js';
import { VALUE_FEATURES, VALUE_SEATS } from '../value/features.js';

export interface ValueSample {
  readonly game: number;
  /** The seats' nets for the hand, wind order from East (points). */
  readonly nets: Float64Array;
  readonly index: Uint16Array;
  /** Input values, already float32. */
  readonly values: Float64Array;
}

const bytesOf = (s: ValueSample): number => 4 + 4 * VALUE_SEATS + 2 + 6 * s.index.length;

export function encodeSamples(ss: readonly ValueSample[]): Buffer {
  const b = Buffer.alloc(ss.reduce((n, s) => n + bytesOf(s), 0));
  let o = 0;
  for (const s of ss) {
    o = b.writeUInt32LE(s.game, o);
    for (let w = 0; w < VALUE_SEATS; w++) o = b.writeFloatLE(s.nets[w]!, o);
    o = b.writeUInt16LE(s.index.length, o);
    for (const i of s.index) o = b.writeUInt16LE(i, o);
    for (const v of s.values) o = b.writeFloatLE(v, o);
  }
  return b;
}

/**
 * Every record of `b` (read from `name`, for messages). Data whose checksums hold may still not be records mjlab
 * wrote: a record that runs past the end, or holds an input out of range or out of order or a number that is not
 * finite, is refused in one line.
 */
export function decodeSamples(b: Buffer, onSample: (s: ValueSample) => void, name = 'value data'): void {
  let o = 0;
  let at = 0;
  const bad = (what: string): never => {
    throw new UserError(`${name}: the value sample at byte ${at} ${what}; it is not data mjlab train --target value wrote (regenerate it)`);
  };
  const need = (n: number): void => {
    if (o + n > b.length) bad('runs past the end of the data (cut short)');
  };
  while (o < b.length) {
    at = o;
    need(4 + 4 * VALUE_SEATS + 2);
    const game = b.readUInt32LE(o);
    o += 4;
    const nets = new Float64Array(VALUE_SEATS);
    for (let w = 0; w < VALUE_SEATS; w++, o += 4) nets[w] = b.readFloatLE(o);
    const n = b.readUInt16LE(o);
    o += 2;
    need(6 * n);
    const index = new Uint16Array(n);
    const values = new Float64Array(n);
    for (let i = 0; i < n; i++) index[i] = b.readUInt16LE(o + 2 * i);
    o += 2 * n;
    for (let i = 0; i < n; i++) values[i] = b.readFloatLE(o + 4 * i);
    o += 4 * n;
    for (let i = 0; i < n; i++) if (index[i]! >= VALUE_FEATURES || (i > 0 && index[i]! <= index[i - 1]!)) bad('holds an input index out of range or out of order');
    if (!nets.every(Number.isFinite) || !values.every(Number.isFinite)) bad('holds a number that is not finite');
    onSample({ game, nets, index, values });
  }
}
