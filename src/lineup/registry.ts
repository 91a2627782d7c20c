/**
 * The lineup: strategy lookup, assembled above the engine and the strategies (the built-ins, and user files): built-in names, `name:param=value:param=value` parameter overrides, and user strategy files
 * (`./my-bot.js`), loaded as ES modules exporting a Strategy as `default` or `strategy`.
 */
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { UserError } from '../errors.js';
import { builtinStrategies } from '../../strategies/index.js';
import { applyParams } from '../agent/params.js';
import type { Strategy, StrategyInstance } from '../agent/types.js';

export type { StrategyInstance } from '../agent/types.js';
export { applyParams } from '../agent/params.js';

export function builtinNames(): string[] {
  return builtinStrategies.map((s) => s.name);
}

function isPath(name: string): boolean {
  return name.startsWith('.') || name.startsWith('/') || /\.(m?js|cjs)$/.test(name);
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
