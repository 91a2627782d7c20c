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
import { UserError } from '../../src/errors.js';
import { decodeWeights, encodeWeights } from '../../src/io/weights-file.js';
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
  const L = layoutOf({ features: header.features, hidden: header.hidden, actions: header.actions });
  if (params.length !== L.size) throw new Error(`model: ${params.length} parameters for a layout of ${L.size}`);
  return encodeWeights(MAGIC, VERSION, header, params);
}

/** The model in `bytes` (read from `name`, for messages), or a one-line refusal saying what is wrong. */
export function decodeModel(bytes: Uint8Array, name: string): Model {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const bad = (what: string): never => {
    throw new UserError(`model file ${name} ${what}`);
  };
  const ok = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0;
  const { header, params } = decodeWeights<ModelHeader>(b, MAGIC, VERSION, 'an mjlab model', (h) => {
    if (!h || !ok(h.features) || !ok(h.hidden) || !ok(h.actions) || !(typeof h.valueScale === 'number' && h.valueScale > 0)) bad('has a damaged header (sizes missing)');
    return layoutOf({ features: h.features, hidden: h.hidden, actions: h.actions }).size;
  }, bad);
  if (header.featuresVersion !== FEATURES_VERSION || header.features !== FEATURES || header.actions !== ACTIONS) {
    bad(`was trained on feature layout ${header.featuresVersion} (${header.features} features), this mjlab computes layout ${FEATURES_VERSION} (${FEATURES})`);
  }
  const dims = { features: header.features, hidden: header.hidden, actions: header.actions };
  const L = layoutOf(dims);
  // A checksum proves the bytes are the file's, not that they are numbers: NaN or Infinity would play the first
  // legal action every time, and train into more of them.
  const nonFinite = firstNonFinite(params, L);
  if (nonFinite) bad(`holds a weight that is not finite (NaN or Infinity): block ${nonFinite.block}, parameter ${nonFinite.at}; it cannot play or be trained from`);
  return { header, dims, layout: L, params };
}
