/**
 * luck.bin format 4 (docs/statistics.md "The learned value"): the value model's term at every draw. A strategy
 * against itself comes out at exactly zero, raw and adjusted; format 3's nine channels are written unchanged beside
 * the tenth; every seat's term has mean zero over many draws (within two standard errors); the term moves with the
 * seat's net (a term of the wrong sign would not); a run on the seeds reserved for fitting is
 * refused, and no committed result was played on them.
 *
 * The fixture model, fixtures/value-harr-limit.mjval (hidden 32, held-out variance explained 17.2%), is what this
 * command wrote (0.23 hours on one shared core, 64 s of it the data):
 *   mjlab train --target value --rules harr-limit --teacher results/league/presets/harr-tuned-harr-limit.json
 *     --field harr,harr,harr --games 60000 --seed 9100 --workers 1 --out DIR
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Seat } from '../../src/core/seat.js';
import type { HandState } from '../../src/engine/state.js';
import { createEngine } from '../../src/game/play.js';
import { gameSetup } from '../../src/game/setup.js';
import { luckBeta } from '../../src/luck/beta.js';
import { LUCK_CHANNELS, LUCK_CHANNELS_VALUE, luckFormat } from '../../src/luck/format.js';
import { LuckMeter, type DrawValue } from '../../src/luck/meter.js';
import { luckFormatOf } from '../../src/runner/luck-file.js';
import { tableConfig } from '../../src/runner/table.js';
import type { WinBy } from '../../src/scoring/index.js';
import { readValueModel } from '../../src/value/model-file.js';
import { isValueSeed, VALUE_SEEDS } from '../../src/value/seeds.js';
import { ValueTerms } from '../../src/value/terms.js';
import { mjlabIn } from '../helpers/cli.js';
import { oneLine, parseCsv, read, ROOT, tempDir } from './helpers.js';

const MODEL = join(ROOT, 'test', 'runner', 'fixtures', 'value-harr-limit.mjval');
const tmp = tempDir('luck-value');
const GAMES = 400;
const MIX = 'chow-mixer,suit-hunter,defender,harr';
const SELF = 'harr,harr:minPairs=2,harr,harr';

async function run(strategies: string, out: string, extra: string[]): Promise<void> {
  const r = await mjlabIn(['simulate', '--rules', 'harr-limit', '--strategies', strategies, '--games', String(GAMES), '--seed', '31', '--duplicate', '--workers', '1', '--no-progress', '--quiet', '--out', join(tmp, out), ...extra]);
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
}

const ints = (file: string): number[] => {
  const b = readFileSync(file);
  return Array.from({ length: b.length / 4 }, (_, i) => b.readInt32LE(i * 4));
};

/** ValueTerms, with each draw's terms kept: every seat's, and the mover's own. */
class Spy implements DrawValue {
  readonly terms: number[][] = [[], [], [], []];
  readonly own: number[] = [];
  /** The movers' own terms and the other seats' terms, summed over each wall set (four games). */
  readonly ownByWallSet: number[] = [];
  readonly otherByWallSet: number[] = [];
  game = 0;
  private mover = 0;
  private readonly scratch = new Float64Array(4 * LUCK_CHANNELS_VALUE);
  constructor(private readonly inner: ValueTerms) {}
  deal(s: HandState): void {
    this.inner.deal();
    void s;
  }
  start(s: HandState, seat: Seat, t: number, before: Uint8Array, wall: Uint8Array, n: number, by: WinBy): void {
    this.mover = seat;
    this.inner.start(s, seat, t, before, wall, n, by);
  }
  kind(k: number, shanten: number, win: number, loser: number, best: number): void {
    this.inner.kind(k, shanten, win, loser, best);
  }
  newWall(s: HandState, luck: Float64Array, channels: number, channel: number): void {
    this.inner.newWall(s, luck, channels, channel);
  }
  finish(luck: Float64Array, channels: number, channel: number): void {
    this.scratch.fill(0);
    this.inner.finish(this.scratch, channels, channel);
    for (let j = 0; j < 4; j++) {
      const x = this.scratch[j * channels + channel]!;
      this.terms[j]!.push(x);
      const set = this.game >> 2;
      while (this.ownByWallSet.length <= set) {
        this.ownByWallSet.push(0);
        this.otherByWallSet.push(0);
      }
      if (j === this.mover) {
        this.own.push(x);
        this.ownByWallSet[set]! += x;
      } else this.otherByWallSet[set]! += x;
      luck[j * channels + channel]! += x;
    }
  }
}

/** Each seat's net and channel-9 luck per game, and every draw's terms, over `games` games of `lineup` on `seed`. */
async function play(lineup: string, seed: number, games: number): Promise<{ nets: number[][]; luck: number[][]; spy: Spy }> {
  const config = await tableConfig({ rules: 'harr-limit', strategies: lineup, players: 4, unit: 'hand', seed, duplicate: true, flowers: false, limit: 300 });
  const engine = createEngine(config);
  const spy = new Spy(new ValueTerms(readValueModel(MODEL).model));
  const meter = new LuckMeter(4, true, spy);
  const nets: number[][] = [[], [], [], []];
  const luck: number[][] = [[], [], [], []];
  for (let g = 0; g < games; g++) {
    spy.game = g;
    const outcome = engine.play(gameSetup(config, g), { record: false, luck: meter });
    for (let j = 0; j < 4; j++) {
      nets[j]!.push(outcome.hands[0]!.nets[j]!);
      luck[j]!.push(meter.luck[j * meter.channels + LUCK_CHANNELS]!);
    }
  }
  return { nets, luck, spy };
}

