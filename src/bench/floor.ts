/**
 * The floor of a hand on this machine (docs/performance.md, "The runner": the target for four `random`, 50,000 hands/s per worker, is 20 µs a hand).
 * The floor is the least work any engine for these rules does in a hand of four uniform players, done with the
 * project's own pieces: the wall stream and the four seat streams (src/rng/streams.ts, the same keys as a game),
 * the seeded shuffle (src/wall), the deal, then turns of "draw from the wall, discard a uniformly chosen held kind"
 * until the live wall is exhausted (docs/rules.md "Wall and deal", harr: no dead wall). No claims, flowers, Mah-Jongg
 * checks, views, legal lists, validation, scoring or settlement: each of those only adds work.
 *
 * benchFloor measures it interleaved with the engine (four `random`, harr, one reused engine as in a runner worker)
 * in one thread, chunk by chunk, so the engine-to-floor ratio holds whatever the load on a shared machine.
 *
 * floorScaling measures what two cores give on this machine for work that shares nothing: the floor in one worker
 * thread, then in two at once, round after round. No runner can scale better than the machine does, so it is the
 * ceiling against which the runner's scaling ratio is read.
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, isMainThread, parentPort } from 'node:worker_threads';
import { random } from '../../strategies/random.js';
import { createEngine } from '../game/play.js';
import { gameSetup } from '../game/setup.js';
import { fourOf } from './engine.js';
import { type Rng, intFrom, makeStream, rawInt32, seatStream } from '../rng/streams.js';
import { KINDS } from '../tiles/index.js';
import { type Wall, createWall, drawHead, fillWall, liveCount } from '../wall/wall.js';
import { median } from 'simple-statistics';

const SEED = 1;

/** Scratch for floor hands: four seats' counts and, per seat, a bit per held kind (17 kinds to a word). */
export interface FloorTable {
  readonly wall: Wall;
  readonly counts: Uint8Array;
  readonly held: Int32Array;
}

export function floorTable(): FloorTable {
  return { wall: createWall(false, 0), counts: new Uint8Array(4 * KINDS), held: new Int32Array(8) };
}

function add(f: FloorTable, seat: number, t: number): void {
  if (f.counts[seat * KINDS + t]!++ === 0) f.held[seat * 2 + (t >= 17 ? 1 : 0)]! |= 1 << t % 17;
}

function remove(f: FloorTable, seat: number, t: number): void {
  if (--f.counts[seat * KINDS + t]! === 0) f.held[seat * 2 + (t >= 17 ? 1 : 0)]! &= ~(1 << t % 17);
}

function raw(rng: Rng): () => number {
  const g = rawInt32(rng);
  if (g === null) throw new Error('floor: a stream without a raw generator');
  return g;
}

/** The random numbers, wall and deal of game `game` only (the setup part of the floor). */
export function floorSetup(f: FloorTable, game: number): (() => number)[] {
  f.counts.fill(0);
  f.held.fill(0);
  fillWall(f.wall, makeStream(SEED, game, 'wall'));
  const seats = [0, 1, 2, 3].map((s) => raw(seatStream(SEED, game, s)));
  const dealer = game % 4;
  for (let k = 0; k < 4; k++) {
    const seat = (dealer + k) % 4;
    for (let i = seat === dealer ? 14 : 13; i > 0; i--) add(f, seat, drawHead(f.wall));
  }
  return seats;
}

/** One floor hand of game `game`: returns the number of discards (turns). */
export function floorHand(f: FloorTable, game: number): number {
  const seats = floorSetup(f, game);
  const kinds = new Uint8Array(14);
  let seat = game % 4;
  let turns = 0;
  for (;;) {
    let n = 0;
    for (let w = 0; w < 2; w++) {
      for (let m = f.held[seat * 2 + w]!; m !== 0; m &= m - 1) kinds[n++] = 31 - Math.clz32(m & -m) + 17 * w;
    }
    remove(f, seat, kinds[intFrom(seats[seat]!, n)]!);
    turns++;
    if (liveCount(f.wall) === 0) return turns;
    seat = (seat + 1) % 4;
    add(f, seat, drawHead(f.wall));
  }
}

