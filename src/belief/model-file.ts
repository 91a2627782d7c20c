/**
 * The belief model file (docs/belief.md "The model file"): what `mjlab train --target belief` writes and a
 * belief-guided search reads. Little-endian bytes:
 *
 *   "MJBELIEF"            8 bytes, the magic
 *   version               u32 (1)
 *   header length L       u32
 *   header                L bytes of UTF-8 JSON: {"beliefFeaturesVersion", "features", "hidden", ...provenance}
 *   parameters            float32 × beliefLayout(hidden).size, in the order of src/belief/net.ts beliefLayout
 *   checksum              32 bytes, the SHA-256 of every byte before it
 *
 * The container is src/io/weights-file.ts's, shared with the policy's and the value's models. Nothing in it depends on
 * the clock or the machine: the same data and seed write the same bytes. A file cut short, lengthened or altered
 * anywhere fails the length or the checksum and is refused in one line (a UserError).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { UserError } from '../errors.js';
import { decodeWeights, encodeWeights } from '../io/weights-file.js';
import { BELIEF_FEATURES, BELIEF_FEATURES_VERSION } from './features.js';
import { beliefLayout, beliefNonFinite, type BeliefLayout } from './net.js';

const MAGIC = 'MJBELIEF';
const VERSION = 1;

export interface BeliefHeader {
  readonly beliefFeaturesVersion: number;
  readonly features: number;
  readonly hidden: number;
  /** Anything else the trainer records (rules, lineup, seed, data), carried along. */
  readonly [k: string]: unknown;
}

export interface BeliefModel {
  readonly header: BeliefHeader;
  readonly layout: BeliefLayout;
  /** The parameters as stored (float32), widened to double. */
  readonly params: Float64Array;
  /** SHA-256 of the file's bytes: the model's identity in a run's provenance. */
  readonly sha256: string;
}

export function encodeBeliefModel(header: BeliefHeader, params: Float64Array): Buffer {
  const L = beliefLayout(header.hidden);
  if (params.length !== L.size) throw new Error(`belief model: ${params.length} parameters for a layout of ${L.size}`);
  return encodeWeights(MAGIC, VERSION, header, params);
}

/** The model in `bytes` (read from `name`, for messages), or a one-line refusal saying what is wrong. */
export function decodeBeliefModel(bytes: Uint8Array, name: string): BeliefModel {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const bad = (what: string): never => {
    throw new UserError(`belief model file ${name} ${what}`);
  };
  const ok = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0 && (v as number) <= 4096;
  const { header, params } = decodeWeights<BeliefHeader>(b, MAGIC, VERSION, 'an mjlab belief model', (h) => {
    if (h === null || typeof h !== 'object' || !ok(h.features) || !ok(h.hidden)) bad('has a damaged header (sizes missing)');
    return beliefLayout(h.hidden).size;
  }, bad);
  if (header.beliefFeaturesVersion !== BELIEF_FEATURES_VERSION || header.features !== BELIEF_FEATURES) {
    bad(`was trained on belief feature layout ${String(header.beliefFeaturesVersion)} (${header.features} features), this mjlab computes layout ${BELIEF_FEATURES_VERSION} (${BELIEF_FEATURES})`);
  }
  const L = beliefLayout(header.hidden);
  const nonFinite = beliefNonFinite(params, L);
  if (nonFinite) bad(`holds a weight that is not finite (NaN or Infinity): block ${nonFinite.block}, parameter ${nonFinite.at}`);
  return { header, layout: L, params, sha256: createHash('sha256').update(b).digest('hex') };
}

/** The belief model at `path`, checked as decodeBeliefModel does; a missing or unreadable file refused in one line. */
export function readBeliefModel(path: string): BeliefModel {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UserError(code === 'ENOENT' ? `belief model file ${path} not found` : `belief model file ${path} cannot be read (${code ?? (e as Error).message})`);
  }
  return decodeBeliefModel(bytes, path);
}
