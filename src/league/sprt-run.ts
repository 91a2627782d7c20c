/**
 * `mjlab sprt A B --rules R --delta D` (docs/statistics.md, "The sequential test"): A in one seat against three B on duplicate walls, a wall
 * set (the four rotations of one wall) at a time, until the sequential test (src/stats/sprt.ts) stops: H0 "A gains
 * nothing over B" (A's mean net per hand 0: with three B at the table A's net is its gain over B) against H1 "A
 * gains D points a hand". The run is a simulate run with a monitor: every committed batch's nets.bin records feed
 * the test, the LLR and its bounds ride on the progress line, and the test looks every LOOK_EVERY wall sets and the run
 * stops after the batch holding the look at which it stops (the wall sets after it in that batch are played, not
 * counted). `--resume` replays the proved records into the test and goes on; at the
 * end sprt.csv is written beside the run's own files.
 */
import { UserError } from '../errors.js';
import { csv, num } from '../io/csv.js';
import { LUCK_FORMAT, LUCK_FORMAT_VALUE } from '../luck/format.js';
import { luckBeta } from '../luck/beta.js';
import { CLI, shellWord } from '../text.js';
import { readLuckModel } from '../value/model-file.js';
import { RunDir } from '../io/run-dir.js';
import { SPRT_PAGE } from '../io/owned-dir.js';
import { LUCK_FILE, luckFormatOf } from '../runner/luck-file.js';
import { sprtHtml, type SprtAsked } from '../report/sprt-html.js';
import { readFileSync } from 'node:fs';
import { labelLuck, luckUnit } from '../runner/luck-adjust.js';
import { forEachWall, WallMoments, type WallSums } from '../runner/wall-sets.js';
import { simulate } from '../runner/run.js';
import { trapSignals, type SignalTrap } from '../runner/signals.js';
import { resumeCommand } from '../runner/stages/plan.js';
import { commandLine } from '../io/manifest.js';
import type { RunMonitor } from '../runner/options.js';
import { Sprt, type SprtSpec, type SprtState } from '../stats/sprt.js';
import { errorRate, sequentialMaxGames } from '../stats/options.js';
import type { PairedInterval } from '../stats/paired.js';
import { requirePlayers } from '../rules/index.js';

const PLAYERS = 4;
/** Wall sets between looks, whatever the run's batch size (the decision is the same for every batching). */
export const LOOK_EVERY = 10;

/** A one-against-three run's aggregate labels: A (one seat), then B (three). */
const CELL = { labels: ['a', 'b'], seats: [1, 3] } as const;

/**
 * A's outcome over one wall set in the luck adjustment's exact units (luck-adjust.ts: 1/(PLAYERS · LUCK_SCALE) of a
 * point): its net summed over the wall set's games, less beta times its luck relative to the table. The one
 * adjustment of A's wall-set outcome, shared by sprt.csv's adjusted interval and the luck-adjusted test.
 */
export function adjustedWallUnits(netSum: number, luck: WallSums, beta: readonly number[]): number {
  return netSum * luckUnit(PLAYERS) - labelLuck([CELL], [luck], 'a', beta, PLAYERS);
}

/** What the test reads of a wall set: A's raw mean net per hand (beta null), or its luck-adjusted one (beta: the format's). */
export function wallOutcome(netSum: number, luck: WallSums | null, beta: readonly number[] | null): number {
  if (!beta) return netSum / PLAYERS;
  if (!luck) throw new Error('sprt: the luck-adjusted test needs luck.bin');
  return adjustedWallUnits(netSum, luck, beta) / (PLAYERS * luckUnit(PLAYERS));
}

/**
 * Feeds the test from nets.bin bytes (two labels: A, then B; a wall set is PLAYERS records) and, for the
 * luck-adjusted test (`beta` given: the coefficients of the run's luck.bin format), the same games' luck.bin bytes
 * (per game, each label's beta.length channels, Int32).
 */
export class SprtMonitor implements RunMonitor {
  readonly test: Sprt;
  private netSum = 0;
  private games = 0;
  private readonly luck: number[];
  state: SprtState;
  /** The LLR at every look, for sprt.html's path against its bounds. */
  readonly path: { n: number; llr: number }[] = [];

  constructor(spec: SprtSpec, private readonly beta: readonly number[] | null = null) {
    this.test = new Sprt(spec);
    this.state = this.test.look();
    this.luck = new Array<number>(2 * (beta?.length ?? 0)).fill(0);
  }

