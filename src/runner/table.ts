/**
 * Builds the engine's TableConfig from the plain TableSpec, in the main thread (to validate input before any
 * worker starts) and in each worker (which cannot receive strategy objects).
 */
import { resolveLineup } from '../lineup/registry.js';
import type { TableConfig } from '../game/types.js';
import { ruleSet } from '../rules/index.js';
import type { TableSpec } from './protocol.js';

export async function tableConfig(spec: TableSpec): Promise<TableConfig> {
  const rules = ruleSet(spec.rules, spec.rulesSha256);
  const named = spec.labels;
  const lineup = (await resolveLineup(spec.strategies, spec.players)).map((l) => {
    const shown = named?.[l.entry ?? l.label];
    return shown === undefined ? l : { ...l, label: shown };
  });
  return {
    rules,
    limit: spec.limit,
    flowers: spec.flowers,
    players: spec.players,
    unit: spec.unit,
    seed: spec.seed,
    lineup,
    duplicate: spec.duplicate,
  };
}
