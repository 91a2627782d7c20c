/**
 * The train command itself, loaded when it runs (its options: src/cli/commands/train.ts).
 * `mjlab train` (docs/learning.md): self-play decisions of a teacher (default search) recorded from its own view,
 * and a small policy-and-value network fitted to them. The work is in src/learn/train.ts.
 */
import { refuseCommitted } from '../io/committed.js';
import { train } from '../learn/train.js';
import { UserError } from '../errors.js';
import { SIGNAL_EXIT } from '../runner/signals.js';
import { DEFAULT_FIT } from '../learn/options.js';
import { DEFAULT_VALUE_FIT } from '../value-train/options.js';
import { dataOptions, type TrainArgs } from './train-args.js';

export type { TrainArgs } from './train-args.js';

/** `mjlab train --target value`: the value model of the full state (src/value-train/train.ts). */
async function trainValueHandler(a: TrainArgs): Promise<void> {
  for (const [flag, given] of [['--keep-data', a['keep-data']], ['--init-model', a['init-model']]] as const) {
    if (given !== undefined) throw new UserError(`${flag} is for a policy's training; --target value fits afresh on its own data or --data`);
  }
  const { trainValue } = await import('../value-train/train.js');
  const result = await trainValue({
    ...dataOptions(a, 'search'),
    fit: {
      epochs: a.epochs ?? DEFAULT_VALUE_FIT.epochs, hidden: a.hidden ?? DEFAULT_VALUE_FIT.hidden, lr: a.lr ?? DEFAULT_VALUE_FIT.lr,
      batch: a.batch ?? DEFAULT_VALUE_FIT.batch, trainSeed: a['train-seed'] ?? DEFAULT_VALUE_FIT.trainSeed, scale: a['value-scale'] ?? DEFAULT_VALUE_FIT.scale,
    },
  });
  if (result.status === 'interrupted') {
    process.exitCode = SIGNAL_EXIT[result.signal ?? 'SIGINT'];
    return;
  }
  if (result.status === 'data') {
    process.stdout.write(`${result.samples} value samples recorded → ${a.out}/decisions.bin (fit with --data)\n`);
    return;
  }
  const f = result.fitted!;
  process.stdout.write(`${f.trainSamples} training and ${f.validSamples} held-out samples: the value model explains ${(100 * f.best.validR2).toFixed(1)}% of the held-out nets' variance (epoch ${f.best.epoch}) → ${a.out}/value.mjval\n`);
}

export async function trainHandler(a: TrainArgs): Promise<void> {
  refuseCommitted(a.out, a.force);
  if (a.target === 'belief') return (await import('./train-belief-command.js')).trainBeliefHandler(a);
  if (a.target === 'value') return trainValueHandler(a);
  const result = await train({
    ...dataOptions(a, 'search'),
    ...(a['keep-data'] !== undefined ? { keepData: a['keep-data'].split(',').map((s) => s.trim()) } : {}),
    ...(a['init-model'] !== undefined ? { initModel: a['init-model'] } : {}),
    fit: {
      epochs: a.epochs ?? DEFAULT_FIT.epochs,
      hidden: a.hidden ?? DEFAULT_FIT.hidden,
      lr: a.lr ?? DEFAULT_FIT.lr,
      batch: a.batch ?? DEFAULT_FIT.batch,
      trainSeed: a['train-seed'] ?? DEFAULT_FIT.trainSeed,
      temperature: a.temperature,
      soft: a.soft,
      valueWeight: a['value-weight'],
      valueScale: a['value-scale'] ?? DEFAULT_FIT.valueScale,
      departureWeight: a['departure-weight'],
    },
  });
  if (result.status === 'interrupted') {
    process.exitCode = SIGNAL_EXIT[result.signal ?? 'SIGINT'];
    return;
  }
  if (result.status === 'data') {
    process.stdout.write(`${result.decisions} decisions recorded → ${a.out}/decisions.bin (train with --data)\n`);
    return;
  }
  const f = result.fitted!;
  if (f.validSamples === 0) {
    // Games 36-39, 76-79, … (every tenth wall set) are held out: fewer than 40 games hold none, and no agreement is measured.
    process.stdout.write(`${f.trainSamples} training decisions and no held-out ones (every tenth wall set is held out: give at least 40 games to measure agreement); the model of the last epoch → ${a.out}/model.mjnet\n`);
    return;
  }
  process.stdout.write(
    `${f.trainSamples} training and ${f.validSamples} held-out decisions: the net agrees with the teacher on ${(100 * f.best.validAgreement).toFixed(1)}% ` +
      `of held-out decisions (harr ${(100 * f.priorAgreement).toFixed(1)}%) → ${a.out}/model.mjnet\n` +
      `the teacher left harr's choice at ${f.departures.teacher} of them, the net at ${f.departures.net}, ${f.departures.matched} as the teacher did\n`,
  );
}
