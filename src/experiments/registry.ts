/** The experiments, by name (issue 6, point 1): one spec file each in experiments/. */
import { UserError } from '../errors.js';
import type { ExperimentSpec } from './types.js';
import { spec as strategyComparison } from '../../experiments/strategy-comparison.js';
import { spec as limitVsUnlimited } from '../../experiments/limit-vs-unlimited.js';
import { spec as defenderDraws } from '../../experiments/defender-draws.js';

export const EXPERIMENTS: readonly ExperimentSpec[] = [strategyComparison, limitVsUnlimited, defenderDraws];

export function experiment(name: string): ExperimentSpec {
  const e = EXPERIMENTS.find((x) => x.name === name);
  if (!e) throw new UserError(`unknown experiment "${name}"; known: ${EXPERIMENTS.map((x) => x.name).join(', ')}`);
  return e;
}
