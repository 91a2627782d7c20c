/**
 * `mjlab league` (docs/statistics.md, "League ratings"): every member in one seat against three of every other, on duplicate walls
 * (every rotation of the same walls, the same walls in every pairing), each pairing a simulate run of its own in
 * runs/<i>-<j>/ (resumable and shardable as simulate is: a shard plays the same game range of every pairing), and,
 * once every pairing is complete, the league's files (analyse.ts): league.csv, matrix.csv, league.svg, README.md
 * and manifest.json, and the leaderboard printed. The directory is owned as an experiment's is
 * (experiments/run.ts claimDir); `mergeLeague` merges the shards' pairings one by one with simulate's merge.
 *
 * `--until H` plays in blocks of UNTIL_BLOCK wall sets: after each block every pairing holds the same first walls,
 * the ratings are computed over exactly those, and the league stops at the first block where every rating's 95%
 * interval is at most H points per hand wide either side (or at --games, the cap). The decision reads only whole
 * blocks of the first wall sets, never what a batch played past them, so it is the same for any worker count;
 * a resume replays the blocks from the start (nothing already played is played again) and stops where the
 * uninterrupted run would have.
 */
import { CLI, codeFence, shellWord, thousands } from '../text.js';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { CHECKPOINT_FILE } from '../runner/checkpoint.js';
import { join } from 'node:path';
import { UserError } from '../errors.js';
import { precision } from '../stats/options.js';
import { renderSvg } from '../charts/render.js';
import { claimDir } from '../experiments/run.js';
import { commandLine, experimentProvenance, sameIdentity, type Manifest, type RunIdentity, type Shard } from '../io/manifest.js';
import type { RunDir } from '../io/run-dir.js';
import type { RunMonitor } from '../runner/options.js';
import { planMerge, writeMerge, type MergePlan } from '../runner/merge.js';
import { simulate } from '../runner/run.js';
import { WorkerKeep } from '../runner/pool.js';
import { builtInOnly, pluginHashes } from '../runner/plugins.js';
import { resumeCommand } from '../runner/stages/plan.js';
import { trapSignals, type SignalTrap } from '../runner/signals.js';
import { namedLabels, resolveStrategy, type StrategyInstance } from '../lineup/registry.js';
import { formatShard } from '../runner/plan.js';
import { seatsOf } from '../runner/wall-sets.js';
import { LUCK_FILE, luckFormatOf } from '../runner/luck-file.js';
import { readLuckModel } from '../value/model-file.js';
import type { LuckFormat } from '../luck/format.js';
import { leagueShardOf, runLabelsOf } from './read.js';
import { analyseLeague, leaderboard, leagueChart, leagueCsv, matrixCsv, order, type LeagueCell, type LeagueResult } from './analyse.js';
import { leagueHtml } from '../report/league-html.js';
import { requirePlayers, ruleSet, variantProvenance } from '../rules/index.js';

export interface LeagueOptions {
  readonly rules: string;
  readonly strategies: string;
  /** Games per pairing (a multiple of 4: whole wall sets). */
  readonly games: number;
  readonly seed: number;
  readonly out: string;
  readonly workers?: number;
  readonly shard: Shard | null;
  readonly resume: boolean;
  /** With resume: a member's plug-in or preset file changed since is accepted (SimulateOptions.acceptChangedPlugin). */
  readonly acceptChangedPlugin?: boolean;
  readonly force: boolean;
  readonly progress: 'auto' | 'none';
  readonly decisionTimeout?: number;
  readonly command?: string;
  /** Stop at the first block of UNTIL_BLOCK wall sets after which every rating's 95% half-width is at most this. */
  readonly until?: number;
  /** Every pairing records luck.bin format 4 with this value model (simulate's --luck-model). */
  readonly luckModel?: string;
}

const PLAYERS = 4;
/** Wall sets per --until block (the precision is checked after each). */
export const UNTIL_BLOCK = 100;
/** --until's cap on games per pairing when --games is not given. */
export const UNTIL_GAMES = 40_000;

/** Stops a pairing's run once it holds `games` games (the wall sets past them in the last batch are not read). */
class GamesMonitor implements RunMonitor {
  private seen = 0;
  constructor(private readonly games: number, private readonly width: number) {}

  batch(nets: Uint8Array): { note: string; stop: boolean } {
    this.seen += nets.byteLength / this.width;
    return { note: '', stop: this.seen >= this.games };
  }
}

