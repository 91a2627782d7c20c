/** The CLI's commands, one module each. */
import type { CommandModule } from 'yargs';
import type { LabLoader } from '../../experiments/experiment.js';
import { scoreCommand } from './score.js';
import { settleCommand } from './settle.js';
import { replayCommand } from './replay.js';
import { reviewCommand } from './review.js';
import { simulateCommand } from './simulate.js';
import { mergeCommand } from './merge.js';
import { experimentCommand } from './experiment.js';
import { playCommand } from './play.js';
import { tuneCommand } from './tune.js';
import { trainCommand } from './train.js';
import { leagueCommand } from './league.js';
import { sprtCommand } from './sprt.js';
import { exportCommand } from './export.js';
import { envCommand } from './env.js';
import { rulesCommand } from './rules.js';

/** The commands, `experiment` running the experiments `lab` loads. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const commands = (lab: LabLoader): CommandModule<any, any>[] => [
  simulateCommand,
  mergeCommand,
  experimentCommand(lab),
  tuneCommand,
  trainCommand,
  leagueCommand,
  sprtCommand,
  replayCommand,
  exportCommand,
  envCommand,
  reviewCommand,
  playCommand,
  scoreCommand,
  settleCommand,
  rulesCommand,
];
