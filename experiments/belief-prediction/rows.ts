/** The rows the belief-prediction experiment writes (experiments/belief-prediction/run.ts measures, report.ts writes). */
import type { AucRow as InferenceAucRow } from '../inference-prediction/inference-quality.js';
import type { Bin, ScoreRow } from './score.js';

export const METHODS = ['uniform', 'infer', 'belief'] as const;
export type Method = (typeof METHODS)[number];

export type PredictionRow = { rules: string; method: Method } & ScoreRow;
export type ReliabilityRow = { rules: string; method: Method; stage: string } & Bin;

/** The belief's ROC area of readiness against the inference's, by stage, with a 95% interval over hands (results/inference-prediction's columns). */
export type AucRow = Omit<InferenceAucRow, 'auc_model' | 'auc_infer'> & { auc_infer: number; auc_belief: number };

/** One rule set's figures, as DIR/runs/<rules>.json keeps them. */
export interface RulesResult {
  readonly rules: string;
  readonly modelSha256: string;
  readonly decisions: number;
  readonly hands: number;
  readonly rows: PredictionRow[];
  readonly bins: ReliabilityRow[];
  readonly aucs: AucRow[];
  readonly seconds: number;
  readonly cpuSeconds: number;
}
