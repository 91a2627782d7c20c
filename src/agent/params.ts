/**
 * A strategy's parameters from a lineup entry (`suit-hunter:minPairs=3`): defaults, then overrides by name, each
 * parsed to its default's type. Below the strategies, so a strategy may read another's parameters (search's policy).
 */
import { UserError } from '../errors.js';
import type { ParamSpec, ParamValue, Strategy } from './types.js';

function parseValue(v: string, def: ParamValue): ParamValue | undefined {
  if (typeof def === 'number') {
    const n = Number(v);
    return v.trim() !== '' && Number.isFinite(n) ? n : undefined;
  }
  if (typeof def === 'boolean') return v === 'true' ? true : v === 'false' ? false : undefined;
  return v;
}

/** The spec of parameter `key`, or a one-line error naming the known ones. */
export function paramSpec(strategy: Strategy, key: string, where = ''): ParamSpec {
  const spec = strategy.params.find((p) => p.name === key);
  if (!spec) {
    const known = strategy.params.map((p) => p.name).join(', ') || 'none';
    throw new UserError(`${where}strategy "${strategy.name}" has no parameter "${key}" (known: ${known})`);
  }
  return spec;
}

/** Parameters after defaults, then `base` (a preset's values, src/lineup/preset.ts), then the overrides, in order. */
export function applyParams(
  strategy: Strategy,
  overrides: readonly string[],
  label: string,
  base: Readonly<Record<string, ParamValue>> = {},
): Record<string, ParamValue> {
  const params: Record<string, ParamValue> = {};
  for (const p of strategy.params) params[p.name] = p.default;
  Object.assign(params, base);
  const given = new Set<string>();
  for (const o of overrides) {
    const eq = o.indexOf('=');
    if (eq <= 0) throw new UserError(`strategy "${label}": parameter "${o}" is not name=value`);
    const key = o.slice(0, eq);
    // A repeated parameter is refused as a repeated option is: which one was meant cannot be known.
    if (given.has(key)) throw new UserError(`strategy "${label}": parameter ${key} is given twice; give it once`);
    given.add(key);
    const spec = paramSpec(strategy, key);
    const value = parseValue(o.slice(eq + 1), spec.default);
    if (value === undefined) throw new UserError(`strategy "${label}": bad value for ${key} (expected a ${typeof spec.default})`);
    params[key] = value;
  }
  return params;
}
