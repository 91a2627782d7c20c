/**
 * `mjlab replay`'s plug-in thread (src/sandbox/plugin-thread.ts): a seeded game whose lineup holds a plug-in, or the
 * review of a record's seat by a plug-in (`replay --seat --strategy`, or `mjlab review --coach`), played here under the contract simulate's workers hold it to (its
 * decisions watched by the main thread, Math.random and the clock refused), so a loop is stopped and a plug-in
 * replays as it played in the run.
 */
import { gameSetup } from '../game/setup.js';
import { playGame } from '../game/play.js';
import { compareSeat } from '../game/compare.js';
import { reviewSeat } from '../coach/review.js';
import { readBeliefModel } from '../belief/model-file.js';
import { readScenario } from '../game/replay.js';
import { resolveStrategy } from '../lineup/registry.js';
import { holdToContract, loading } from '../sandbox/contract.js';
import { hostPlugins, type Operations } from '../sandbox/plugin-host.js';
import { replayConfig, type GameArgs } from './replay-args.js';

export type ReplayJob =
  | { readonly kind: 'game'; readonly args: GameArgs }
  | { readonly kind: 'compare'; readonly file: string; readonly seat: number; readonly strategy: string }
  | { readonly kind: 'review'; readonly file: string; readonly seat: number; readonly strategy: string; readonly seed: number; readonly belief?: string };

hostPlugins<{ job: ReplayJob }>(async ({ job }, hb): Promise<Operations> => {
  if (job.kind === 'game') {
    const loaded = await loading(hb, () => replayConfig(job.args));
    const config = { ...loaded, lineup: holdToContract(loaded.lineup, hb) };
    return {
      run: () => {
        hb.setGame(job.args.game);
        return playGame(config, gameSetup(config, job.args.game), { record: true }).record;
      },
      // Any game of the same table (`mjlab export`, src/cli/export-command.ts): one thread for a whole range.
      game: (g) => {
        hb.setGame(g as number);
        return playGame(config, gameSetup(config, g as number), { record: true }).record;
      },
    };
  }
  const inst = holdToContract([await loading(hb, () => resolveStrategy(job.strategy))], hb)[0]!;
  return {
    run: () => {
      const sc = readScenario(job.file);
      hb.setGame(sc.game);
      if (job.kind !== 'review') return compareSeat(sc, job.file, job.seat, inst);
      // The belief model was read and checked by the main thread before; read again here, where the review runs.
      const belief = job.belief === undefined ? undefined : { model: readBeliefModel(job.belief), file: job.belief };
      return reviewSeat(sc, job.file, job.seat, inst, { seed: job.seed, belief });
    },
  };
});