/** The widest 95% half-width among the ratings, points per hand. */
export function widestRating(r: LeagueResult): number {
  return Math.max(...r.ratings.map((x) => (x.high - x.low) / 2));
}

export function leagueMembers(strategies: string): string[] {
  const members = strategies.split(',').map((s) => s.trim());
  if (members.some((m) => m === '')) throw new UserError(`empty strategy name in "${strategies}"`);
  if (members.length < 2) throw new UserError(`a league needs at least two strategies, got "${strategies}"`);
  const dup = members.find((m, i) => members.indexOf(m) !== i);
  if (dup !== undefined) throw new UserError(`strategy "${dup}" is named twice in --strategies`);
  return members;
}

/** Every ordered pairing: i in one seat, j in the other three. */
export function pairings(members: readonly string[]): { i: number; j: number; lineup: string; dir: string }[] {
  const out: { i: number; j: number; lineup: string; dir: string }[] = [];
  for (let i = 0; i < members.length; i++) {
    for (let j = 0; j < members.length; j++) {
      if (i !== j) out.push({ i, j, lineup: [members[i], members[j], members[j], members[j]].join(','), dir: join('runs', `${i}-${j}`) });
    }
  }
  return out;
}

/** What a league reads: its members' files (plug-ins, presets, models) and a variant file. */
function leagueInputs(o: Pick<LeagueOptions, 'rules'>, files: readonly string[]): string[] {
  return [...files, ...(o.rules.endsWith('.json') ? [o.rules] : [])];
}

/**
 * The league's claim of --out (src/experiments/run.ts claimDir), and on --resume one line for the pairings it holds
 * nothing to resume of (their runs start afresh without a line each); none when the claim said the league has none.
 */
function claimLeague(o: LeagueOptions, run: { experiment: string; games: number; seed: number; luckModelFile?: string }, members: readonly string[], inputs: readonly string[]): RunDir {
  const held = existsSync(o.out) && readdirSync(o.out).length > 0;
  const dirs = pairingDirs(members);
  const out = claimDir(o.out, run, o, dirs, leagueInputs(o, inputs));
  // A finished pairing without its checkpoint is refused by its own claim, not played afresh.
  const finished = (d: string) => out.readJson<Manifest>(join(d, 'manifest.json'))?.complete === true;
  const afresh = dirs.filter((d) => !existsSync(join(o.out, d, CHECKPOINT_FILE)) && !finished(d));
  if (o.resume && held && afresh.length > 0) {
    const which = afresh.length === dirs.length ? `any of the ${dirs.length} pairings` : `${afresh.length} of the ${dirs.length} pairings`;
    process.stderr.write(`mjlab: nothing to resume in ${which} of ${o.out}; ${afresh.length === 1 ? 'it starts' : 'they start'} from the beginning\n`);
  }
  return out;
}

/** The pairings' run directories, under the league's. */
function pairingDirs(members: readonly string[]): string[] {
  return pairings(members).map((p) => p.dir);
}

/** The league's identity in its marker; `model` the SHA-256 of the value model its luck is recorded with. */
function identityOf(o: Pick<LeagueOptions, 'rules' | 'strategies' | 'shard'>, model: string | null): string {
  return `league ${o.rules} ${leagueMembers(o.strategies).join(',')}${model ? ` luck-model ${model}` : ''}${o.shard ? ` shard ${formatShard(o.shard)}` : ''}`;
}

/** What the league's marker records: its identity, games and seed, and the value model's file as given (for a merge's command). */
function leagueRun(o: Pick<LeagueOptions, 'rules' | 'strategies' | 'shard' | 'games' | 'seed' | 'luckModel'>, model: string | null, tail = ''): { experiment: string; games: number; seed: number; luckModelFile?: string } {
  return { experiment: `${identityOf(o, model)}${tail}`, games: o.games, seed: o.seed, ...(model && o.luckModel !== undefined ? { luckModelFile: o.luckModel } : {}) };
}

/** --luck-model's file read and checked before --out is claimed (a refused league leaves it as it was): its SHA-256, or null. */
function leagueModel(o: Pick<LeagueOptions, 'rules' | 'seed' | 'luckModel'>): string | null {
  return o.luckModel === undefined ? null : readLuckModel(o.luckModel, o.rules, o.seed, PLAYERS).model.sha256;
}

