/**
 * Side-by-side speed of two builds in one process (docs/performance.md: read ratios measured side by side in one run):
 * this build and another one's compiled `dist/` (a checkout of an earlier commit after `npm ci`), playing the same
 * games of the same lineups in alternating chunks, so that the machine's drift between chunks falls on both alike.
 * Reports each build's median hands per second and the median of the per-round ratios (this / other). A case with
 * `luck` plays as a `--duplicate` run's workers do, a luck meter (src/luck/meter.ts) told of every draw.
 * `npm run bench -- --against ../base/dist` runs it; the other build may predate the engine's move to src/game.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { median } from 'simple-statistics';

interface Engine {
  play(setup: unknown, opts: { record: boolean; luck?: unknown }): unknown;
}

export interface Build {
  readonly dir: string;
  createEngine(config: unknown): Engine;
  gameSetup(config: unknown, game: number): unknown;
  resolveLineup(spec: string, players: number): Promise<unknown[]>;
  ruleSet(id: string): { limit: number | null; flowers: boolean };
  /** A new luck meter for four players; null when the build has none. */
  luckMeter: (() => unknown) | null;
}

async function firstModule(dir: string, paths: readonly string[]): Promise<Record<string, unknown>> {
  for (const p of paths) {
    const f = join(dir, p);
    if (existsSync(f)) return (await import(pathToFileURL(f).href)) as Record<string, unknown>;
  }
  throw new Error(`${dir}: none of ${paths.join(', ')}`);
}

/** The engine entry points of the build in `dir` (its dist/ directory). */
export async function loadBuild(dir: string): Promise<Build> {
  const abs = resolve(dir);
  const play = await firstModule(abs, ['src/game/play.js', 'src/engine/play.js']);
  const setup = await firstModule(abs, ['src/game/setup.js', 'src/engine/setup.js']);
  const registry = await firstModule(abs, ['src/lineup/registry.js', 'src/agent/registry.js']);
  const rules = await firstModule(abs, ['src/rules/index.js']);
  const luck = existsSync(join(abs, 'src/game/luck.js')) ? await firstModule(abs, ['src/game/luck.js']) : null;
  const Meter = luck?.LuckMeter as (new (players: number) => unknown) | undefined;
  return {
    dir: abs,
    createEngine: play.createEngine as Build['createEngine'],
    gameSetup: setup.gameSetup as Build['gameSetup'],
    resolveLineup: registry.resolveLineup as Build['resolveLineup'],
    ruleSet: rules.ruleSet as Build['ruleSet'],
    luckMeter: Meter ? () => new Meter(4) : null,
  };
}

export interface AbCase {
  readonly name: string;
  readonly rules: string;
  readonly strategies: string;
  /** Hands per chunk. */
  readonly hands: number;
  /** Played with a luck meter, as --duplicate plays. */
  readonly luck?: boolean;
}

async function tableOf(b: Build, c: AbCase): Promise<unknown> {
  const r = b.ruleSet(c.rules);
  const lineup = await b.resolveLineup(c.strategies, 4);
  return { rules: r, limit: r.limit, flowers: r.flowers, players: 4, unit: 'hand', seed: 1, lineup, duplicate: c.luck === true };
}

/** The options a case's games are played with: a luck meter of the build's own for a `luck` case. */
function playOptions(b: Build, c: AbCase): { record: boolean; luck?: unknown } {
  if (c.luck !== true) return { record: false };
  if (b.luckMeter === null) throw new Error(`${b.dir}: no luck meter (src/game/luck.js) for the case "${c.name}"`);
  return { record: false, luck: b.luckMeter() };
}

function chunk(b: Build, config: unknown, engine: Engine, opts: { record: boolean; luck?: unknown }, first: number, hands: number): number {
  const t0 = performance.now();
  for (let g = first; g < first + hands; g++) engine.play(b.gameSetup(config, g), opts);
  return hands / ((performance.now() - t0) / 1000);
}

/** Each case on both builds, `rounds` alternating chunks (the order flips every round), on the same games. */
export async function abCompare(mine: Build, other: Build, cases: readonly AbCase[], rounds = 7): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const c of cases) {
    const [ca, cb] = [await tableOf(mine, c), await tableOf(other, c)];
    const [ea, eb] = [mine.createEngine(ca), other.createEngine(cb)];
    const [oa, ob] = [playOptions(mine, c), playOptions(other, c)];
    chunk(mine, ca, ea, oa, 10_000_000, Math.ceil(c.hands / 4)); // warm-up, other games
    chunk(other, cb, eb, ob, 10_000_000, Math.ceil(c.hands / 4));
    const a: number[] = [];
    const b: number[] = [];
    const ratio: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const first = r * c.hands;
      let x: number;
      let y: number;
      if (r % 2 === 0) {
        x = chunk(mine, ca, ea, oa, first, c.hands);
        y = chunk(other, cb, eb, ob, first, c.hands);
      } else {
        y = chunk(other, cb, eb, ob, first, c.hands);
        x = chunk(mine, ca, ea, oa, first, c.hands);
      }
      a.push(x);
      b.push(y);
      ratio.push(x / y);
    }
    out[`${c.name}: this build, hands/s`] = Math.round(median(a));
    out[`${c.name}: other build, hands/s`] = Math.round(median(b));
    out[`${c.name}: ratio this / other (median of rounds)`] = Math.round(median(ratio) * 1000) / 1000;
  }
  return out;
}

export const AB_CASES: readonly AbCase[] = [
  { name: 'harr four random', rules: 'harr', strategies: 'random,random,random,random', hands: 4000 },
  { name: 'code500 four random', rules: 'code500', strategies: 'random,random,random,random', hands: 4000 },
  { name: 'harr mix', rules: 'harr', strategies: 'chow-mixer,suit-hunter,defender,harr', hands: 600 },
  { name: 'harr-limit mix', rules: 'harr-limit', strategies: 'chow-mixer,suit-hunter,defender,harr', hands: 600 },
  { name: 'harr four harr', rules: 'harr', strategies: 'harr,harr,harr,harr', hands: 600 },
  { name: 'harr four random, luck meter', rules: 'harr', strategies: 'random,random,random,random', hands: 1000, luck: true },
  { name: 'code500 mix, luck meter', rules: 'code500', strategies: 'chow-mixer,suit-hunter,defender,harr', hands: 400, luck: true },
];

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const against = process.argv[2];
  if (!against) throw new Error('usage: node dist/src/bench/ab.js OTHER_DIST [rounds]');
  const mine = await loadBuild(join(import.meta.dirname, '..', '..'));
  console.log(await abCompare(mine, await loadBuild(against), AB_CASES, Number(process.argv[3] ?? 7)));
}
