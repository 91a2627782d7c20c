/**
 * `mjlab tune` (docs/tuning.md): CMA-ES over a strategy's numeric parameters by self-play against a fixed field,
 * a race of the finalists on held-out walls, and a confirmation against the strategy as given. The work is in
 * src/tune/tune.ts.
 */
import { commandLine } from '../io/manifest.js';
import { refuseCommitted } from '../io/committed.js';
import { tune } from '../tune/tune.js';
import { SIGNAL_EXIT } from '../runner/signals.js';
import { printable } from '../text.js';

export interface TuneArgs {
  rules: string;
  strategy: string;
  params?: string;
  against?: string;
  generations: number;
  population?: number;
  games: number;
  seed: number;
  sigma?: number;
  finalists?: number;
  'race-rounds'?: number;
  'race-games'?: number;
  'confirm-games'?: number;
  limit?: number;
  out: string;
  resume: boolean;
  force: boolean;
  workers?: number;
  'decision-timeout': number;
  progress: boolean;
}

export async function tuneHandler(a: TuneArgs): Promise<void> {
    refuseCommitted(a.out, a.force);
    const result = await tune({
      rules: a.rules,
      strategy: a.strategy,
      ...(a.params !== undefined ? { params: a.params } : {}),
      ...(a.against !== undefined ? { against: a.against } : {}),
      generations: a.generations,
      ...(a.population !== undefined ? { population: a.population } : {}),
      games: a.games,
      seed: a.seed,
      ...(a.sigma !== undefined ? { sigma: a.sigma } : {}),
      ...(a.finalists !== undefined ? { finalists: a.finalists } : {}),
      ...(a['race-rounds'] !== undefined ? { raceRounds: a['race-rounds'] } : {}),
      ...(a['race-games'] !== undefined ? { raceGames: a['race-games'] } : {}),
      ...(a['confirm-games'] !== undefined ? { confirmGames: a['confirm-games'] } : {}),
      ...(a.limit !== undefined ? { limit: a.limit } : {}),
      out: a.out,
      resume: a.resume,
      force: a.force,
      ...(a.workers !== undefined ? { workers: a.workers } : {}),
      decisionTimeout: a['decision-timeout'],
      progress: a.progress ? 'auto' : 'none',
      command: commandLine(),
    });
    if (result.status === 'interrupted') {
      process.exitCode = SIGNAL_EXIT[result.signal ?? 'SIGINT'];
      return;
    }
    const r = result.record!;
    const c = r.confirm.diff(0, 1, 4);
    // The strategy may be a file, named as the user's file system names it: shown, not obeyed (src/text.ts).
    process.stdout.write(
      `${printable(r.id.strategy)} under ${r.id.rules}: winner ${printable(r.finalists[r.winner]!.entry)} gains ${c.meanDiff.toFixed(2)} per hand ` +
        `(95% CI ${c.low.toFixed(2)} to ${c.high.toFixed(2)}) over the start on ${r.confirm.wallSets} held-out wall sets → ${a.out}/best.json\n`,
    );
}
