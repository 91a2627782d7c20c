/** The experiments, by name (issue 6, point 1): one spec file each in experiments/. */
import { UserError } from '../src/errors.js';
import type { ExperimentSpec, LearningExperimentSpec, TuningExperimentSpec } from '../src/experiments/types.js';
import { spec as strategyComparison } from './strategy-comparison/spec.js';
import { spec as limitVsUnlimited } from './limit-vs-unlimited/spec.js';
import { spec as defenderDraws } from './defender-draws/spec.js';
import { spec as tunedPlans } from './tuned-plans/spec.js';
import { spec as searchVsHarr } from './search-vs-harr/spec.js';
import { spec as inference } from './inference/spec.js';
import { spec as searchBudgetCurve } from './search-budget-curve/spec.js';
import { spec as learnedPolicy } from './learned-policy/spec.js';

/** Experiments of played cells (variants × lineups). */
export const EXPERIMENTS: readonly ExperimentSpec[] = [strategyComparison, limitVsUnlimited, defenderDraws, searchVsHarr, searchBudgetCurve, inference];
/** Experiments that tune (src/experiments/tuned-plans.ts). */
export const TUNING_EXPERIMENTS: readonly TuningExperimentSpec[] = [tunedPlans];
/** Experiments that learn (src/experiments/learned-policy.ts). */
export const LEARNING_EXPERIMENTS: readonly LearningExperimentSpec[] = [learnedPolicy];

export type AnyExperimentSpec = ExperimentSpec | TuningExperimentSpec | LearningExperimentSpec;

export function allExperiments(): readonly AnyExperimentSpec[] {
  return [...EXPERIMENTS, ...TUNING_EXPERIMENTS, ...LEARNING_EXPERIMENTS];
}

/** Any experiment by name (what `mjlab experiment NAME` runs). */
export function anyExperiment(name: string): AnyExperimentSpec {
  const e = allExperiments().find((x) => x.name === name);
  if (!e) throw new UserError(`unknown experiment "${name}"; known: ${allExperiments().map((x) => x.name).join(', ')}`);
  return e;
}

/** An experiment of played cells by name. */
export function experiment(name: string): ExperimentSpec {
  const e = anyExperiment(name);
  if (e.analysis === 'tuned-plans' || e.analysis === 'learned-policy') throw new UserError(`${name} is a ${e.analysis === 'tuned-plans' ? 'tuning' : 'learning'} experiment, not one of played cells`);
  return e;
}
