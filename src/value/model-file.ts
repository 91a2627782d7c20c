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
import { checkFittingSeed, checkMeasuringSeed } from './seeds.js';
import { decodeWeights, encodeWeights } from '../io/weights-file.js';
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
  return encodeWeights(MAGIC, VERSION, header, params);
}

/** The model in `bytes` (read from `name`, for messages), or a one-line refusal saying what is wrong. */
export function decodeValueModel(bytes: Uint8Array, name: string): ValueModel {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const bad = (what: string): never => {
    throw new UserError(`value model ${name} ${what}`);
  };
  const ok = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0;
  const { header, params } = decodeWeights<ValueHeader>(b, MAGIC, VERSION, 'an mjlab value model', (h) => {
    if (!h || !ok(h.features) || !ok(h.hidden) || !(typeof h.scale === 'number' && h.scale > 0) || typeof h.rules !== 'string' || !Number.isSafeInteger(h.seed)) {
      bad('has a damaged header (sizes, rules or seed missing)');
    }
    return valueLayout(h.features, h.hidden).size;
  }, bad);
  if (header.featuresVersion !== VALUE_FEATURES_VERSION || header.features !== VALUE_FEATURES) {
    bad(`was trained on value inputs of layout ${header.featuresVersion} (${header.features}), this mjlab computes layout ${VALUE_FEATURES_VERSION} (${VALUE_FEATURES})`);
  }
  const i = params.findIndex((x) => !Number.isFinite(x));
  if (i >= 0) bad(`holds a weight that is not finite (NaN or Infinity) at parameter ${i}`);
  return { header, layout: valueLayout(header.features, header.hidden), params, sha256: createHash('sha256').update(b).digest('hex') };
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

/**
 * The model a run that records luck.bin format 4 reads (`--luck-model` of simulate, league and sprt), refused in one
 * line unless it values this rule set's four-handed game and the run measures walls it was not fitted on: never
 * the seeds reserved for fitting (src/value/seeds.ts), never its own data's seed. A pilot fitting the adjustment's
 * coefficients (`fittingPilot`) plays the reserved seeds only, its model's own data seed still refused.
 */
export function readLuckModel(path: string, rules: string, seed: number, players: number, fittingPilot = false): { model: ValueModel; bytes: Buffer } {
  if (players !== 4) throw new UserError(`--luck-model values the four-handed game; this run seats ${players}`);
  const m = readValueModel(path);
  if (m.model.header.rules !== rules) throw new UserError(`value model ${path} was fitted under ${m.model.header.rules}, this run plays ${rules}`);
  // A pilot fitting the coefficients plays only the reserved seeds (src/luck/beta.ts); a measuring run never does.
  if (fittingPilot) checkFittingSeed(seed);
  else checkMeasuringSeed(seed);
  if (m.model.header.seed === seed) throw new UserError(`value model ${path} was fitted on seed ${seed}'s walls, the walls this run would measure`);
  return m;
}
