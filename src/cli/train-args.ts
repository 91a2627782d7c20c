import { commandLine } from '../io/manifest.js';
import { resolveShard } from '../runner/plan.js';

/** `mjlab train`'s parsed options (src/cli/commands/train.ts), read by each target's handler (train-command.ts, train-belief-command.ts). */
export interface TrainArgs {
  target: string;
  rules: string;
  teacher?: string;
  field: string;
  games: number;
  seed: number;
  limit?: number;
  out: string;
  shard?: string;
  shards?: number;
  data?: string;
  'keep-data'?: string;
  'init-model'?: string;
  resume: boolean;
  force: boolean;
  workers?: number;
  'decision-timeout': number;
  progress: boolean;
  epochs?: number;
  hidden?: number;
  lr?: number;
  batch?: number;
  'train-seed'?: number;
  temperature: number;
  soft: number;
  'value-weight': number;
  'value-scale'?: number;
  'departure-weight': number;
}

/**
 * The self-play data's options every target shares, from the parsed options: `teacher` is the target's default first
 * seat. A job array's index does not shard a --data fit; a --shard or --shards given with --data is refused by the
 * target's trainer.
 */
export function dataOptions(a: TrainArgs, teacher: string) {
  return {
    rules: a.rules,
    teacher: a.teacher ?? teacher,
    field: a.field,
    games: a.games,
    seed: a.seed,
    ...(a.limit !== undefined ? { limit: a.limit } : {}),
    out: a.out,
    shard: a.data !== undefined && a.shard === undefined && a.shards === undefined ? null : resolveShard(a.shard, a.shards, process.env),
    ...(a.data !== undefined ? { data: a.data.split(',').map((s) => s.trim()) } : {}),
    resume: a.resume,
    force: a.force,
    ...(a.workers !== undefined ? { workers: a.workers } : {}),
    decisionTimeout: a['decision-timeout'],
    progress: a.progress ? ('auto' as const) : ('none' as const),
    command: commandLine(),
  };
}
