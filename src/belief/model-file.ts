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
 * Nothing in it depends on the clock or the machine: the same data and seed write the same bytes. A file cut short,
 * lengthened or altered anywhere fails the length or the checksum and is refused in one line (a UserError).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { UserError } from '../errors.js';
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
export function decodeBeliefModel(bytes: Uint8Array, name: string): BeliefModel {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const bad = (what: string): never => {
    throw new UserError(`belief model file ${name} ${what}`);
  };
  if (b.length < 16 + 32 || b.toString('latin1', 0, 8) !== MAGIC) bad('is not an mjlab belief model (no MJBELIEF header)');
  const version = b.readUInt32LE(8);
  if (version !== VERSION) bad(`has format version ${version}; this mjlab reads version ${VERSION}`);
  const jl = b.readUInt32LE(12);
  if (16 + jl + 32 > b.length) bad('is cut short (its header runs past the end of the file)');
  let header: BeliefHeader;
  try {
    header = JSON.parse(b.toString('utf8', 16, 16 + jl)) as BeliefHeader;
  } catch {
    return bad('has a damaged header (not JSON)');
  }
  const ok = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0 && (v as number) <= 4096;
  if (header === null || typeof header !== 'object' || !ok(header.features) || !ok(header.hidden)) bad('has a damaged header (sizes missing)');
  const L = beliefLayout(header.hidden);
  const want = 16 + jl + 4 * L.size + 32;
  if (b.length < want) bad(`is cut short (${b.length} bytes, its header says ${want})`);
  if (b.length > want) bad(`has ${b.length - want} bytes beyond its end (${want} bytes expected)`);
  const sum = createHash('sha256').update(b.subarray(0, want - 32)).digest();
  if (!sum.equals(b.subarray(want - 32))) bad('fails its checksum (altered or damaged)');
  if (header.beliefFeaturesVersion !== BELIEF_FEATURES_VERSION || header.features !== BELIEF_FEATURES) {
    bad(`was trained on belief feature layout ${String(header.beliefFeaturesVersion)} (${header.features} features), this mjlab computes layout ${BELIEF_FEATURES_VERSION} (${BELIEF_FEATURES})`);
  }
  const params = new Float64Array(L.size);
  const at = 16 + jl;
  for (let i = 0; i < L.size; i++) params[i] = b.readFloatLE(at + 4 * i);
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
