/**
 * The luck adjustment's coefficients by rule set and luck.bin format (docs/statistics.md, "Luck"): points of net
 * per unit of relative luck, fitted on pilots that no committed result plays (experiments/fits/luck-fit.ts,
 * experiments/fits/luck-value-fit.ts) and fixed before any run they adjust.
 */
import { isRuleSetId, ruleSet } from '../rules/index.js';
import { LUCK_CHANNELS, LUCK_FORMAT, type LuckVersion } from './format.js';

/**
 * Format 1's coefficients (kept for the luck.bin files written in it), points of net per unit of relative luck by channel (a seat's luck less the table's
 * mean, runner/luck-adjust.ts), fixed before any run they adjust: the least-squares slope of a seat's net per hand
 * on its two relative luck channels in a pilot of 2,000 duplicate hands of chow-mixer,suit-hunter,defender,harr
 * on seed 9001 (no committed result plays that seed), rounded to integers so the adjusted sums stay exact. In
 * that pilot they explain 6% (harr), 9% (harr-limit), 7% (babcock) and 11% (code500) of a seat's per-hand
 * variance. Any fixed coefficients leave the adjusted mean unbiased (the luck has mean zero); good ones narrow
 * its interval. Rule sets not listed are not adjusted.
 */
export const LUCK_BETA_V1: Readonly<Record<string, readonly number[]>> = Object.freeze({
  harr: [24, 144],
  'harr-limit': [15, 127],
  babcock: [20, 139],
  code500: [38, 342],
});

/**
 * Format 2's coefficients, in adjusted units per stored unit (a point per useful draw for channels 0 and 1, a
 * thousandth of a point per point for the valued channels 2 to 5), fixed before the runs they adjust: the pooled
 * least-squares slopes of a label's net over a wall set on its six relative luck channels (each label's own mean
 * removed), in pilots of 4,000 duplicate games on seed 9001, which no committed result plays: under harr the tuned
 * harr and suit-hunter plans each against three of their defaults and chow-mixer,suit-hunter,defender,harr; under
 * harr-limit the tuned harr plan against three harr and the same mix; under babcock and code500 the mix. In
 * those pilots they explain 12-21% (harr), 21-25% (harr-limit), 17% (babcock) and 25% (code500) of a label's
 * variance over wall sets (format 1's two channels: 10-13% and 12%). docs/statistics.md "The luck adjustment".
 */
export const LUCK_BETA_V2: Readonly<Record<string, readonly number[]>> = Object.freeze({
  harr: [27, 138, 85, 52, 7270, -77],
  'harr-limit': [12, 36, 515, 239, 4410, -44],
  babcock: [18, 29, 525, 263, 3999, -44],
  code500: [36, 2, 757, 184, 3247, -26],
});

/**
 * Format 3's coefficients (channels 6 to 8 in thousandths of a point per point, like 2 to 5), fitted as format 2's
 * were (experiments/fits/luck-fit.ts), on the same seed-9001 pilots re-played in format 3; the value table they weigh
 * was fitted on seed 9002. In those pilots they explain 16-22% (harr), 23-26% (harr-limit), 20% (babcock) and 27%
 * (code500) of a label's variance over wall sets. docs/statistics.md "The luck adjustment".
 */
export const LUCK_BETA: Readonly<Record<string, readonly number[]>> = Object.freeze({
  harr: [14, 153, 245, 48, 5479, -74, 414, 906, -160],
  'harr-limit': [5, 39, 343, 241, 3131, -41, 288, 1100, 227],
  babcock: [5, 34, 820, 263, 3145, -42, 359, 1070, -318],
  code500: [-2, 99, -263, 178, 2727, -35, 812, 1919, 1097],
});

/**
 * Format 4's coefficients, format 3's nine channels and the value model's term (channel 9, thousandths of a point per
 * point) fitted together as format 3's were (experiments/fits/luck-fit.ts), on pilots recorded with the value model
 * on seed 9150, reserved for fitting (src/value/seeds.ts), which no measuring run plays:
 *
 *   node dist/experiments/fits/luck-model-fit.js test/runner/fixtures/value-harr-limit.mjval 9150 8000 results/tmp/pilot/value-fit
 *     harr-limit:results/league/presets/harr-tuned-harr-limit.json,harr,harr,harr harr-limit:chow-mixer,suit-hunter,defender,harr
 *
 * They explain 31% and 34% of the pilots' first label's variance over wall sets; the model's term weighs 0.27, not
 * AIVAT's 1: beside channels 4 and 6 to 8, which measure much of what it does, its full weight counts that part
 * twice (format 3's coefficients with the term at 1 are wider than format 3's alone). They were fitted for that
 * model (the tests' fixture); another model of the same rule set is adjusted by them too, unbiased whatever it is,
 * and as well as its term resembles the fixture's. A rule set without a fitted row takes format 3's coefficients and
 * leaves the term unweighted (docs/statistics.md "The learned value").
 */
export const LUCK_BETA_V4: Readonly<Record<string, readonly number[]>> = Object.freeze({
  'harr-limit': [4, -1, 188, 259, 1897, 11, 345, 716, 615, 271],
});

/**
 * The coefficients for a rule set and a luck.bin format, one per channel of that format (zero: no adjustment):
 * a run's luck.bin is adjusted with the coefficients of the format it was written in. A variant file takes its
 * base's (fixed in advance, so the adjusted difference stays unbiased; docs/rules.md "Variants").
 */
export function luckBeta(rules: string, format: LuckVersion = LUCK_FORMAT): readonly number[] {
  const id = isRuleSetId(rules) || !rules.endsWith('.json') ? rules : ruleSet(rules).id;
  if (format === 4) return LUCK_BETA_V4[id] ?? [...luckBeta(id, 3), 0];
  const table = format === 1 ? LUCK_BETA_V1 : format === 2 ? LUCK_BETA_V2 : LUCK_BETA;
  return table[id] ?? new Array<number>(format === 1 ? 2 : format === 2 ? 6 : LUCK_CHANNELS).fill(0);
}
