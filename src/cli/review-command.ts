/**
 * The review command itself, loaded when it runs (its options: src/cli/commands/review.ts).
 * `mjlab review --record FILE --seat S [--coach STRATEGY] [--seed N] [--belief FILE] [--html FILE] [--json]` (docs/replay.md, "A review"):
 * the value of every choice a seat had in a recorded game, from its own view at each moment, with the decisions
 * ranked by what they cost (src/coach/review.ts). A plug-in coach plays its rollouts in a thread of its own under
 * simulate's contract, as `mjlab replay` plays one (src/cli/replay-worker.ts). `--html` writes the replay viewer
 * page with the review's panel beside the table (src/viewer).
 */
import { faultName } from '../game/play.js';
import { UserError } from '../errors.js';
import { strategyFiles } from '../io/output-file.js';
import { CLI } from '../text.js';
import { recordSeat } from '../game/compare.js';
import { readScenario, replayRecordFile } from '../game/replay.js';
import { resolveStrategy } from '../lineup/registry.js';
import { readBeliefModel } from '../belief/model-file.js';
import { isPlugin } from '../sandbox/contract.js';
import { renderReview } from '../coach/render.js';
import { type Review, reviewSeat } from '../coach/review.js';
import { checkReplayHtml, htmlOutput, writeReplayHtml } from '../viewer/write.js';
import { nonNegativeInt } from './table.js';
import { inThread, limitMs } from './replay-command.js';

export interface ReviewArgs {
  record?: string;
  seat?: string;
  coach: string;
  seed: number;
  html?: string;
  json: boolean;
  force: boolean;
  'decision-timeout'?: number;
  belief?: string;
}

export async function reviewHandler(a: ReviewArgs): Promise<void> {
  if (a.record === undefined || a.seat === undefined) throw new UserError(`--record FILE and --seat S are required (${CLI} review --record FILE --seat E)`);
  nonNegativeInt('--seed', a.seed);
  const file = a.record;
  // The page's target is judged before the review is computed: a refusal costs nothing.
  const page = a.html !== undefined ? htmlOutput(a.html, [file, ...strategyFiles(a.coach)], a.force) : undefined;
  if (page) checkReplayHtml(page);
  // The belief model is read and checked before anything is computed.
  const belief = a.belief === undefined ? undefined : { model: readBeliefModel(a.belief), file: a.belief };
  const sc = readScenario(file);
  const seat = recordSeat(sc, a.seat);
  const ms = limitMs(a['decision-timeout']);
  const inst = await resolveStrategy(a.coach);
  const review = isPlugin(inst)
    ? await inThread<Review>({ kind: 'review', file, seat, strategy: a.coach, seed: a.seed, ...(a.belief === undefined ? {} : { belief: a.belief }) }, ms, (_i, s) => `coach "${faultName(inst)}" at seat ${s}`, () => `(${file})`, a.coach)
    : reviewSeat(sc, file, seat, inst, { seed: a.seed, belief });
  if (page) {
    const note = writeReplayHtml(replayRecordFile(file), page, review);
    if (!a.json) process.stdout.write(`${note}\n`);
  }
  process.stdout.write(a.json ? `${JSON.stringify(review, null, 2)}\n` : renderReview(review, file));
}
