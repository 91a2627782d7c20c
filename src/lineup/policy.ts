/**
 * A preset as a policy (docs/strategies.md, "Presets"): a parameter whose spec says it names a policy (search's `policy`, a
 * built-in strategy with its own parameters after "/": "harr/lateWall=12") also takes a preset file, the best.json
 * `mjlab tune` writes (src/lineup/preset.ts), with overrides after it as after a name: `./best.json/lateWall=12`.
 * The lineup reads the file once and passes the same policy on spelt out ("harr/minPairs=3/lateWall=22"), so the
 * strategy reads no file and plays exactly as with the spelling written by hand; the file joins the instance's
 * files, whose hashes are part of the run's identity like a plug-in's (src/runner/plugins.ts).
 */
import { applyParams } from '../agent/params.js';
import type { ParamValue, Strategy } from '../agent/types.js';
import { UserError } from '../errors.js';
import { besidePreset, checkPresetParams, readPreset } from './preset.js';

/** "./dir/best.json/lateWall=12" → the file and the overrides after it; null for a policy name. */
export function policyPreset(value: string): { path: string; overrides: string[] } | null {
  const m = /^(.+?\.json)((?:\/[A-Za-z_]\w*=[^/]*)*)$/i.exec(value.trim());
  if (!m) return null;
  return { path: m[1]!, overrides: m[2]!.split('/').slice(1) };
}

/**
 * `params` with every policy parameter that names a preset spelt out, and the files read. `from`: the preset whose
 * values these are (a relative path is then read beside it), or null for the lineup's (read from the working directory).
 */
export function expandPolicies(
  strategy: Strategy,
  params: Readonly<Record<string, ParamValue>>,
  from: string | null,
  builtin: (name: string) => Strategy,
): { params: Record<string, ParamValue>; files: string[] } {
  const out = { ...params };
  const files: string[] = [];
  for (const spec of strategy.params) {
    const value = out[spec.name];
    if (!spec.policy || typeof value !== 'string') continue;
    const found = policyPreset(value);
    if (!found) continue;
    const path = from === null ? found.path : besidePreset(from, found.path);
    const preset = readPreset(path);
    const where = `preset ${path} as ${strategy.name}'s ${spec.name}`;
    if (/[./\\]/.test(preset.strategy)) throw new UserError(`${where}: a policy is a built-in strategy, not a strategy file (${preset.strategy})`);
    if (preset.strategy === strategy.name) throw new UserError(`${where}: ${strategy.name} cannot be its own policy`);
    const policy = builtin(preset.strategy);
    checkPresetParams(path, preset, policy);
    // Numbers print as the shortest string that reads back as the same double: the policy gets the very values.
    const values = Object.entries(preset.params).map(([k, v]) => `${k}=${String(v)}`);
    try {
      applyParams(policy, found.overrides, value, preset.params); // checked here, before any worker starts
    } catch (e) {
      throw e instanceof UserError ? new UserError(`${where}: ${e.message}`) : e;
    }
    out[spec.name] = [preset.strategy, ...values, ...found.overrides].join('/');
    files.push(path);
  }
  return { params: out, files };
}
