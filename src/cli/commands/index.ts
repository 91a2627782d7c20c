/** The CLI's commands, one module each. */
import type { CommandModule } from 'yargs';
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
import { rulesCommand } from './rules.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const commands: CommandModule<any, any>[] = [
  simulateCommand,
  mergeCommand,
  experimentCommand,
  tuneCommand,
  trainCommand,
  leagueCommand,
  sprtCommand,
  replayCommand,
  reviewCommand,
  playCommand,
  scoreCommand,
  settleCommand,
  rulesCommand,
];
