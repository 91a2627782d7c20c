/**
 * Strategy lookup: built-in names, `name:param=value:param=value` parameter overrides, and user strategy files
 * (`./my-bot.js`), loaded as ES modules exporting a Strategy as `default` or `strategy`.
 */
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { UserError } from '../errors.js';
import { builtinStrategies } from '../../strategies/index.js';
import type { ParamValue, Strategy } from './types.js';

/** A strategy with its parameters fixed: what sits at a seat. */
export interface StrategyInstance {
  /** Label used in outputs: the lineup entry as written (e.g. "suit-hunter:minPairs=3"). */
  readonly label: string;
  readonly strategy: Strategy;
  readonly params: Readonly<Record<string, ParamValue>>;
}

export function builtinNames(): string[] {
  return builtinStrategies.map((s) => s.name);
}

function isPath(name: string): boolean {
  return name.startsWith('.') || name.startsWith('/') || /\.(m?js|cjs)$/.test(name);
}

function parseValue(v: string, def: ParamValue): ParamValue | undefined {
  if (typeof def === 'number') {
    const n = Number(v);
    return v.trim() !== '' && Number.isFinite(n) ? n : undefined;
  }
  if (typeof def === 'boolean') return v === 'true' ? true : v === 'false' ? false : undefined;
  return v;
}

export function applyParams(strategy: Strategy, overrides: readonly string[], label: string): Record<string, ParamValue> {
  const params: Record<string, ParamValue> = {};
  for (const p of strategy.params) params[p.name] = p.default;
  for (const o of overrides) {
    const eq = o.indexOf('=');
    if (eq <= 0) throw new UserError(`strategy "${label}": parameter "${o}" is not name=value`);
    const key = o.slice(0, eq);
    const spec = strategy.params.find((p) => p.name === key);
    if (!spec) {
      const known = strategy.params.map((p) => p.name).join(', ') || 'none';
      throw new UserError(`strategy "${strategy.name}" has no parameter "${key}" (known: ${known})`);
    }
    const value = parseValue(o.slice(eq + 1), spec.default);
    if (value === undefined) throw new UserError(`strategy "${label}": bad value for ${key} (expected a ${typeof spec.default})`);
    params[key] = value;
  }
  return params;
}

function checkStrategy(obj: unknown, where: string): Strategy {
  const s = obj as Partial<Strategy> | undefined;
  if (!s || typeof s !== 'object' || typeof s.create !== 'function' || typeof s.name !== 'string') {
    throw new UserError(`${where} does not export a strategy (default export or "strategy" with name and create())`);
  }
  if (s.params !== undefined) {
    const ok =
      Array.isArray(s.params) &&
      s.params.every((p) => p && typeof p.name === 'string' && ['number', 'string', 'boolean'].includes(typeof p.default));
    if (!ok) throw new UserError(`${where}: "params" must be a list of { name, default (number, string or boolean), description }`);
  }
  return { description: '', params: [], ...s } as Strategy;
}

async function loadUserStrategy(path: string): Promise<Strategy> {
  const abs = resolve(path);
  if (!existsSync(abs)) throw new UserError(`strategy file ${path} not found`);
  let mod: Record<string, unknown>;
  try {
    mod = (await import(pathToFileURL(abs).href)) as Record<string, unknown>;
  } catch (e) {
    throw new UserError(`strategy file ${path} failed to load: ${(e as Error).message.split('\n')[0]}`);
  }
  return checkStrategy(mod.default ?? mod.strategy, `strategy file ${path}`);
}

/** Resolve one lineup entry: "greedy", "suit-hunter:minPairs=3" or "./my-bot.js". */
export async function resolveStrategy(entry: string): Promise<StrategyInstance> {
  const label = entry.trim();
  if (isPath(label)) {
    const [path, ...overrides] = label.split(/:(?=[A-Za-z_]\w*=)/);
    const strategy = await loadUserStrategy(path!);
    return { label, strategy, params: applyParams(strategy, overrides, label) };
  }
  const [name, ...overrides] = label.split(':');
  const strategy = builtinStrategies.find((s) => s.name === name);
  if (!strategy) throw new UserError(`unknown strategy "${name}" (known: ${builtinNames().join(', ')}, or a path to a .js file)`);
  return { label, strategy, params: applyParams(strategy, overrides, label) };
}

/** Resolve a comma-separated lineup; its length must equal the player count. */
export async function resolveLineup(spec: string, players: number): Promise<StrategyInstance[]> {
  const entries = spec.split(',').map((s) => s.trim());
  if (entries.some((e) => e === '')) throw new UserError(`empty strategy name in "${spec}"`);
  if (entries.length !== players) {
    throw new UserError(`${entries.length} strategies given for ${players} players ("${spec}")`);
  }
  return Promise.all(entries.map(resolveStrategy));
}
