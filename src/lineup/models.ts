/**
 * Learned models in a lineup (docs/learning.md): `net:model=FILE`, and `net/model=FILE` as search's `policy` or
 * `prior`; a belief model as search's `belief=FILE` (docs/belief.md, src/belief/model-file.ts). The lineup reads each model file once (each worker resolves the lineup itself: src/runner/table.ts),
 * checks it (strategies/learned/model-file.ts: a file cut, lengthened or altered is refused in one line) and binds
 * the model into the strategy, so no strategy reads a file and nothing is kept at module level. The file joins the
 * instance's files, whose hashes are part of the run's identity (src/runner/plugins.ts).
 */
import { readFileSync } from 'node:fs';
import { applyParams } from '../agent/params.js';
import type { ParamValue, Strategy, StrategyInstance } from '../agent/types.js';
import { UserError } from '../errors.js';
import { decodeModel, type Model } from '../../strategies/learned/model-file.js';
import { net, netWith } from '../../strategies/net.js';
import { search, searchWith, type BoundPolicies } from '../../strategies/search.js';
import { readBeliefModel, type BeliefModel } from '../belief/model-file.js';

export function readModel(path: string): Model {
  return readModelFile(path).model;
}

/** The model file at `path`, checked, with the very bytes it was decoded from (for a hash of what was read). */
export function readModelFile(path: string): { model: Model; bytes: Buffer } {
  if (path === '') throw new UserError('net needs its model file: net:model=FILE (the model.mjnet mjlab train wrote)');
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UserError(code === 'ENOENT' ? `model file ${path} not found` : `model file ${path} cannot be read (${code ?? (e as Error).message})`);
  }
  return { model: decodeModel(bytes, path), bytes };
}

/**
 * "net/model=FILE" (a policy value) → the net's parameters; null for any other policy. The model is the net's only
 * parameter, so everything after "model=" is the path, slashes and all (a policy's parameters are otherwise
 * separated by "/").
 */
function netPolicy(value: string): Record<string, ParamValue> | null {
  if (value !== 'net' && !value.startsWith('net/')) return null;
  const rest = value.slice(4);
  if (rest !== '' && !rest.startsWith('model=')) throw new UserError(`search: the policy "${value}" is net/model=FILE (the net's only parameter is model)`);
  return applyParams(net, rest === '' ? [] : [rest], value);
}

/** The instance with every model it names read and bound; the model files added to its files. */
export function bindModels(inst: StrategyInstance): StrategyInstance {
  const files: string[] = [];
  let strategy: Strategy = inst.strategy;
  if (inst.strategy === net) {
    const path = String(inst.params.model);
    strategy = netWith(readModel(path));
    files.push(path);
  } else if (inst.strategy === search) {
    const bound = new Map<string, { strategy: Strategy; params: Record<string, ParamValue> }>();
    for (const key of ['policy', 'prior']) {
      const value = inst.params[key];
      if (typeof value !== 'string') continue;
      const params = netPolicy(value);
      if (params === null || bound.has(value)) continue;
      const path = String(params.model);
      bound.set(value, { strategy: netWith(readModel(path)), params });
      files.push(path);
    }
    const beliefPath = typeof inst.params.belief === 'string' ? inst.params.belief : '';
    let belief: BeliefModel | null = null;
    if (beliefPath !== '') {
      // Refused here as well as by the agent, so that no run starts with it.
      if (inst.params.infer === true) throw new UserError('search: belief and infer both choose how the worlds are dealt; give one');
      belief = readBeliefModel(beliefPath);
      files.push(beliefPath);
    }
    if (bound.size > 0 || belief !== null) strategy = searchWith(bound as BoundPolicies, belief);
  }
  if (files.length === 0) return inst;
  return { ...inst, strategy, files: [...(inst.files ?? []), ...files] };
}