/** The command that plays the league again into the same --out, as a shell reads it (src/text.ts shellWord). */
export function reproduceLeague(o: Pick<LeagueOptions, 'rules' | 'strategies' | 'games' | 'seed' | 'until' | 'out' | 'luckModel'>): string {
  const until = o.until !== undefined ? ` --until ${o.until}` : '';
  const model = o.luckModel !== undefined ? ` --luck-model ${shellWord(o.luckModel)}` : '';
  return `${CLI} league --rules ${shellWord(o.rules)} --strategies ${shellWord(leagueMembers(o.strategies).join(','))}${until} --games ${o.games} --seed ${o.seed}${model} --out ${shellWord(o.out)}`;
}

export interface LeagueRunResult {
  readonly status: 'complete' | 'partial' | 'interrupted';
  readonly signal?: 'SIGINT' | 'SIGTERM';
  /** Interrupted, and the line saying so (with the resume command) is printed. */
  readonly said?: boolean;
  readonly result?: LeagueResult;
  readonly board?: string;
}

/**
 * The rule set read (an unknown name, a bad variant file), every member resolved (an unknown name, a bad preset, a
 * plug-in that does not load) and their labels told apart, before the league's directory is claimed: a refused
 * league leaves --out as it was. What comes back is what the league reads (see leagueInputs).
 */
async function checkMembers(rules: string, members: readonly string[]): Promise<string[]> {
  ruleSet(rules);
  const labels = new Map<string, string>();
  const files: string[] = [];
  const resolved = await resolveMembers(members);
  for (const [k, { label, files: read }] of resolved.entries()) {
    const m = members[k]!;
    files.push(...(read ?? []));
    const other = labels.get(label);
    if (other !== undefined) throw new UserError(`members "${other}" and "${m}" share the label "${label}": their pairings could not be told apart; rename one preset file`);
    labels.set(label, m);
  }
  return files;
}

/** Every member resolved, one at a time, its label as the league's tables show it: plug-ins and bots told apart by namedLabels. */
async function resolveMembers(members: readonly string[]): Promise<StrategyInstance[]> {
  const resolved: StrategyInstance[] = [];
  for (const m of members) resolved.push(await resolveStrategy(m));
  return namedLabels(resolved);
}

export async function runLeague(o: LeagueOptions): Promise<LeagueRunResult> {
  requirePlayers(o.rules, PLAYERS, 'league');
  const members = leagueMembers(o.strategies);
  if (!Number.isSafeInteger(o.games) || o.games < 2 * PLAYERS || o.games % PLAYERS !== 0) {
    throw new UserError(`--games must be a multiple of ${PLAYERS} (whole wall sets), at least ${2 * PLAYERS}, got ${o.games}`);
  }
  if (o.until !== undefined) {
    precision('--until', o.until);
    if (o.shard !== null) throw new UserError('--until cannot be sharded: the precision is known only over every game (play it without --shard)');
    if (o.games % (UNTIL_BLOCK * PLAYERS) !== 0) {
      throw new UserError(`with --until, --games is the cap per pairing and must be a multiple of ${UNTIL_BLOCK * PLAYERS} (whole blocks of ${UNTIL_BLOCK} wall sets), got ${o.games}`);
    }
    const inputs = [...(await checkMembers(o.rules, members)), ...(o.luckModel !== undefined ? [o.luckModel] : [])];
    const model = leagueModel(o);
    return honouring(o, (signals) => runUntil(o, members, o.until!, signals, inputs, model));
  }
  const inputs = [...(await checkMembers(o.rules, members)), ...(o.luckModel !== undefined ? [o.luckModel] : [])];
  const model = leagueModel(o);
  return honouring(o, async (signals) => {
    const out = claimLeague(o, leagueRun(o, model), members, inputs);
    const played = await playTo(o, o.games, o.resume, false, signals);
    if (!('cells' in played)) return stopped(played);
    const { cells, runs } = played;
    if (o.shard !== null) return { status: 'partial' };
    return finishLeague(o, out, members, cells, runs);
  });
}

/**
 * Run the league under one signal trap, from its claim to its last file (src/runner/signals.ts): a SIGINT or SIGTERM
 * at any point, in a pairing, between two, or while the league's own files are written, stops it with the resume
 * line and 130 or 143 (the pairing that was playing prints its own line; finished pairings are kept).
 */
