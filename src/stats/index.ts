/** Statistics for the runner and experiments: exact mergeable aggregates and intervals computed from them. */
export * from './erf.js';
export * from './wilson.js';
export * from './moments.js';
export * from './paired.js';
export * from './aggregate.js';
export * from './summary.js';