  /** One wall set: A's net summed over its games and, for the adjusted test, the labels' luck sums (luck-adjust.ts). */
  addWall(netSum: number, luck: WallSums | null): void {
    this.test.add(wallOutcome(netSum, luck, this.beta));
    if (this.test.blocks % LOOK_EVERY === 0) {
      this.state = this.test.look();
      this.path.push({ n: this.state.n, llr: this.state.llr });
    }
  }

  batch(nets: Uint8Array, luck?: Uint8Array): { note: string; stop: boolean } {
    const view = new DataView(nets.buffer, nets.byteOffset, nets.byteLength);
    const width = this.luck.length;
    const lv = luck ? new DataView(luck.buffer, luck.byteOffset, luck.byteLength) : null;
    if (width > 0 && (!lv || lv.byteLength * 2 !== nets.byteLength * width)) throw new Error('sprt: luck.bin bytes do not match nets.bin\'s games');
    for (let g = 0; (g + 1) * 8 <= nets.byteLength && this.state.verdict === 'continue'; g++) {
      this.netSum += view.getInt32(g * 8, true);
      for (let k = 0; k < width; k++) this.luck[k]! += lv!.getInt32((g * width + k) * 4, true);
      if (++this.games === PLAYERS) {
        this.addWall(this.netSum, width > 0 ? this.luck : null);
        this.netSum = 0;
        this.games = 0;
        this.luck.fill(0);
      }
    }
    return { note: sprtNote(this.state, this.beta !== null), stop: this.state.verdict !== 'continue' };
  }
}

export function sprtNote(s: SprtState, adjusted = false): string {
  const v = s.verdict === 'continue' ? '' : ` → ${s.verdict}`;
  return `${adjusted ? 'luck-adjusted ' : ''}LLR ${s.llr.toFixed(2)} [${s.lower.toFixed(2)}, ${s.upper.toFixed(2)}] after ${s.n} wall sets${v}`;
}

export interface SprtOptions extends SprtAsked {
  readonly maxGames: number;
  readonly seed: number;
  readonly out: string;
  readonly workers?: number;
  readonly resume: boolean;
  readonly force: boolean;
  readonly progress: 'auto' | 'none';
  readonly command?: string;
  /** luck.bin format 4 with this value model's term (simulate's --luck-model). */
  readonly luckModel?: string;
}

/** A's mean net per hand over the first `walls` wall sets of a one-against-three run, raw and luck-adjusted. */
export function challengerIntervals(dir: string, rules: string, walls: number, luck: boolean): { raw: PairedInterval; adjusted: PairedInterval | null } {
  const format = luck ? luckFormatOf(dir) : null;
  const beta = format ? luckBeta(rules, format.version) : [];
  const adjust = beta.some((x) => x !== 0);
  const raw = new WallMoments();
  const adj = new WallMoments();
  forEachWall([{ dir, ...CELL }], PLAYERS, walls, (sums, lk) => {
    raw.add(sums[0]![0]!);
    if (adjust) adj.add(adjustedWallUnits(sums[0]![0]!, lk[0]!, beta));
  }, adjust ? beta.length : 0);
  return { raw: raw.result(PLAYERS), adjusted: adjust ? adj.result(PLAYERS * luckUnit(PLAYERS)) : null };
}

export const SPRT_COLUMNS = [
  'strategy_a', 'strategy_b', 'rules', 'delta', 'alpha', 'beta', 'verdict', 'wall_sets', 'hands', 'llr', 'llr_lower', 'llr_upper',
  'mean_net', 'ci_low', 'ci_high', 'mean_net_adjusted', 'adjusted_low', 'adjusted_high', 'outcomes',
] as const;

/**
 * The command that plays this test again into the same --out (replaying it in place), as a shell reads it
 * (src/text.ts shellWord: a plug-in path or a `cmd:` bot with spaces stays one word); workers change nothing.
 */
export function reproduceSprt(o: SprtOptions): string {
  const w = shellWord;
  return `${CLI} sprt ${w(o.a)} ${w(o.b)} --rules ${w(o.rules)} --delta ${o.delta} --alpha ${o.alpha} --beta ${o.beta}${o.adjust ? ' --adjust' : ''} --max-games ${o.maxGames} --seed ${o.seed}${o.luckModel !== undefined ? ` --luck-model ${w(o.luckModel)}` : ''} --out ${w(o.out)}`;
}

type SprtOutcome = { status: 'decided' | 'undecided' | 'interrupted'; state: SprtState; signal?: 'SIGINT' | 'SIGTERM' };

