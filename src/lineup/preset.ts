/**
 * Presets (docs/strategies.md, "Presets"): a JSON file naming a strategy and parameter values, `{"strategy": "harr", "params":
 * {"minPairs": 3}}` — the shape `mjlab tune` writes as best.json, whose `tune` record (provenance and results) is
 * carried along and ignored here. A preset is accepted wherever a strategy is (`--strategies ./best.json,harr,...`),
 * and wherever a policy is (`search:policy=./best.json`: src/lineup/policy.ts).
 * Reading is strict: a key this module does not know (a misspelt "param" would otherwise play the defaults), a
 * strategy that is not a name, or a value that is not a number, string or boolean is refused.
 */
import { readFileSync } from 'node:fs';
import { UserError } from '../errors.js';
import { repeatedKey } from '../json-keys.js';
import { dirname, isAbsolute, join } from 'node:path';
import { paramSpec } from '../agent/params.js';
import type { ParamValue, Strategy } from '../agent/types.js';

export interface Preset {
  /** A built-in strategy name or the path of a strategy file (relative to the preset's directory). */
  readonly strategy: string;
  readonly params: Readonly<Record<string, ParamValue>>;
}

/** Top-level keys a preset may hold: `tune` is mjlab tune's record of how the values were found. */
const KEYS = new Set(['strategy', 'params', 'tune', 'description']);

export function isPresetPath(entry: string): boolean {
  return /\.json$/i.test(entry);
}

export function readPreset(path: string): Preset {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UserError(code === 'ENOENT' ? `preset ${path} not found` : `preset ${path} cannot be read (${code ?? 'error'})`);
  }
  let obj: unknown;
  try {
    obj = JSON.parse(text);
  } catch (e) {
    throw new UserError(`preset ${path} is not valid JSON: ${(e as Error).message.split('\n')[0]}`);
  }
  const twice = repeatedKey(text);
  if (twice !== null) throw new UserError(`preset ${path}: "${twice}" is given twice; give it once`);
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) throw new UserError(`preset ${path} must be a JSON object {"strategy": ..., "params": {...}}`);
  const rec = obj as Record<string, unknown>;
  const extra = Object.keys(rec).filter((k) => !KEYS.has(k));
  if (extra.length > 0) throw new UserError(`preset ${path}: unknown key "${extra[0]}" (a preset holds strategy, params, tune, description)`);
  if (typeof rec.strategy !== 'string' || rec.strategy.trim() === '') throw new UserError(`preset ${path}: "strategy" must name a strategy`);
  if (isPresetPath(rec.strategy)) throw new UserError(`preset ${path}: "strategy" must be a strategy, not another preset (${rec.strategy})`);
  if (/[:,]/.test(rec.strategy)) throw new UserError(`preset ${path}: "strategy" is a name or a file, parameters go in "params" (${rec.strategy})`);
  const params = rec.params ?? {};
  if (typeof params !== 'object' || params === null || Array.isArray(params)) throw new UserError(`preset ${path}: "params" must be an object of name: value`);
  for (const [k, v] of Object.entries(params)) {
    const ok = typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));
    if (!ok) throw new UserError(`preset ${path}: parameter "${k}" must be a finite number, a string or a boolean`);
  }
  return { strategy: rec.strategy.trim(), params: params as Record<string, ParamValue> };
}

/** Each of the preset's values names a parameter of `strategy` and has its default's type. */
export function checkPresetParams(path: string, preset: Preset, strategy: Strategy): void {
  const where = `preset ${path}: `;
  for (const [k, v] of Object.entries(preset.params)) {
    const spec = paramSpec(strategy, k, where);
    if (typeof v !== typeof spec.default) throw new UserError(`${where}parameter "${k}" of ${strategy.name} must be a ${typeof spec.default}, got ${JSON.stringify(v)}`);
  }
}

/** A file a preset names (its strategy, a policy), as the path to read it by: relative to the preset's directory. */
export function besidePreset(presetPath: string, file: string): string {
  return isAbsolute(file) ? file : join(dirname(presetPath), file);
}