async function honouring(o: LeagueOptions, body: (signals: SignalTrap) => Promise<LeagueRunResult>): Promise<LeagueRunResult> {
  const signals = trapSignals();
  try {
    const r = await body(signals);
    const received = signals.received;
    if (received === null || r.said) return r;
    process.stderr.write(`mjlab: league interrupted; finished pairings are kept in ${o.out}; resume with: ${resumeCommand(o.command ?? commandLine(), o.shard)}\n`);
    return { status: 'interrupted', signal: received };
  } finally {
    signals.release();
  }
}

/** A league stopped by a signal, and whether the line with the resume command was printed already. */
interface Stopped {
  readonly signal: 'SIGINT' | 'SIGTERM';
  readonly said: boolean;
}

function stopped(s: Stopped): LeagueRunResult {
  return { status: 'interrupted', signal: s.signal, said: s.said };
}

/** Play every pairing up to `games` games of a run capped at o.games (see GamesMonitor); the signal when one stopped it. */
async function playTo(o: LeagueOptions, games: number, resume: boolean, quiet: boolean, signals: SignalTrap): Promise<{ cells: LeagueCell[]; runs: object[] } | Stopped> {
  const members = leagueMembers(o.strategies);
  const plan = pairings(members);
  const cells: LeagueCell[] = [];
  const runs: object[] = [];
  // One set of workers for all the pairings, unless a member is a plug-in (each run then starts its own).
  const keep = (await builtInOnly(members)) ? new WorkerKeep() : undefined;
  // Each pairing shows its two members by the league's labels (a plug-in by its name, `name#2` as the league has
  // it), not by the labels its own lineup, in its own order, would give them.
  const named = (await resolveMembers(members)).map((r, k) => [members[k]!, r.label] as const).filter(([m, l]) => m !== l);
  const labels = named.length > 0 ? { labels: Object.fromEntries(named) } : {};
  try {
    for (const [k, p] of plan.entries()) {
      // Between pairings: the league stops here (honouring prints the resume line).
      if (signals.received !== null) return { signal: signals.received, said: false };
      if (o.progress !== 'none' && !quiet) process.stderr.write(`mjlab: league ${o.rules} pairing ${k + 1}/${plan.length}: ${p.lineup}\n`);
      const r = await simulate({
        rules: o.rules, strategies: p.lineup, games: o.games, seed: o.seed, ...(o.workers !== undefined ? { workers: o.workers } : {}),
        out: join(o.out, p.dir), outExplicit: false, gamesCsv: false, players: PLAYERS, unit: 'hand', duplicate: true, flowers: false, ...labels,
        shard: o.shard, resume, force: false, parentOwned: true, quietFresh: true, progress: quiet ? 'none' : o.progress, nets: true, luck: true,
        ...(o.luckModel !== undefined ? { luckModel: o.luckModel } : {}),
        ...(games < o.games ? { monitor: new GamesMonitor(games, 2 * 4) } : {}),
        ...(o.decisionTimeout !== undefined ? { decisionTimeout: o.decisionTimeout } : {}),
        command: o.command ?? commandLine(), commandOut: o.out,
        ...(resume && o.acceptChangedPlugin ? { acceptChangedPlugin: true } : {}),
        ...(keep ? { keep } : {}),
        signals,
      });
      // A run the monitor stopped says 'interrupted' with no signal: it holds its games (and a batch's more). A run
      // a signal stopped has said so, with the resume line.
      if (r.signal) return { signal: r.signal, said: true };
      cells.push({ i: p.i, j: p.j, dir: join(o.out, p.dir), labels: r.aggregate.labels, seats: seatsOf(r.aggregate) });
      runs.push(runEntry(p, r.manifest));
    }
  } finally {
    await keep?.close();
  }
  return { cells, runs };
}

async function runUntil(o: LeagueOptions, members: readonly string[], until: number, signals: SignalTrap, inputs: readonly string[], model: string | null): Promise<LeagueRunResult> {
  const out = claimLeague(o, leagueRun(o, model, ` until ${until}`), members, inputs);
  const blockGames = UNTIL_BLOCK * PLAYERS;
  for (let games = blockGames; ; games += blockGames) {
    // Every block after the first continues the pairings' runs; the first resumes them only on --resume.
    const played = await playTo(o, games, o.resume || games > blockGames, games > blockGames, signals);
    if (!('cells' in played)) return stopped(played);
    const walls = games / PLAYERS;
    const widest = widestRating(analyseLeague(o.rules, members, played.cells, PLAYERS, walls, null));
    if (o.progress !== 'none') process.stderr.write(`mjlab: league after ${walls} wall sets a pairing: widest rating ±${widest.toFixed(2)} (--until ${until})\n`);
    if (widest > until && games >= o.games) {
      // The cap came first: the league is written, and says it is less precise than asked.
      process.stderr.write(`mjlab: league stopped at its cap of ${thousands(o.games)} games a pairing (--games) before the precision asked: widest rating ±${widest.toFixed(2)}, not within --until ${until}\n`);
    }
    if (widest <= until || games >= o.games) return finishLeague(o, out, members, played.cells, played.runs, walls);
  }
}