/** Interleaved chunks of floor hands, setup-only hands and engine hands; median chunk rates. */
export async function benchFloor(hands = 40_000, chunk = 2_000): Promise<Record<string, number | string>> {
  const config = fourOf('harr', random); // seed 1, as SEED
  const engine = createEngine(config);
  const f = floorTable();
  let engineTurns = 0;
  let floorTurns = 0;
  const kinds: Record<'floor' | 'setup' | 'engine', (g: number) => void> = {
    floor: (g) => {
      floorTurns += floorHand(f, g);
    },
    setup: (g) => {
      floorSetup(f, g);
    },
    engine: (g) => {
      engineTurns += engine.play(gameSetup(config, g), { record: false }).hands[0]!.turns;
    },
  };
  const names = Object.keys(kinds) as (keyof typeof kinds)[];
  for (const k of names) for (let g = 0; g < chunk; g++) kinds[k](1_000_000 + g); // warm-up
  engineTurns = 0;
  floorTurns = 0;
  const rates = new Map(names.map((k) => [k, [] as number[]]));
  for (let g0 = 0, round = 0; g0 < hands; g0 += chunk, round++) {
    for (const k of round % 2 === 0 ? names : [...names].reverse()) {
      const t0 = performance.now();
      for (let g = g0; g < g0 + chunk; g++) kinds[k](g);
      rates.get(k)!.push(chunk / ((performance.now() - t0) / 1000));
    }
  }
  const floor = median(rates.get('floor')!);
  const setup = median(rates.get('setup')!);
  const eng = median(rates.get('engine')!);
  return {
    'floor (harr, four uniform players, no claims, one thread), hands/s': Math.round(floor),
    'floor, µs per hand': +(1e6 / floor).toFixed(1),
    'floor setup alone (five streams, shuffle, deal), µs per hand': +(1e6 / setup).toFixed(1),
    'floor, turns per hand': +(floorTurns / hands).toFixed(1),
    'engine, four random (harr, one thread), hands/s': Math.round(eng),
    'engine, µs per hand': +(1e6 / eng).toFixed(1),
    'engine, turns per hand': +(engineTurns / hands).toFixed(1),
    'engine time / floor time': +(floor / eng).toFixed(2),
    'target 50,000 hands/s per worker / floor': +(50_000 / floor).toFixed(2),
  };
}

/** Floor hands [from, from + n) in this thread; seconds taken. */
function timeFloor(f: FloorTable, from: number, n: number): number {
  const t0 = performance.now();
  for (let g = from; g < from + n; g++) floorHand(f, g);
  return (performance.now() - t0) / 1000;
}

interface FloorJob {
  readonly from: number;
  readonly n: number;
}

/**
 * Per round, floor hands/s with one worker thread, then with `workers` at once (each playing `hands`), in
 * alternating order; the median of the per-round ratios. The threads are started and warmed up first, so thread
 * start-up is not measured.
 */
export async function floorScaling(workers: number, hands = 60_000, rounds = 5): Promise<Record<string, number>> {
  const pool = Array.from({ length: workers }, () => new Worker(fileURLToPath(import.meta.url)));
  const run = (w: Worker, job: FloorJob): Promise<number> =>
    new Promise((resolve, reject) => {
      const onError = (e: Error): void => reject(e);
      w.once('error', onError);
      w.once('message', (sec: number) => {
        w.off('error', onError);
        resolve(sec);
      });
      w.postMessage(job);
    });
  const together = async (k: number, from: number): Promise<number> => {
    const t0 = performance.now();
    await Promise.all(pool.slice(0, k).map((w, i) => run(w, { from: from + i * hands, n: hands })));
    return (k * hands) / ((performance.now() - t0) / 1000);
  };
  try {
    await Promise.all(pool.map((w) => run(w, { from: 1_000_000, n: hands / 4 })));
    const one: number[] = [];
    const all: number[] = [];
    const ratios: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const from = r * workers * hands;
      let a: number;
      let b: number;
      if (r % 2 === 0) {
        a = await together(1, from);
        b = await together(workers, from);
      } else {
        b = await together(workers, from);
        a = await together(1, from);
      }
      one.push(a);
      all.push(b);
      ratios.push(b / a);
    }
    return {
      'floor, 1 worker thread, hands/s': Math.round(median(one)),
      [`floor, ${workers} worker threads at once, hands/s`]: Math.round(median(all)),
      [`floor scaling ${workers} vs 1 (median of ${rounds} rounds' ratios)`]: +median(ratios).toFixed(2),
      'lowest round ratio': +Math.min(...ratios).toFixed(2),
      'highest round ratio': +Math.max(...ratios).toFixed(2),
    };
  } finally {
    await Promise.all(pool.map((w) => w.terminate()));
  }
}

if (!isMainThread && parentPort !== null) {
  const port = parentPort;
  const f = floorTable();
  port.on('message', (job: FloorJob) => port.postMessage(timeFloor(f, job.from, job.n)));
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(await benchFloor(Number(process.argv[2] ?? 40_000)));
  console.log(await floorScaling(2));
}
