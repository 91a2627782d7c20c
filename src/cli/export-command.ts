/**
 * `mjlab export --run DIR [--games A-B]` (docs/replay.md "Exporting a run"): a run's games as game records, one JSON
 * line each, streamed to standard output. A run keeps its aggregates, not its games; every game is played again from
 * the run's seed (src/rng/streams.ts), so the records are the games the run played, each line the record `replay
 * --json` prints for it with the run's provenance (`provenance`: the run's tool, version, commit and identity).
 * Memory does not grow with the range: one game is held at a time and writing waits for the reader. A lineup with
 * a plug-in or a bot plays in one thread of its own under the run's contract (src/cli/replay-worker.ts); a plug-in
 * or bot file that changed since the run is refused, since its games would not be the run's.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { once } from 'node:events';
import { UserError } from '../errors.js';
import type { Manifest } from '../io/manifest.js';
import { createEngine, faultName } from '../game/play.js';
import { gameSetup } from '../game/setup.js';
import { isPlugin } from '../sandbox/contract.js';
import { pluginHashes } from '../runner/plugins.js';
import { PluginThread, threadFailure } from '../sandbox/plugin-thread.js';
import { workerScript } from '../worker-script.js';
import { gameFromRun } from './replay-run.js';
import { replayConfig } from './replay-args.js';
import { limitMs } from './replay-command.js';
import type { ReplayJob } from './replay-worker.js';

export interface ExportArgs {
  run: string;
  games?: string;
  'decision-timeout'?: number;
}

/** `A-B` or `G` within 0..count-1, as [first, last]. */
export function gameRange(text: string | undefined, count: number): [number, number] {
  if (text === undefined) return [0, count - 1];
  const m = /^(\d+)(?:-(\d+))?$/.exec(text.trim());
  if (!m) throw new UserError(`--games ${text}: give a range A-B or one game G`);
  const a = Number(m[1]);
  const b = m[2] === undefined ? a : Number(m[2]);
  if (a > b) throw new UserError(`--games ${text}: the range's first game is after its last`);
  if (b >= count) throw new UserError(`--games ${text}: the run's games are 0-${count - 1}`);
  return [a, b];
}

async function write(line: string): Promise<void> {
  if (!process.stdout.write(line)) await once(process.stdout, 'drain');
}

export async function exportHandler(a: ExportArgs): Promise<void> {
  const args = gameFromRun(a.run, { game: 0 });
  const manifest = JSON.parse(readFileSync(join(a.run, 'manifest.json'), 'utf8')) as Manifest;
  const [first, last] = gameRange(a.games, manifest.identity.games);
  const config = await replayConfig(args);
  const now = pluginHashes(config.lineup) ?? {};
  const then = manifest.identity.plugins ?? {};
  for (const [path, hash] of Object.entries(then)) {
    if (now[path] !== hash) throw new UserError(`${path} has changed since the run in ${a.run} was played: its games cannot be exported from it (restore the file the run played)`);
  }
  const provenance = { tool: manifest.tool, version: manifest.version, commit: manifest.commit, dirty: manifest.dirty, identity: manifest.identity };
  const line = (record: unknown): string => `${JSON.stringify({ ...(record as object), provenance })}\n`;
  if (!config.lineup.some(isPlugin)) {
    const engine = createEngine(config);
    for (let g = first; g <= last; g++) await write(line(engine.play(gameSetup(config, g), { record: true }).record));
    return;
  }
  const job: ReplayJob = { kind: 'game', args };
  const t = new PluginThread(workerScript('cli/replay-worker.js'), { job }, limitMs(a['decision-timeout']));
  const who = (i: number, seat: number): string => `strategy "${config.lineup[i] ? faultName(config.lineup[i]!) : '?'}" at seat ${seat}`;
  try {
    for (let g = first; g <= last; g++) await write(line(await t.call('game', g)));
  } catch (e) {
    throw threadFailure(e, who, (g) => `(seed ${args.seed}, game ${g})`, args.strategies);
  } finally {
    await t.close();
  }
}
