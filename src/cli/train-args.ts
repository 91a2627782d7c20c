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
