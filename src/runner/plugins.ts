/**
 * Plug-in strategy files and presets in a run's identity (docs/strategies.md, "Writing your own strategy"): a SHA-256 of each
 * file's content, so a resume (or a merge) with a plug-in or preset that changed since the checkpoint was written is
 * refused rather than silently mixing two strategies' games.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { UserError } from '../errors.js';
import { resolveStrategy, type StrategyInstance } from '../lineup/registry.js';
import { fsReason } from '../io/files.js';
import { sha256 } from './checkpoint.js';
import { isPlugin } from '../sandbox/contract.js';

/** The file part of a plug-in lineup entry ("./bot.js:depth=2" → "./bot.js"), as the registry splits it. */
function pluginPath(label: string): string {
  return label.split(/:(?=[A-Za-z_]\w*=)/)[0]!;
}

/** path as given → SHA-256 of its content; undefined when the lineup has no plug-in. */
export function pluginHashes(lineup: readonly StrategyInstance[]): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const inst of lineup) {
    // A preset counts too: its values fix the play as much as a module's code does.
    const paths = inst.files ?? (isPlugin(inst) ? [pluginPath(inst.entry ?? inst.label)] : []);
    for (const path of paths) {
      try {
        out[path] = sha256(readFileSync(resolve(path)));
      } catch (e) {
        throw new UserError(`strategy file ${path}: ${fsReason(e) ?? (e as Error).message}`);
      }
    }
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * Whether every entry is a built-in strategy or a preset of one: the lineups whose workers may be kept warm from
 * one run to the next (pool.ts WorkerKeep). A plug-in's module is loaded once per worker and could keep state.
 */
export async function builtInOnly(entries: readonly string[]): Promise<boolean> {
  for (const e of entries) if (isPlugin(await resolveStrategy(e))) return false;
  return true;
}