function runEntry(p: { lineup: string; dir: string }, m: Manifest): object {
  return { lineup: p.lineup, dir: p.dir, ranges: m.ranges, games: m.gamesPlayed, hands: m.handsPlayed, durationSeconds: m.durationSeconds };
}

/**
 * The luck.bin format all the league's pairings share (a league made before format 2 reads as format 1, one made
 * before format 3 as format 2); null when some pairing has none. Pairings of different formats cannot be adjusted together: refused.
 */
function leagueLuckFormat(cells: readonly LeagueCell[]): LuckFormat | null {
  if (!cells.every((c) => existsSync(join(c.dir, LUCK_FILE)))) return null;
  const formats = cells.map((c) => luckFormatOf(c.dir));
  const first = formats[0] ?? null;
  if (formats.some((f) => f?.version !== first?.version)) throw new UserError(`the league's pairings hold luck.bin files of different formats (some made by older versions); play it afresh`);
  return first;
}

/** The value model every pairing's luck.bin format 4 was recorded with, from their manifests; pairings recorded with different models are refused. */
function leagueLuckModel(cells: readonly LeagueCell[]): RunIdentity['luckModel'] | null {
  const models = cells.map((c) => (JSON.parse(readFileSync(join(c.dir, 'manifest.json'), 'utf8')) as Manifest).identity.luckModel ?? null);
  const first = models[0] ?? null;
  if (models.some((m) => m?.sha256 !== first?.sha256)) throw new UserError(`the league's pairings recorded their luck with different value models (--luck-model); play it afresh`);
  return first;
}

async function finishLeague(
  o: Pick<LeagueOptions, 'rules' | 'strategies' | 'games' | 'seed' | 'command' | 'until' | 'out' | 'luckModel'>, out: RunDir, members: readonly string[], cells: readonly LeagueCell[], runs: readonly object[],
  walls = o.games / PLAYERS,
): Promise<LeagueRunResult> {
  for (const c of cells) {
    if (c.labels.length !== 2 || c.seats[0] !== 1 || c.seats[1] !== 3) {
      throw new UserError(`${c.dir}: the pairing seats ${c.labels.join(',')} as ${c.seats.join(',')}, not one against three (two members share a label?)`);
    }
  }
  // The tables show each member's label (a plug-in by its name); the manifest keeps the members as written, and the files read with their SHA-256.
  const resolved = await resolveMembers(members);
  const labels = resolved.map((r) => r.label);
  const plugins = pluginHashes(resolved);
  const result = analyseLeague(o.rules, labels, cells, PLAYERS, walls, leagueLuckFormat(cells));
  const luckModel = leagueLuckModel(cells);
  const board = leaderboard(result);
  const seconds = runs.reduce<number>((a, r) => a + ((r as { durationSeconds?: number }).durationSeconds ?? 0), 0);
  // With --until the league is the first `walls` wall sets of every pairing, whatever a last batch played past them.
  const hands = o.until !== undefined ? walls * PLAYERS * runs.length : runs.reduce<number>((a, r) => a + ((r as { hands?: number }).hands ?? 0), 0);
  const reproduce = reproduceLeague(o);
  out.write('league.csv', leagueCsv(result));
  out.write('matrix.csv', matrixCsv(result, PLAYERS));
  out.write('league.svg', await renderSvg(leagueChart(result)));
  out.write(
    'README.md',
    [
      `# League under ${o.rules}`,
      '',
      `> ${members.length} strategies, ${runs.length} pairings of ${thousands(walls)} duplicate wall sets each (${thousands(hands)} hands), seed ${o.seed}; ${(seconds / 3600).toFixed(2)} hours of run time.`,
      '',
      codeFence('text', board),
      '',
      'Files: [league.html](league.html) (the page: ratings, the payoff matrix as a heatmap, Nash and alpha-Rank), [league.csv](league.csv), [matrix.csv](matrix.csv), [league.svg](league.svg), [manifest.json](manifest.json), `runs/<i>-<j>/` (member i in one seat against three of member j; their nets.bin and luck.bin are the per-wall-set outcomes). Columns and models: docs/outputs.md, docs/statistics.md.',
      '',
      '## Reproduce',
      '',
      codeFence('sh', `npm run build\n${reproduce}`),
      '',
    ].join('\n'),
  );
  const manifest = `${JSON.stringify({ ...experimentProvenance('league', o.command ?? commandLine(), reproduce), rules: o.rules, ...variantProvenance(ruleSet(o.rules)), members, labels, ...(plugins ? { plugins } : {}), ...(luckModel ? { luckModel: { ...luckModel, file: o.luckModel } } : {}), seed: o.seed, gamesPerPairing: o.games, ...(o.until !== undefined ? { until: o.until } : {}), wallSets: walls, hands, durationSeconds: Number(seconds.toFixed(3)), runs }, null, 2)}\n`;
  out.write('manifest.json', manifest);
  out.write('league.html', leagueHtml(result, { command: reproduce, manifest, order: order(result) }));
  return { status: 'complete', result, board };
}

