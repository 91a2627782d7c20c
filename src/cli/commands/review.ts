/**
 * `mjlab review --record FILE --seat S [--coach STRATEGY] [--seed N] [--html FILE] [--json]` (issue 30, point 1):
 * the value of every choice a seat had in a recorded game, from its own view at each moment, with the decisions
 * ranked by what they cost (src/coach/review.ts). A plug-in coach plays its rollouts in a thread of its own under
 * simulate's contract, as `mjlab replay` plays one (src/cli/replay-worker.ts). `--html` writes the replay viewer
 * page with the review's panel beside the table (src/viewer).
 */
import type { CommandModule } from 'yargs';
import { UserError } from '../../errors.js';
import { recordSeat } from '../../game/compare.js';
import { readScenario, replayRecordFile } from '../../game/replay.js';
import { resolveStrategy } from '../../lineup/registry.js';
import { isPlugin } from '../../runner/contract.js';
import { DEFAULT_DECISION_TIMEOUT } from '../../runner/run.js';
import { DEFAULT_COACH } from '../../coach/coach.js';
import { renderReview } from '../../coach/render.js';
import { type Review, reviewSeat } from '../../coach/review.js';
import { writeReplayHtml } from '../../viewer/write.js';
import { nonNegativeInt } from '../table.js';
import { inThread, limitMs } from './replay.js';

interface ReviewArgs {
  record?: string;
  seat?: string;
  coach: string;
  seed: number;
  html?: string;
  json: boolean;
  'decision-timeout'?: number;
}

export const reviewCommand: CommandModule<object, ReviewArgs> = {
  command: 'review',
  describe: "value every choice of one seat in a game record, from its own view: each answer's expected net, the mistakes ranked by cost",
  builder: (y) =>
    y
      .option('record', { type: 'string', describe: 'the game record (mjlab play saves one per game; mjlab replay --json prints one)' })
      .option('seat', { type: 'string', describe: "the seat to review: its wind in the record's first hand (E, S, W, N) or its number" })
      .option('coach', { type: 'string', default: DEFAULT_COACH, describe: "the strategy that values the answers: search's budget is worlds per answer; any other strategy (a file too) rolls out itself" })
      .option('seed', { type: 'number', default: 0, describe: "the review's own seed: the coach's worlds come from it alone" })
      .option('html', { type: 'string', describe: 'write the replay viewer page with the review beside the table to FILE' })
      .option('json', { type: 'boolean', default: false, describe: 'print the review as JSON' })
      .option('decision-timeout', { type: 'number', describe: `seconds one create() or act() of a plug-in coach may take (default ${DEFAULT_DECISION_TIMEOUT})` }) as never,
  handler: async (a) => {
    if (a.record === undefined || a.seat === undefined) throw new UserError('--record FILE and --seat S are required (mjlab review --record FILE --seat E)');
    nonNegativeInt('--seed', a.seed);
    const file = a.record;
    const sc = readScenario(file);
    const seat = recordSeat(sc, a.seat);
    const ms = limitMs(a['decision-timeout']);
    const inst = await resolveStrategy(a.coach);
    const review = isPlugin(inst)
      ? await inThread<Review>({ kind: 'review', file, seat, strategy: a.coach, seed: a.seed }, ms, (_i, s) => `coach "${inst.label}" at seat ${s}`, () => `(${file})`, a.coach)
      : reviewSeat(sc, file, seat, inst, { seed: a.seed });
    if (a.html !== undefined) {
      const note = writeReplayHtml(replayRecordFile(file), a.html, review);
      if (!a.json) process.stdout.write(`${note}\n`);
    }
    process.stdout.write(a.json ? `${JSON.stringify(review, null, 2)}\n` : renderReview(review, file));
  },
};
