/**
 * The statistical options, each checked against its meaning where it enters, in one place shared by every command
 * that takes it (docs/statistics.md): a sequential test's error rates α and β, the games that let it reach a
 * verdict, and a precision to play until. Each refusal is one line naming the option and what it must be.
 */
import { UserError } from '../errors.js';
import { MIN_BLOCKS } from './sprt.js';

/**
 * An error rate of the sequential test (--alpha, --beta): strictly between 0 and 0.5. At 0 or 1 the bounds are
 * infinite or cross; at 0.5 or more a test would do better flipping a coin, and with α + β ≥ 1 its bounds cross,
 * so it announces a verdict from no evidence.
 */
export function errorRate(option: string, v: number): number {
  if (!(Number.isFinite(v) && v > 0 && v < 0.5)) throw new UserError(`${option} is an error rate and must lie strictly between 0 and 0.5, got ${v}`);
  return v;
}

/**
 * --max-games of a sequential test on wall sets of `players` games: whole wall sets, and enough for a verdict
 * (the test takes none before MIN_BLOCKS wall sets).
 */
export function sequentialMaxGames(v: number, players: number): number {
  const least = MIN_BLOCKS * players;
  if (!Number.isSafeInteger(v) || v % players !== 0 || v < least) {
    throw new UserError(`--max-games must be a multiple of ${players} (whole wall sets) and at least ${least} (the test gives no verdict before ${MIN_BLOCKS} wall sets), got ${v}`);
  }
  return v;
}

/** --until: a half-width in points per hand, positive and finite. */
export function precision(option: string, v: number): number {
  if (!(Number.isFinite(v) && v > 0)) throw new UserError(`${option} must be a positive number of points per hand, got ${v}`);
  return v;
}
