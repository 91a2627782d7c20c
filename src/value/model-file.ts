/**
 * The value model file (docs/statistics.md "The learned value"): what `mjlab train --target value` writes and
 * `simulate --luck-model FILE` reads. Little-endian bytes:
 *
 *   "MJLABVAL"            8 bytes, the magic
 *   version               u32 (1)
 *   header length L       u32
 *   header                L bytes of UTF-8 JSON: {"featuresVersion", "features", "hidden", "scale", "rules",
 *                         "seed", "games", ... the data's identity and the fit's options}
 *   parameters            float32 × valueLayout(features, hidden).size, in src/value/net.ts's order
 *   checksum              32 bytes, the SHA-256 of every byte before it
 *
 * The same data and fit options write the same bytes. A file cut short, lengthened or altered anywhere fails the
 * length or the checksum and is refused in one line (a UserError); so is one of another feature layout.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { UserError } from '../errors.js';
import { VALUE_FEATURES, VALUE_FEATURES_VERSION } from './features.js';
import { valueLayout, type ValueLayout } from './net.js';

const MAGIC = 'MJLABVAL';
const VERSION = 1;

export interface ValueHeader {
  readonly featuresVersion: number;
  readonly features: number;
  readonly hidden: number;
  /** Points per unit of an output. */
  readonly scale: number;
  /** The rule set whose self-play it was fitted on. */
  readonly rules: string;
  /** The master seed and games of its data: the walls it must never measure. */
  readonly seed: number;
  readonly games: number;
  readonly [k: string]: unknown;
}

export interface ValueModel {
  readonly header: ValueHeader;
  readonly layout: ValueLayout;
  readonly params: Float64Array;
  /** SHA-256 of the file's bytes: the model's identity in every run that uses it. */
  readonly sha256: string;
}

export function encodeValueModel(header: ValueHeader, params: Float64Array): Buffer {
  const L = valueLayout(header.features, header.hidden);
  if (params.length !== L.size) throw new Error(`value model: ${params.length} parameters for a layout of ${L.size}`);
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const body = Buffer.alloc(16 + json.length + 4 * L.size);
  body.write(MAGIC, 0, 'latin1');
  body.writeUInt32LE(VERSION, 8);
  body.writeUInt32LE(json.length, 12);
  json.copy(body, 16);
  const at = 16 + json.length;
  for (let i = 0; i < L.size; i++) body.writeFloatLE(params[i]!, at + 4 * i);
  return Buffer.concat([body, createHash('sha256').update(body).digest()]);
}

/** The model in `bytes` (read from `name`, for messages), or a one-line refusal saying what is wrong. */
export function decodeValueModel(bytes: Uint8Array, name: string): ValueModel {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const bad = (what: string): never => {
    throw new UserError(`value model ${name} ${what}`);
  };
  if (b.length < 16 + 32 || b.toString('latin1', 0, 8) !== MAGIC) bad('is not an mjlab value model (no MJLABVAL header)');
  const version = b.readUInt32LE(8);
  if (version !== VERSION) bad(`has format version ${version}; this mjlab reads version ${VERSION}`);
  const jl = b.readUInt32LE(12);
  if (16 + jl + 32 > b.length) bad('is cut short (its header runs past the end of the file)');
  let header: ValueHeader;
  try {
    header = JSON.parse(b.toString('utf8', 16, 16 + jl)) as ValueHeader;
  } catch {
    return bad('has a damaged header (not JSON)');
  }
  const ok = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0;
  if (!header || !ok(header.features) || !ok(header.hidden) || !(typeof header.scale === 'number' && header.scale > 0) || typeof header.rules !== 'string' || !Number.isSafeInteger(header.seed)) {
    bad('has a damaged header (sizes, rules or seed missing)');
  }
  const L = valueLayout(header.features, header.hidden);
  const want = 16 + jl + 4 * L.size + 32;
  if (b.length < want) bad(`is cut short (${b.length} bytes, its header says ${want})`);
  if (b.length > want) bad(`has ${b.length - want} bytes beyond its end (${want} bytes expected)`);
  if (!createHash('sha256').update(b.subarray(0, want - 32)).digest().equals(b.subarray(want - 32))) bad('fails its checksum (altered or damaged)');
  if (header.featuresVersion !== VALUE_FEATURES_VERSION || header.features !== VALUE_FEATURES) {
    bad(`was trained on value inputs of layout ${header.featuresVersion} (${header.features}), this mjlab computes layout ${VALUE_FEATURES_VERSION} (${VALUE_FEATURES})`);
  }
  const params = new Float64Array(L.size);
  const at = 16 + jl;
  for (let i = 0; i < L.size; i++) {
    params[i] = b.readFloatLE(at + 4 * i);
    if (!Number.isFinite(params[i]!)) bad(`holds a weight that is not finite (NaN or Infinity) at parameter ${i}`);
  }
  return { header, layout: L, params, sha256: createHash('sha256').update(b).digest('hex') };
}

/** The model file at `path`, read and checked; a missing or unreadable file is refused in one line too. */
export function readValueModel(path: string): { model: ValueModel; bytes: Buffer } {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UserError(code === 'ENOENT' ? `value model ${path} not found` : `value model ${path} cannot be read (${code ?? (e as Error).message})`);
  }
  return { model: decodeValueModel(bytes, path), bytes };
}
