/**
 * The lineup: strategy lookup, assembled above the engine and the strategies (the built-ins, and user files): built-in
 * names, `name:param=value:param=value` parameter overrides, user strategy files (`./my-bot.js`), loaded as ES
 * modules exporting a Strategy as `default` or `strategy`, and presets (`./best.json`: a strategy with parameter
 * values, src/lineup/preset.ts), labelled by their file name.
 */
import { pathToFileURL } from 'node:url';
import { basename, dirname, resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { UserError } from '../errors.js';
import { builtinStrategies } from '../../strategies/index.js';
import { applyParams } from '../agent/params.js';
import type { Strategy, StrategyInstance } from '../agent/types.js';
import { expandPolicies } from './policy.js';
import { besidePreset, checkPresetParams, isPresetPath, readPreset } from './preset.js';
import { probeImport } from './probe.js';
import { lockdown } from './lockdown.js';
import { bindModels } from './models.js';
import { fileOf, needsModules, OVERRIDES } from '../strategy-file.js';
import { isBotEntry, resolveBot } from '../bot/strategy.js';

export type { StrategyInstance } from '../agent/types.js';
export { applyParams, paramSpec } from '../agent/params.js';

export function builtinNames(): string[] {
  return builtinStrategies.map((s) => s.name);
}


/**
 * A lineup entry naming a file (a strategy module or a preset) rather than a built-in, judged by the part before its
 * overrides: `search:policy=./best.json` is a built-in whose parameter names a file.
 */
export function isPath(name: string): boolean {
  if (isBotEntry(name)) return false;
  const head = fileOf(name);
  return head.startsWith('.') || head.startsWith('/') || /\.(m?js|cjs|json)$/i.test(head);
}

/**
 * Whether resolving the lineup `spec` imports a user's module that may import the library: an entry naming a
 * strategy file, or a preset whose strategy is one (a policy is always a built-in: src/lineup/policy.ts), unless the
 * file imports only `node:` modules (src/strategy-file.ts). A preset that cannot be read counts as one: resolving it
 * will say what is wrong, in whichever worker. Such a lineup's worker threads load the compiled modules rather
 * than the one-file bundle (src/worker-script.ts workerScriptFor).
 */
export function loadsModules(spec: string): boolean {
  return spec.split(',').some((raw) => {
    const entry = raw.trim();
    if (!isPath(entry)) return false;
    const path = fileOf(entry);
    if (!isPresetPath(path)) return needsModules(path);
    try {
      const { strategy } = readPreset(path);
      return isPath(strategy) && needsModules(resolve(dirname(path), strategy));
    } catch {
      return true;
    }
  });
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
    for (const p of s.params) {
      const bounds = [p.min, p.max, p.step].filter((v) => v !== undefined);
      if (bounds.length > 0 && (typeof p.default !== 'number' || bounds.some((v) => typeof v !== 'number' || !Number.isFinite(v)))) {
        throw new UserError(`${where}: parameter "${p.name}": min, max and step are finite numbers, for numeric parameters only`);
      }
      if (p.step !== undefined && !(p.step > 0)) throw new UserError(`${where}: parameter "${p.name}": step must be positive`);
    }
  }
  // boundFrom marks a built-in with a model bound by the lineup (src/lineup/models.ts): never a file's to claim.
  const { boundFrom: _bound, ...own } = s;
  return { description: '', params: [], ...own } as Strategy;
}

async function loadUserStrategy(path: string): Promise<Strategy> {
  const abs = resolve(path);
  if (!existsSync(abs)) throw new UserError(`strategy file ${path} not found`);
  let mod: Record<string, unknown>;
  const url = pathToFileURL(abs).href;
  await probeImport(url, path);
  // A user's code is about to share this thread's realm with the engine: pin the standard library first (a no-op on
  // the main thread, and done once).
  lockdown();
  try {
    mod = (await import(url)) as Record<string, unknown>;
  } catch (e) {
    throw new UserError(`strategy file ${path} failed to load: ${(e as Error).message.split('\n')[0]}`);
  }
  return checkStrategy(mod.default ?? mod.strategy, `strategy file ${path}`);
}

function builtin(name: string): Strategy {
  const strategy = builtinStrategies.find((s) => s.name === name);
  if (!strategy) throw new UserError(`unknown strategy "${name}" (known: ${builtinNames().join(', ')}, or a path to a .js or preset .json file)`);
  return strategy;
}

/**
 * A preset file with optional overrides on top. Its label is the file name (and the overrides as written), so
 * outputs name the preset, not the path it was read from. The strategy it names is a built-in or a strategy file
 * relative to the preset's own directory.
 */
