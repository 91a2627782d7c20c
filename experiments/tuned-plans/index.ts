/** Experiment tuned-plans as the framework runs it (src/experiments/experiment.ts): tunes, then cross-play. */
import type { StagedExperiment } from '../../src/experiments/experiment.js';
import type { TuningExperimentSpec } from '../../src/experiments/types.js';
import { thousands } from '../../src/text.js';
import { runTunedPlans } from './run.js';
import { spec } from './spec.js';

/** Tune's own rule (src/tune/plan.ts): whole --duplicate wall sets of four, at least two. */
const TUNE_MIN_GAMES = 8;

/** A tuning experiment of `s` as the framework runs it: tuned-plans' stages and report (run.ts, report.ts). */
export function tuningExperiment(s: TuningExperimentSpec): StagedExperiment {
  return {
    kind: 'staged',
    spec: s,
    takesGenerations: true,
    sizeText: `${thousands(s.games)} games per candidate per generation, ${s.generations} generations (--games ${s.games})`,
    minGames: () => TUNE_MIN_GAMES,
    // Each tune refuses a --games it cannot play (src/tune/plan.ts) before it starts.
    checkGames: () => {},
    run: (o, out) => runTunedPlans(s, o, out),
  };
}

export const experiment: StagedExperiment = tuningExperiment(spec);