/**
 * Merge league shards: each pairing with simulate's merge, then the league's files, under one signal trap from the
 * claim to the last file. A signal stops it between two pairings (or within one's copy, which is then removed); the
 * pairings merged so far are kept, and `--resume` keeps every pairing whose merge of these very shards is whole.
 */
export async function mergeLeague(o: { inputs: readonly string[]; out: string; force: boolean; resume?: boolean; command?: string }): Promise<LeagueRunResult> {
  if (o.inputs.length === 0) throw new UserError('league merge needs at least one shard directory');
  const { rules, strategies, games, seed, luckModel } = leagueShardOf(o.inputs[0]!);
  for (const d of o.inputs.slice(1)) {
    const s = leagueShardOf(d);
    if (s.rules !== rules || s.strategies !== strategies || s.games !== games || s.seed !== seed || s.luckModel?.sha256 !== luckModel?.sha256) throw new UserError(`${d} is a shard of another league than ${o.inputs[0]}`);
  }
  const members = leagueMembers(strategies);
  const signals = trapSignals();
  try {
    // Every pairing's merge judged (a shard named twice, one missing, an --out inside a shard) before --out is claimed.
    const plans = pairings(members).map((p) => ({ p, plan: planMerge({ out: join(o.out, p.dir), inputs: o.inputs.map((d) => join(d, p.dir)), force: o.force, signals, ...(o.command ? { command: o.command } : {}) }) }));
    const asked = { rules, strategies, shard: null, games, seed, ...(luckModel ? { luckModel: luckModel.file } : {}) };
    const out = claimDir(o.out, leagueRun(asked, luckModel?.sha256 ?? null), { force: o.force, resume: o.resume ?? false }, [], o.inputs);
    const cells: LeagueCell[] = [];
    const runs: object[] = [];
    for (const { p, plan } of plans) {
      if (signals.received !== null) break;
      let m = o.resume ? mergedAlready(out, p.dir, plan) : null;
      if (m === null) {
        const w = await writeMerge(plan);
        if (w.status === 'interrupted') break;
        m = w.manifest;
      }
      const { labels, seats } = runLabelsOf(join(o.out, p.dir));
      cells.push({ i: p.i, j: p.j, dir: join(o.out, p.dir), labels, seats });
      runs.push(runEntry(p, m));
    }
    if (signals.received === null) {
      const r = await finishLeague({ ...asked, out: o.out, ...(o.command ? { command: o.command } : {}) }, out, members, cells, runs);
      if (signals.received === null) return r;
    }
    process.stderr.write(`mjlab: league merge interrupted; the pairings merged are kept in ${o.out}, the shards untouched; resume with: ${resumeCommand(o.command ?? commandLine(), null)}\n`);
    return { status: 'interrupted', signal: signals.received };
  } finally {
    signals.release();
  }
}

/** A pairing's merge already whole in the league's --out: of the same run, from these very shard directories. */
function mergedAlready(out: RunDir, dir: string, plan: MergePlan): Manifest | null {
  const m = out.readJson<Manifest>(join(dir, 'manifest.json'));
  if (m?.complete !== true || !m.mergedFrom || !sameIdentity(m.identity, plan.identity)) return null;
  const from = (ds: readonly string[]) => JSON.stringify([...ds].sort());
  return from(m.mergedFrom) === from(plan.inputs.map((i) => i.dir)) ? m : null;
}
