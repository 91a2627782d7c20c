/**
 * `mjlab replay --run DIR --game G` (docs/distributed.md): the game's rule set, lineup, seed and table options read
 * from the run's own manifest.json (a simulate run or shard, a merge, an experiment's run directory), so a row of
 * games.csv is replayed without copying anything by hand. An option the manifest decides is refused with --run
 * rather than silently overridden.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../errors.js';
import type { Manifest } from '../io/manifest.js';
import type { GameArgs } from './replay-args.js';

const FROM_RUN = ['rules', 'strategies', 'seed', 'players', 'unit', 'limit', 'flowers', 'duplicate'] as const;

export function gameFromRun(dir: string, given: Partial<GameArgs>): GameArgs {
  const game = given.game;
  if (game === undefined) throw new UserError('--game G is required with --run');
  const clash = FROM_RUN.find((k) => given[k] !== undefined);
  if (clash) throw new UserError(`--${clash} comes from ${join(dir, 'manifest.json')} with --run; drop --${clash}`);
  const file = join(dir, 'manifest.json');
  let m: Partial<Manifest>;
  try {
    m = JSON.parse(readFileSync(file, 'utf8')) as Partial<Manifest>;
  } catch (e) {
    const why = (e as NodeJS.ErrnoException).code ?? 'not JSON';
    throw new UserError(`--run ${dir}: cannot read ${file} (${why}); give the output directory of mjlab simulate or merge`);
  }
  const id = m.identity;
  if (m.tool !== 'mjlab' || !id) throw new UserError(`--run ${dir}: ${file} is not the manifest of an mjlab run`);
  if (game >= id.games) throw new UserError(`--game ${game} is not in the run in ${dir}: its games are 0..${id.games - 1}`);
  return {
    rules: id.rules,
    strategies: id.strategies,
    seed: id.seed,
    game,
    players: id.players,
    unit: id.unit,
    ...(id.limit !== null ? { limit: id.limit } : {}),
    flowers: id.flowers,
    duplicate: id.duplicate,
  };
}
