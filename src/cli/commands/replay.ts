/**
 * `mjlab replay` (issue 2, point 7): replays one game from (rules, strategies, seed, game) and prints it move by move
 * in tile notation, or the whole record with --json. The same arguments give the same record on any machine,
 * whatever ran before: every stream is derived from (seed, game, purpose) alone (src/rng/streams.ts).
 */
import type { CommandModule } from 'yargs';
import { resolveLineup } from '../../lineup/registry.js';
import { playGame } from '../../game/play.js';
import { gameSetup } from '../../game/setup.js';
import type { TableConfig } from '../../game/types.js';
import { UserError } from '../../errors.js';
import type { GameRecord } from '../../record/record.js';
import { renderRecord } from '../../record/render.js';
import { ruleSet } from '../../rules/index.js';
import { writeReplayHtml } from '../../viewer/write.js';

interface ReplayArgs {
  rules: string;
  strategies: string;
  seed: number;
  game: number;
  players: number;
  unit: string;
  limit?: number;
  flowers: boolean;
  duplicate: boolean;
  json: boolean;
  /** Write the browser replay viewer page here (issue 7, src/viewer/). */
  html?: string;
}

function nonNegativeInt(name: string, v: number): void {
  if (!Number.isSafeInteger(v) || v < 0) throw new UserError(`${name} must be a non-negative integer, got ${v}`);
}

/** Validate the replay options and build the table (also used by tests and golden.ts). */
export async function replayConfig(a: Omit<ReplayArgs, 'json'>): Promise<TableConfig> {
  nonNegativeInt('--seed', a.seed);
  nonNegativeInt('--game', a.game);
  if (![2, 3, 4].includes(a.players)) throw new UserError(`--players must be 2, 3 or 4, got ${a.players}`);
  if (a.unit !== 'hand' && a.unit !== 'match') throw new UserError(`--unit must be hand or match, got ${a.unit}`);
  if (a.limit !== undefined && (!Number.isSafeInteger(a.limit) || a.limit <= 0)) {
    throw new UserError(`--limit must be a positive integer, got ${a.limit}`);
  }
  const rules = ruleSet(a.rules);
  if (a.flowers && !rules.flowers && !rules.flowersOptional) {
    throw new UserError(`rule set ${rules.id} is not played with flowers (RULES.md); drop --flowers`);
  }
  const lineup = await resolveLineup(a.strategies, a.players);
  return {
    rules,
    limit: a.limit ?? rules.limit,
    flowers: rules.flowers || a.flowers,
    players: a.players as 2 | 3 | 4,
    unit: a.unit,
    seed: a.seed,
    lineup,
    duplicate: a.duplicate,
  };
}

export async function replayRecord(a: Omit<ReplayArgs, 'json'>): Promise<GameRecord> {
  const config = await replayConfig(a);
  const outcome = playGame(config, gameSetup(config, a.game), { record: true });
  return outcome.record as GameRecord;
}

export const replayCommand: CommandModule<object, ReplayArgs> = {
  command: 'replay',
  describe: 'replay one game from its seed, move by move (or --json for the record)',
  builder: (y) =>
    y
      .option('rules', { type: 'string', demandOption: true, describe: 'rule set: harr, harr-limit, babcock, code500' })
      .option('strategies', { type: 'string', demandOption: true, describe: 'lineup, one per player, comma-separated' })
      .option('seed', { type: 'number', demandOption: true, describe: 'master seed' })
      .option('game', { type: 'number', demandOption: true, describe: 'game index' })
      .option('players', { type: 'number', default: 4, describe: 'players at the table: 2, 3 or 4' })
      .option('unit', { type: 'string', default: 'hand', describe: 'hand (default) or match' })
      .option('limit', { type: 'number', describe: "hand limit (default: the rule set's)" })
      .option('flowers', { type: 'boolean', default: false, describe: 'flowers and seasons in play (where allowed)' })
      .option('duplicate', { type: 'boolean', default: false, describe: 'the game index is a duplicate-play index' })
      .option('json', { type: 'boolean', default: false, describe: 'print the record as JSON' })
      .option('html', { type: 'string', describe: 'write a self-contained HTML replay viewer page to FILE' }) as never,
  handler: async (a) => {
    const record = await replayRecord(a);
    if (a.html !== undefined) {
      const note = writeReplayHtml(record, a.html);
      if (!a.json) return void process.stdout.write(`${note}\n`);
    }
    process.stdout.write(a.json ? `${JSON.stringify(record, null, 2)}\n` : renderRecord(record));
  },
};