const mean = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
const variance = (xs: readonly number[]): number => {
  const m = mean(xs);
  return xs.reduce((a, b) => a + (b - m) ** 2, 0) / (xs.length - 1);
};

beforeAll(async () => {
  await run(MIX, 'mix', ['--luck-model', MODEL]);
  await run(MIX, 'mix3', []);
  await run(SELF, 'self', ['--luck-model', MODEL]);
}, 600_000);

describe('luck.bin format 4', () => {
  it('a strategy against itself comes out at exactly zero, raw and adjusted', () => {
    const rows = parseCsv(read(join(tmp, 'self'), 'pairwise.csv'));
    expect(rows).toHaveLength(1);
    for (const k of ['mean_net_diff', 'diff_low', 'diff_high', 'mean_net_diff_adjusted', 'adjusted_low', 'adjusted_high']) expect(Math.abs(Number(rows[0]![k]))).toBe(0);
  });

  it('writes ten channels, format 3 unchanged beside the model term, and names the model in the identity', () => {
    const identity = JSON.parse(read(join(tmp, 'mix'), 'manifest.json')).identity;
    expect(identity.luck).toBe(4);
    expect(identity.luckModel).toEqual({ sha256: createHash('sha256').update(readFileSync(MODEL)).digest('hex'), rules: 'harr-limit', seed: 9100 });
    expect(luckFormatOf(join(tmp, 'mix'))).toEqual({ version: 4, channels: LUCK_CHANNELS_VALUE });
    expect(luckFormat(3)).toEqual({ version: 3, channels: LUCK_CHANNELS });
    const four = ints(join(tmp, 'mix', 'luck.bin'));
    const three = ints(join(tmp, 'mix3', 'luck.bin'));
    expect(four.length).toBe(GAMES * 4 * LUCK_CHANNELS_VALUE);
    expect(four.filter((_, i) => i % LUCK_CHANNELS_VALUE < LUCK_CHANNELS)).toEqual(three);
    expect(four.some((x, i) => i % LUCK_CHANNELS_VALUE === LUCK_CHANNELS && x !== 0)).toBe(true);
    // The adjustment: format 3's channels and the model's term fitted together on reserved seeds (harr-limit); a rule
    // set without a fitted row takes format 3's coefficients and leaves the term unweighted.
    expect(luckBeta('harr-limit', 4)).toEqual([4, -1, 188, 259, 1897, 11, 345, 716, 615, 271]);
    expect(luckBeta('harr', 4)).toEqual([...luckBeta('harr', 3), 0]);
    expect(parseCsv(read(join(tmp, 'mix'), 'pairwise.csv')).length).toBeGreaterThan(0);
  });

  it("the terms have mean zero over many draws (within two standard errors), and move with the seat's net", async () => {
    const { nets, luck, spy } = await play(MIX, 41, 400);
    expect(spy.own.length).toBeGreaterThan(15_000);
    // The unit is the wall set (its four games share a wall; wall sets are independent): the draws' terms summed
    // over each, the mover's own and the other seats' apart (a draw that completes a hand is a large term of one
    // sign for the mover and of the other for the rest, so each alone is skewed).
    for (const xs of [spy.ownByWallSet, spy.otherByWallSet]) {
      expect(xs).toHaveLength(100);
      expect(Math.abs(mean(xs))).toBeLessThan(2 * Math.sqrt(variance(xs) / xs.length));
    }
    // The sign: the term is luck in the seat's net, so the net rises with it (the least-squares slope of a seat's
    // net on its game's terms is positive; a term of the wrong sign has a negative one).
    for (let j = 0; j < 4; j++) {
      const x = luck[j]!;
      const y = nets[j]!;
      const mx = mean(x);
      const my = mean(y);
      const slope = x.reduce((a, v, g) => a + (v - mx) * (y[g]! - my), 0) / x.reduce((a, v) => a + (v - mx) ** 2, 0);
      expect(slope).toBeGreaterThan(0.15);
    }
  }, 600_000);

  it('is refused on the seeds reserved for fitting, and no committed result was played on them', async () => {
    const r = await mjlabIn(['simulate', '--rules', 'harr-limit', '--strategies', MIX, '--games', '8', '--seed', String(VALUE_SEEDS.from), '--duplicate', '--workers', '1', '--no-progress', '--quiet', '--luck-model', MODEL, '--out', join(tmp, 'refused')]);
    expect(oneLine(r)).toMatch(/reserved for fitting the value model/);
    const r2 = await mjlabIn(['simulate', '--rules', 'harr', '--strategies', MIX, '--games', '8', '--duplicate', '--workers', '1', '--no-progress', '--quiet', '--luck-model', MODEL, '--out', join(tmp, 'refused2')]);
    expect(oneLine(r2)).toMatch(/fitted under harr-limit, this run plays harr/);
    const seeds: number[] = [];
    const walk = (dir: string): void => {
      for (const e of readdirSync(dir)) {
        const p = join(dir, e);
        if (statSync(p).isDirectory()) walk(p);
        else if (e === 'manifest.json') for (const m of readFileSync(p, 'utf8').matchAll(/"seed": (\d+)/g)) seeds.push(Number(m[1]));
      }
    };
    walk(join(ROOT, 'results'));
    expect(seeds.length).toBeGreaterThan(100);
    expect(seeds.filter(isValueSeed)).toEqual([]);
  }, 300_000);
});
