/**
 * Stage 5 of a tune, the finish (docs/tuning.md): where a tune ends. A complete one writes
 * its outputs through the claimed directory (src/tune/outputs.ts: each atomically, the manifest last); an
 * interrupted one says in one line what was kept and how to resume.
 */
import { gitState } from '../io/manifest.js';
import type { ClaimedTune } from './claim.js';
import type { TuneResult } from './options.js';
import { handsPlayed, writeTuneOutputs } from './outputs.js';
import type { TunePlan } from './plan.js';
import type { TunePlayed } from './play.js';

export async function finishTune(plan: TunePlan, claimed: ClaimedTune, played: TunePlayed): Promise<TuneResult> {
  const { o } = plan;
  const { record } = played;
  if (!record) {
    process.stderr.write(`mjlab: tune interrupted; completed steps are kept in ${o.out}; resume with: ${plan.hint}\n`);
    return { status: 'interrupted', signal: played.signal ?? 'SIGINT', record: null, hands: 0, cpuSeconds: 0 };
  }
  const cpu = Number(played.cpuTotal.toFixed(3));
  await writeTuneOutputs(claimed.dir, record, {
    command: plan.command,
    startedAt: plan.startedAt,
    durationSeconds: (performance.now() - plan.t0) / 1000,
    sessionHands: played.sessionHands,
    workers: plan.workers,
    cpuSeconds: cpu,
    git: o.git ?? gitState(),
  });
  return { status: 'complete', record, hands: handsPlayed(record), cpuSeconds: cpu };
}