async function resolvePreset(path: string, overrides: readonly string[]): Promise<StrategyInstance> {
  const preset = readPreset(path);
  const strategy = isPath(preset.strategy) ? await loadUserStrategy(resolve(dirname(path), preset.strategy)) : builtin(preset.strategy);
  checkPresetParams(path, preset, strategy);
  const label = [basename(path), ...overrides].join(':');
  // A policy preset among the preset's values is read beside it; one among the overrides, from the working directory.
  const own = expandPolicies(strategy, preset.params, path, builtin);
  const files = isPath(preset.strategy) ? [path, besidePreset(path, preset.strategy), ...own.files] : [path, ...own.files];
  return withPolicies({ label, strategy, params: applyParams(strategy, overrides, label, own.params), files });
}

/**
 * A label a spreadsheet would run as a formula (one beginning with =, +, -, @, a tab or a carriage return) is
 * refused where it enters, so that no CSV of mjlab's holds one (docs/outputs.md, "Labels in CSV files").
 */
function refuseFormulaLabel(label: string, fix = 'rename the file'): void {
  if (/^[=+\-@\t\r]/.test(label)) {
    throw new UserError(`strategy label "${label}" begins with ${JSON.stringify(label[0])}, which a spreadsheet opening mjlab's CSVs would run as a formula; ${fix}`);
  }
}

/** The instance with its policy parameters that name a preset spelt out and its models bound, the files read added to its files. */
function withPolicies(inst: StrategyInstance): StrategyInstance {
  refuseFormulaLabel(inst.label);
  const { params, files } = expandPolicies(inst.strategy, inst.params, null, builtin);
  if (files.length === 0) return bindModels(inst);
  return bindModels({ ...inst, params, files: [...(inst.files ?? []), ...files] });
}

/** Resolve one lineup entry: "greedy", "suit-hunter:minPairs=3", "./my-bot.js" or "./best.json". */
export async function resolveStrategy(entry: string): Promise<StrategyInstance> {
  const label = entry.trim();
  if (isBotEntry(label)) {
    const bot = resolveBot(label);
    refuseFormulaLabel(bot.label, 'rename the bot file or its script');
    return bot;
  }
  if (isPath(label)) {
    const [path, ...overrides] = label.split(OVERRIDES);
    if (isPresetPath(path!)) return resolvePreset(path!, overrides);
    const strategy = await loadUserStrategy(path!);
    // Shown by its own name (and the overrides as written); the entry, with the path, is what reproduces it.
    const shown = [strategy.name, ...overrides].join(':');
    refuseFormulaLabel(shown, `change the name exported by ${path}`);
    return withPolicies({ label: shown, entry: label, strategy, params: applyParams(strategy, overrides, label), files: [path!] });
  }
  const [name, ...overrides] = label.split(':');
  const strategy = builtin(name!);
  return withPolicies({ label, strategy, params: applyParams(strategy, overrides, label) });
}

/** Resolve a comma-separated lineup; its length must equal the player count. */
export async function resolveLineup(spec: string, players: number): Promise<StrategyInstance[]> {
  const entries = spec.split(',').map((s) => s.trim());
  if (entries.some((e) => e === '')) throw new UserError(`empty strategy name in "${spec}"`);
  if (entries.length !== players) {
    throw new UserError(`${entries.length} strategies given for ${players} players ("${spec}")`);
  }
  const lineup = namedLabels(await Promise.all(entries.map(resolveStrategy)));
  // Outputs aggregate by label: two different strategies under one label (presets of one file name read from two
  // directories) would be merged silently.
  for (const a of lineup) {
    const b = lineup.find((x) => x.label === a.label && (x.strategy.name !== a.strategy.name || JSON.stringify(x.params) !== JSON.stringify(a.params)));
    if (b) throw new UserError(`two different strategies share the label "${a.label}" in "${spec}"; rename one preset file`);
  }
  return lineup;
}

/**
 * The lineup with its named members (plug-ins and bots, shown by their own name) told apart: the labels of the other
 * entries are kept as they are; each named entry, in lineup order, takes its name, or `name#2`, `name#3`, ... when a
 * different entry holds it already. One entry written twice is one strategy and keeps one label.
 */
export function namedLabels(lineup: readonly StrategyInstance[]): StrategyInstance[] {
  const key = (inst: StrategyInstance): string => inst.entry ?? inst.label;
  const holder = new Map<string, string>();
  for (const inst of lineup) if (inst.entry === undefined) holder.set(inst.label, key(inst));
  const given = new Map<string, string>();
  return lineup.map((inst) => {
    if (inst.entry === undefined) return inst;
    let label = given.get(inst.entry);
    if (label === undefined) {
      label = inst.label;
      for (let k = 2; holder.has(label) && holder.get(label) !== inst.entry; k++) label = `${inst.label}#${k}`;
      holder.set(label, inst.entry);
      given.set(inst.entry, label);
    }
    return label === inst.label ? inst : { ...inst, label };
  });
}
