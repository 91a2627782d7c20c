/**
 * What fixes a value model's fit besides its data (docs/statistics.md "The learned value"), apart from the fit so
 * that the command's options can name the defaults without loading it.
 */

export interface ValueFitOptions {
  readonly epochs: number;
  readonly hidden: number;
  readonly lr: number;
  readonly batch: number;
  readonly trainSeed: number;
  /** Points per unit of an output. */
  readonly scale: number;
}

/** Defaults: small enough to evaluate about 30 times a draw (docs/statistics.md "The learned value"). */
export const DEFAULT_VALUE_FIT: ValueFitOptions = { epochs: 8, hidden: 32, lr: 0.001, batch: 64, trainSeed: 1, scale: 100 };
