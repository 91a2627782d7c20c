/**
 * The lab's experiments (docs/architecture.md, "Where to add"): one folder each under experiments/, each exporting the
 * object the framework runs (src/experiments/experiment.ts). This list is the one place that names them; bin/mjlab.js
 * hands it to `mjlab experiment`, and the library (src/) never imports it.
 */
import { UserError } from '../src/errors.js';
import type { Experiment } from '../src/experiments/experiment.js';
import type { ExperimentSpec, LearningExperimentSpec, TuningExperimentSpec } from '../src/experiments/types.js';
import { experiment as strategyComparison } from './strategy-comparison/index.js';
import { experiment as limitVsUnlimited } from './limit-vs-unlimited/index.js';
import { experiment as defenderDraws } from './defender-draws/index.js';
import { experiment as searchVsHarr } from './search-vs-harr/index.js';
import { experiment as searchBudgetCurve } from './search-budget-curve/index.js';
import { experiment as inference } from './inference/index.js';
import { experiment as tunedPlans } from './tuned-plans/index.js';
import { experiment as learnedPolicy } from './learned-policy/index.js';
import { experiment as variants } from './variants/index.js';
import { experiment as variantPlans } from './variant-plans/index.js';
import { experiment as beliefPrediction } from './belief-prediction/index.js';
import { spec as tunedPlansSpec } from './tuned-plans/spec.js';
import { spec as variantPlansSpec } from './variant-plans/spec.js';
import { spec as learnedPolicySpec } from './learned-policy/spec.js';

/** Every experiment, in the order `experiment --list` gives them. */
export const LAB: readonly Experiment[] = [strategyComparison, limitVsUnlimited, defenderDraws, searchVsHarr, searchBudgetCurve, inference, variants, variantPlans, tunedPlans, learnedPolicy, beliefPrediction];

/** The specs of the experiments of played cells (variants × lineups). */
export const EXPERIMENTS: readonly ExperimentSpec[] = LAB.flatMap((e) => (e.kind === 'played' ? [e.spec] : []));
/** Experiments that tune (experiments/tuned-plans/). */
export const TUNING_EXPERIMENTS: readonly TuningExperimentSpec[] = [tunedPlansSpec, variantPlansSpec];
/** Experiments that learn (experiments/learned-policy/). */
export const LEARNING_EXPERIMENTS: readonly LearningExperimentSpec[] = [learnedPolicySpec];

/** An experiment of played cells by name. */
export function experiment(name: string): ExperimentSpec {
  const e = LAB.find((x) => x.spec.name === name);
  if (!e) throw new UserError(`unknown experiment "${name}"; known: ${LAB.map((x) => x.spec.name).join(', ')}`);
  if (e.kind !== 'played') throw new UserError(`${name} is not an experiment of played cells`);
  return e.spec;
}
