/**
 * The model file (docs/learning.md "The model file"): what `mjlab train` writes and `net:model=FILE`
 * reads. Little-endian bytes:
 *
 *   "MJLABNET"            8 bytes, the magic
 *   version               u32 (1)
 *   header length L       u32
 *   header                L bytes of UTF-8 JSON: {"featuresVersion", "features", "hidden", "actions", "valueScale", ...}
 *   parameters            float32 × layoutOf(dims).size, in the order of strategies/learned/mlp.ts layoutOf
 *   checksum              32 bytes, the SHA-256 of every byte before it
 *
 * Nothing in it depends on the clock or the machine: the same data and seed write the same bytes. A file cut short,
 * lengthened or altered anywhere fails the length or the checksum and is refused in one line (a UserError).
 */
import { createHash } from 'node:crypto';
import { UserError } from '../../src/errors.js';
import { ACTIONS } from './actions.js';
import { FEATURES, FEATURES_VERSION } from './features.js';
import { firstNonFinite, layoutOf, type Dims, type Layout } from './mlp.js';

const MAGIC = 'MJLABNET';
const VERSION = 1;

export interface ModelHeader {
  readonly featuresVersion: number;
  readonly features: number;
  readonly hidden: number;
  readonly actions: number;
  /** Points per unit of the value head. */
  readonly valueScale: number;
  /** Anything else the trainer records (rules, seed, data), carried along and not read by play. */
  readonly [k: string]: unknown;
}

export interface Model {
  readonly header: ModelHeader;
  readonly dims: Dims;
  readonly layout: Layout;
  /** The parameters as stored (float32), widened to double for play. */
  readonly params: Float64Array;
}

export function encodeModel(header: ModelHeader, params: Float64Array): Buffer {
  const dims = { features: header.features, hidden: header.hidden, actions: header.actions };
  const L = layoutOf(dims);
  if (params.length !== L.size) throw new Error(`model: ${params.length} parameters for a layout of ${L.size}`);
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
export function decodeModel(bytes: Uint8Array, name: string): Model {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const bad = (what: string): never => {
    throw new UserError(`model file ${name} ${what}`);
  };
  if (b.length < 16 + 32 || b.toString('latin1', 0, 8) !== MAGIC) bad('is not an mjlab model (no MJLABNET header)');
  const version = b.readUInt32LE(8);
  if (version !== VERSION) bad(`has format version ${version}; this mjlab reads version ${VERSION}`);
  const jl = b.readUInt32LE(12);
  if (16 + jl + 32 > b.length) bad('is cut short (its header runs past the end of the file)');
  let header: ModelHeader;
  try {
    header = JSON.parse(b.toString('utf8', 16, 16 + jl)) as ModelHeader;
  } catch {
    return bad('has a damaged header (not JSON)');
  }
  const ok = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0;
  if (!header || !ok(header.features) || !ok(header.hidden) || !ok(header.actions) || !(typeof header.valueScale === 'number' && header.valueScale > 0)) {
    bad('has a damaged header (sizes missing)');
  }
  const dims = { features: header.features, hidden: header.hidden, actions: header.actions };
  const L = layoutOf(dims);
  const want = 16 + jl + 4 * L.size + 32;
  if (b.length < want) bad(`is cut short (${b.length} bytes, its header says ${want})`);
  if (b.length > want) bad(`has ${b.length - want} bytes beyond its end (${want} bytes expected)`);
  const sum = createHash('sha256').update(b.subarray(0, want - 32)).digest();
  if (!sum.equals(b.subarray(want - 32))) bad('fails its checksum (altered or damaged)');
  if (header.featuresVersion !== FEATURES_VERSION || header.features !== FEATURES || header.actions !== ACTIONS) {
    bad(`was trained on feature layout ${header.featuresVersion} (${header.features} features), this mjlab computes layout ${FEATURES_VERSION} (${FEATURES})`);
  }
  const params = new Float64Array(L.size);
  const at = 16 + jl;
  for (let i = 0; i < L.size; i++) params[i] = b.readFloatLE(at + 4 * i);
  // A checksum proves the bytes are the file's, not that they are numbers: NaN or Infinity would play the first
  // legal action every time, and train into more of them.
  const nonFinite = firstNonFinite(params, L);
  if (nonFinite) bad(`holds a weight that is not finite (NaN or Infinity): block ${nonFinite.block}, parameter ${nonFinite.at}; it cannot play or be trained from`);
  return { header, dims, layout: L, params };
}
