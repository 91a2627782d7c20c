/**
 * The master seeds reserved for fitting the value model (docs/statistics.md "The learned value"): its self-play
 * walls must never be walls it measures. `mjlab train --target value` takes its data only from these seeds, and a
 * run that records luck with a value model is refused on them, so no measuring run plays a fitting wall whatever
 * its games; test/runner/luck-value.test.ts checks that no committed result was played on them.
 */
import { UserError } from '../errors.js';

export const VALUE_SEEDS = Object.freeze({ from: 9100, to: 9199 });

export const isValueSeed = (seed: number): boolean => seed >= VALUE_SEEDS.from && seed <= VALUE_SEEDS.to;

/** Refused in one line unless `seed` is reserved for fitting. */
export function checkFittingSeed(seed: number): void {
  if (!isValueSeed(seed)) throw new UserError(`--seed ${seed}: the value model's data is played only on the seeds reserved for fitting, ${VALUE_SEEDS.from} to ${VALUE_SEEDS.to} (no measuring run plays them)`);
}

/** Refused in one line when a measuring run's `seed` is reserved for fitting. */
export function checkMeasuringSeed(seed: number): void {
  if (isValueSeed(seed)) throw new UserError(`--seed ${seed} is reserved for fitting the value model (${VALUE_SEEDS.from} to ${VALUE_SEEDS.to}): a run that measures luck with it must play other walls`);
}
