/**
 * `mjlab sprt A B --rules R --delta D` (issue 27, point 2): A in one seat against three B on duplicate walls, a wall
 * set (the four rotations of one wall) at a time, until the sequential test (src/stats/sprt.ts) stops: H0 "A gains
 * nothing over B" (A's mean net per hand 0: with three B at the table A's net is its gain over B) against H1 "A
 * gains D points a hand". The run is a simulate run with a monitor: every committed batch's nets.bin records feed
 * the test, the LLR and its bounds ride on the progress line, and the test looks every LOOK_EVERY wall sets and the run
 * stops after the batch holding the look at which it stops (the wall sets after it in that batch are played, not
 * counted). `--resume` replays the proved records into the test and goes on; at the
 * end sprt.csv is written beside the run's own files.
 */
import { UserError } from '../errors.js';
import { csv, num } from '../experiments/tables.js';
import { luckBeta } from '../game/luck.js';
import { luckFormatOf } from '../runner/luck-file.js';
import { RunDir } from '../io/run-dir.js';
import { labelLuck, luckUnit } from '../runner/luck-adjust.js';
import { forEachWall, WallMoments } from '../runner/wall-sets.js';
import { simulate } from '../runner/run.js';
import type { RunMonitor } from '../runner/options.js';
import { Sprt, type SprtSpec, type SprtState } from '../stats/sprt.js';
import type { PairedInterval } from '../stats/paired.js';

const PLAYERS = 4;
/** Wall sets between looks, whatever the run's batch size (the decision is the same for every batching). */
export const LOOK_EVERY = 10;

/** Feeds the test from nets.bin bytes (two labels: A, then B; a wall set is PLAYERS records). */
export class SprtMonitor implements RunMonitor {
  readonly test: Sprt;
  private pending: number[] = [];
  state: SprtState;

  constructor(spec: SprtSpec) {
    this.test = new Sprt(spec);
    this.state = this.test.look();
  }

  batch(nets: Uint8Array): { note: string; stop: boolean } {
    const view = new DataView(nets.buffer, nets.byteOffset, nets.byteLength);
    for (let off = 0; off + 8 <= nets.byteLength; off += 8) {
      this.pending.push(view.getInt32(off, true));
      if (this.pending.length === PLAYERS) {
        this.test.add(this.pending.reduce((a, b) => a + b, 0) / PLAYERS);
        this.pending = [];
        if (this.test.blocks % LOOK_EVERY === 0) this.state = this.test.look();
        if (this.state.verdict !== 'continue') break;
      }
    }
    return { note: sprtNote(this.state), stop: this.state.verdict !== 'continue' };
  }
}

export function sprtNote(s: SprtState): string {
  const v = s.verdict === 'continue' ? '' : ` → ${s.verdict}`;
  return `LLR ${s.llr.toFixed(2)} [${s.lower.toFixed(2)}, ${s.upper.toFixed(2)}] after ${s.n} wall sets${v}`;
}

export interface SprtOptions {
  readonly a: string;
  readonly b: string;
  readonly rules: string;
  readonly delta: number;
  readonly alpha: number;
  readonly beta: number;
  readonly maxGames: number;
  readonly seed: number;
  readonly out: string;
  readonly workers?: number;
  readonly resume: boolean;
  readonly force: boolean;
  readonly progress: 'auto' | 'none';
  readonly command?: string;
}

/** A's mean net per hand over the first `walls` wall sets of a one-against-three run, raw and luck-adjusted. */
export function challengerIntervals(dir: string, rules: string, walls: number, luck: boolean): { raw: PairedInterval; adjusted: PairedInterval | null } {
  const format = luck ? luckFormatOf(dir) : null;
  const beta = format ? luckBeta(rules, format.version) : [];
  const adjust = beta.some((x) => x !== 0);
  const raw = new WallMoments();
  const adj = new WallMoments();
  const cell = { dir, labels: ['a', 'b'], seats: [1, 3] };
  forEachWall([cell], PLAYERS, walls, (sums, lk) => {
    raw.add(sums[0]![0]!);
    if (adjust) adj.add(sums[0]![0]! * luckUnit(PLAYERS) - labelLuck([cell], [lk[0]!], 'a', beta, PLAYERS));
  }, adjust ? beta.length : 0);
  return { raw: raw.result(PLAYERS), adjusted: adjust ? adj.result(PLAYERS * luckUnit(PLAYERS)) : null };
}

export const SPRT_COLUMNS = [
  'strategy_a', 'strategy_b', 'rules', 'delta', 'alpha', 'beta', 'verdict', 'wall_sets', 'hands', 'llr', 'llr_lower', 'llr_upper',
  'mean_net', 'ci_low', 'ci_high', 'mean_net_adjusted', 'adjusted_low', 'adjusted_high',
] as const;

export async function runSprtCommand(o: SprtOptions): Promise<{ status: 'decided' | 'undecided' | 'interrupted'; state: SprtState; signal?: 'SIGINT' | 'SIGTERM' }> {
  if (!(o.delta > 0)) throw new UserError(`--delta must be a positive number of points per hand, got ${o.delta}`);
  if (o.a === o.b) throw new UserError(`strategy "${o.a}" against itself: H0 holds by construction (its net is zero on every wall set)`);
  if (!Number.isSafeInteger(o.maxGames) || o.maxGames % PLAYERS !== 0 || o.maxGames < PLAYERS * 2) {
    throw new UserError(`--max-games must be a multiple of ${PLAYERS}, at least ${2 * PLAYERS}, got ${o.maxGames}`);
  }
  const spec = { mu0: 0, mu1: o.delta, alpha: o.alpha, beta: o.beta };
  const monitor = new SprtMonitor(spec);
  const r = await simulate({
    rules: o.rules, strategies: `${o.a},${o.b},${o.b},${o.b}`, games: o.maxGames, seed: o.seed, ...(o.workers !== undefined ? { workers: o.workers } : {}),
    out: o.out, outExplicit: true, gamesCsv: false, players: PLAYERS, unit: 'hand', duplicate: true, flowers: false, shard: null,
    resume: o.resume, force: o.force, progress: o.progress, nets: true, luck: true, monitor, ...(o.command ? { command: o.command } : {}),
  });
  const state = monitor.state;
  if (r.signal && state.verdict === 'continue') return { status: 'interrupted', state, signal: r.signal };
  const walls = state.n;
  const ci = challengerIntervals(o.out, o.rules, walls, true);
  const dir = new RunDir(o.out);
  dir.write('sprt.csv', csv([
    [...SPRT_COLUMNS],
    [
      o.a, o.b, o.rules, num(o.delta), num(o.alpha), num(o.beta), state.verdict === 'continue' ? 'undecided' : state.verdict, String(walls), String(walls * PLAYERS),
      num(state.llr), num(state.lower), num(state.upper), num(ci.raw.meanDiff), num(ci.raw.low), num(ci.raw.high),
      ci.adjusted ? num(ci.adjusted.meanDiff) : '', ci.adjusted ? num(ci.adjusted.low) : '', ci.adjusted ? num(ci.adjusted.high) : '',
    ],
  ]));
  return { status: state.verdict === 'continue' ? 'undecided' : 'decided', state };
}

