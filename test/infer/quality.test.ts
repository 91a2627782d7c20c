/**
 * Prediction quality where the truth is known (docs/strategies.md, "Reading the table"; experiments/inference-prediction/inference-quality.ts): on a few
 * self-play hands, worlds drawn with the inference give the true hidden hands a higher likelihood per tile, and rank
 * the seats truly one tile from complete higher in mid-hand, than the opponent model's worlds and uniform ones.
 */
import { describe, expect, it } from 'vitest';
import { predictionQuality, rocAuc } from '../../experiments/inference-prediction/inference-quality.js';

describe('prediction quality', () => {
  it('ROC area: 1 for a perfect ranking, 0.5 for ties, 0 reversed', () => {
    expect(rocAuc([{ p: 0.1, y: 0 }, { p: 0.9, y: 1 }])).toBe(1);
    expect(rocAuc([{ p: 0.5, y: 0 }, { p: 0.5, y: 1 }])).toBe(0.5);
    expect(rocAuc([{ p: 0.9, y: 0 }, { p: 0.1, y: 1 }])).toBe(0);
  });

  it('the inference beats the opponent model and uniform worlds on likelihood per hidden tile and mid-hand AUC', () => {
    const { rows, bins } = predictionQuality(16, 12, 3, 26, ['harr-limit']);
    const by = (m: string) => rows.find((r) => r.method === m)!;
    expect(by('infer').loglik_per_tile).toBeGreaterThan(by('model').loglik_per_tile);
    expect(by('model').loglik_per_tile).toBeGreaterThan(by('uniform').loglik_per_tile);
    expect(by('infer').auc_mid).toBeGreaterThan(by('model').auc_mid);
    expect(by('infer').mean_ess).toBeGreaterThanOrEqual(1);
    expect(bins.filter((b) => b.method === 'infer')).toHaveLength(10);
  }, 120_000);
});