export async function runSprtCommand(o: SprtOptions): Promise<SprtOutcome> {
  if (!(o.delta > 0)) throw new UserError(`--delta must be a positive number of points per hand, got ${o.delta}`);
  if (o.a === o.b) throw new UserError(`strategy "${o.a}" against itself: H0 holds by construction (its net is zero on every wall set)`);
  errorRate('--alpha', o.alpha);
  errorRate('--beta', o.beta);
  sequentialMaxGames(o.maxGames, PLAYERS);
  requirePlayers(o.rules, PLAYERS, 'sprt');
  const spec = { mu0: 0, mu1: o.delta, alpha: o.alpha, beta: o.beta };
  // The model read and checked before --out is claimed: a refused test leaves it as it was.
  if (o.luckModel !== undefined) readLuckModel(o.luckModel, o.rules, o.seed, PLAYERS);
  const beta = o.adjust ? luckBeta(o.rules, o.luckModel !== undefined ? LUCK_FORMAT_VALUE : LUCK_FORMAT) : null;
  if (beta && beta.every((x) => x === 0)) throw new UserError(`--adjust: rule set "${o.rules}" has no luck coefficients (src/luck/beta.ts LUCK_BETA)`);
  const monitor = new SprtMonitor(spec, beta);
  // One trap from the claim to sprt.csv (src/runner/signals.ts): a signal while sprt.csv is written is honoured too.
  const signals = trapSignals();
  try {
    return await sprtRun(o, spec, beta, monitor, signals);
  } finally {
    signals.release();
  }
}

async function sprtRun(o: SprtOptions, spec: SprtSpec, beta: readonly number[] | null, monitor: SprtMonitor, signals: SignalTrap): Promise<SprtOutcome> {
  const r = await simulate({
    rules: o.rules, strategies: `${o.a},${o.b},${o.b},${o.b}`, games: o.maxGames, seed: o.seed, ...(o.workers !== undefined ? { workers: o.workers } : {}),
    out: o.out, outExplicit: true, gamesCsv: false, players: PLAYERS, unit: 'hand', duplicate: true, flowers: false, shard: null,
    resume: o.resume, force: o.force, progress: o.progress, nets: true, luck: true, ...(o.luckModel !== undefined ? { luckModel: o.luckModel } : {}), monitor, ...(o.command ? { command: o.command } : {}), signals,
  });
  const state = monitor.state;
  if (r.signal && state.verdict === 'continue') return { status: 'interrupted', state, signal: r.signal };
  const walls = state.n;
  const ci = challengerIntervals(o.out, o.rules, walls, true);
  const dir = new RunDir(o.out);
  // The path from the run's own files, so a resumed test shows it from the first wall set, not from the resume.
  const again = new SprtMonitor(spec, beta);
  const nets = readFileSync(dir.file('nets.bin'));
  again.batch(nets, beta ? readFileSync(dir.file(LUCK_FILE)) : undefined);
  const row = [
    o.a, o.b, o.rules, num(o.delta), num(o.alpha), num(o.beta), state.verdict === 'continue' ? 'undecided' : state.verdict, String(walls), String(walls * PLAYERS),
    num(state.llr), num(state.lower), num(state.upper), num(ci.raw.meanDiff), num(ci.raw.low), num(ci.raw.high),
    ci.adjusted ? num(ci.adjusted.meanDiff) : '', ci.adjusted ? num(ci.adjusted.low) : '', ci.adjusted ? num(ci.adjusted.high) : '',
    o.adjust ? 'luck-adjusted' : 'raw',
  ];
  dir.write('sprt.csv', csv([[...SPRT_COLUMNS], row]));
  dir.write(SPRT_PAGE, sprtHtml({
    a: o.a, b: o.b, rules: o.rules, delta: o.delta, alpha: o.alpha, beta: o.beta, adjust: o.adjust, maxWalls: o.maxGames / PLAYERS,
    state, path: again.path, raw: ci.raw, adjusted: ci.adjusted, command: reproduceSprt(o), manifest: dir.has('manifest.json') ? readFileSync(dir.file('manifest.json'), 'utf8') : null,
  }));
  if (signals.received !== null) {
    // The run had finished (or decided) when the signal came: its files and sprt.csv are whole; a resume re-reads them.
    process.stderr.write(`mjlab: sprt interrupted; the test's files are kept in ${o.out}; resume with: ${resumeCommand(o.command ?? commandLine(), null)}\n`);
    return { status: 'interrupted', state, signal: signals.received };
  }
  return { status: state.verdict === 'continue' ? 'undecided' : 'decided', state };
}

