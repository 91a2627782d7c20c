/** The experiments, by name (issue 6, point 1): one spec file each in experiments/. */
import { UserError } from '../errors.js';
import type { ExperimentSpec, LearningExperimentSpec, TuningExperimentSpec } from './types.js';
import { spec as strategyComparison } from '../../experiments/strategy-comparison.js';
import { spec as limitVsUnlimited } from '../../experiments/limit-vs-unlimited.js';
import { spec as defenderDraws } from '../../experiments/defender-draws.js';
import { spec as tunedPlans } from '../../experiments/tuned-plans.js';
import { spec as searchVsHarr } from '../../experiments/search-vs-harr.js';
import { spec as inference } from '../../experiments/inference.js';
import { spec as searchBudgetCurve } from '../../experiments/search-budget-curve.js';
import { spec as learnedPolicy } from '../../experiments/learned-policy.js';
import { spec as variants } from '../../experiments/variants.js';

/** Experiments of played cells (variants × lineups). */
export const EXPERIMENTS: readonly ExperimentSpec[] = [strategyComparison, limitVsUnlimited, defenderDraws, searchVsHarr, searchBudgetCurve, inference, variants];
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
