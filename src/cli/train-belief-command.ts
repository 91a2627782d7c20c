/**
 * `mjlab train --target belief` (docs/belief.md): the lineup's self-play turns recorded from each seat's view with
 * the other seats' truth as labels, and the belief network fitted to them. The work is in src/belief-train/train.ts. The
 * policy's options that mean nothing here (--keep-data, --init-model, the soft target, the value head) are refused.
 */
import { DEFAULT_FIT } from '../learn/options.js';
import { BELIEF_MODEL_FILE, trainBelief } from '../belief-train/train.js';
import { UserError } from '../errors.js';
import { SIGNAL_EXIT } from '../runner/signals.js';
import { dataOptions, type TrainArgs } from './train-args.js';

export async function trainBeliefHandler(a: TrainArgs): Promise<void> {
  for (const k of ['keep-data', 'init-model'] as const) if (a[k] !== undefined) throw new UserError(`--${k} is for --target policy; the belief target has no earlier generations`);
  const policyOnly = { temperature: 'temperature', soft: 'soft', 'value-weight': 'valueWeight', 'value-scale': 'valueScale', 'departure-weight': 'departureWeight' } as const;
  for (const [k, f] of Object.entries(policyOnly)) if (a[k as keyof typeof policyOnly] !== undefined && a[k as keyof typeof policyOnly] !== DEFAULT_FIT[f]) throw new UserError(`--${k} is for --target policy; the belief target has no such head`);
  const result = await trainBelief({
    ...dataOptions(a, 'harr'),
    fit: {
      epochs: a.epochs ?? DEFAULT_FIT.epochs, hidden: a.hidden ?? DEFAULT_FIT.hidden, lr: a.lr ?? DEFAULT_FIT.lr,
      batch: a.batch ?? DEFAULT_FIT.batch, trainSeed: a['train-seed'] ?? DEFAULT_FIT.trainSeed,
    },
  });
  if (result.status === 'interrupted') {
    process.exitCode = SIGNAL_EXIT[result.signal ?? 'SIGINT'];
    return;
  }
  if (result.status === 'data') {
    process.stdout.write(`${result.records} turns recorded → ${a.out}/decisions.bin (train with --target belief --data)\n`);
    return;
  }
  const f = result.fitted!;
  const all = f.figures.find((r) => r.stage === 'all');
  const late = f.figures.find((r) => r.stage === 'late');
  const n = (x: unknown): string => (typeof x === 'number' ? x.toFixed(3) : 'n/a');
  process.stdout.write(
    `${f.trainSamples} training and ${f.validSamples} held-out turns → ${a.out}/${BELIEF_MODEL_FILE}\n` +
      (all ? `held out: log likelihood per hidden tile ${n(all.loglik_per_tile)} (uniform worlds ${n(all.loglik_per_tile_uniform)}); readiness ROC area ${n(all.ready_auc)}, late ${n(late?.ready_auc)}\n` : 'no held-out turns (every tenth wall set is held out: give at least 40 games)\n'),
  );
}
