/**
 * Stage 1 of a run, the plan: everything fixed before the disk is touched. The options are
 * validated and the table built (a bad rule set or strategy fails here, before any worker starts), then the run's
 * identity (what its checkpoint and manifest must match), this shard's range of games, the batches
 * (src/runner/plan.ts), the worker count, and the streamed files with their header rows.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { UserError } from '../../errors.js';
import { shellWord } from '../../text.js';
import { gamesCsvHeader, matchesCsvHeader } from '../csv.js';
import { commandLine, type RunIdentity, type Shard } from '../../io/manifest.js';
import { ruleSet, rulesName, variantProvenance } from '../../rules/index.js';
import { uniqueLabels } from '../../stats/aggregate.js';
import { NETS_FILE } from '../nets-file.js';
import { LUCK_FILE } from '../luck-file.js';
import { LUCK_FORMAT, LUCK_FORMAT_VALUE } from '../../luck/format.js';
import { readLuckModel } from '../../value/model-file.js';
import { DEFAULT_DECISION_TIMEOUT, type SimulateOptions } from '../options.js';
import { batchCount, batchSizeFor, formatShard, shardRange } from '../plan.js';
import { pluginHashes } from '../plugins.js';
import type { StreamedName, TableSpec } from '../protocol.js';
import { tableConfig } from '../table.js';

/** A file the workers' rows are streamed into, and the header rows it starts with. */
export interface Stream {
  readonly name: StreamedName;
  readonly header: Uint8Array;
}

export interface RunPlan {
  readonly o: SimulateOptions;
  readonly spec: TableSpec;
  /** The aggregate's labels (a strategy seated twice is one label). */
  readonly labels: string[];
  readonly identity: RunIdentity;
  /** nets.bin is streamed (always with --duplicate). */
  readonly nets: boolean;
  /** luck.bin is streamed (--duplicate with the luck of the draw asked for). */
  readonly luck: boolean;
  /** The value model's bytes for luck.bin format 4 (--luck-model), checked; null for format 3. */
  readonly luckModel: Uint8Array | null;
  /** This shard's games, [first, end). */
  readonly range: [number, number];
  readonly batchSize: number;
  readonly nBatches: number;
  readonly workers: number;
  readonly decisionLimitMs: number;
  readonly command: string;
  /** The command that continues this run. */
  readonly resumeHint: string;
  /**
   * How to go on after a strategy's fault, after `fix` ("fix it"): resume; or, where the lineup has a plug-in or
   * preset file (which the fix may change), the explicit choice between keeping the games played by the file as
   * it was (--resume --accept-changed-plugin) and starting afresh in a new directory.
   */
  readonly fixHint: (fix: string) => string;
  readonly streams: readonly Stream[];
  /** When this session began, for a new checkpoint's header and the manifest. */
  readonly startedAt: string;
  /** performance.now() when it began. */
  readonly t0: number;
}

function positiveInt(name: string, v: number): void {
  if (!Number.isSafeInteger(v) || v <= 0) throw new UserError(`${name} must be a positive integer, got ${v}`);
}

/** Validated table spec: rule set, strategies, limit and flowers checked before any worker starts. */
export async function tableSpecFor(o: SimulateOptions): Promise<{ spec: TableSpec; labels: string[]; plugins?: Record<string, string>; variant: ReturnType<typeof variantProvenance> }> {
  positiveInt('--games', o.games);
  if (!Number.isSafeInteger(o.seed)) throw new UserError(`--seed must be an integer, got ${o.seed}`);
  if (![2, 3, 4].includes(o.players)) throw new UserError(`--players must be 2, 3 or 4, got ${o.players}`);
  if (o.unit !== 'hand' && o.unit !== 'match') throw new UserError(`--unit must be hand or match, got ${String(o.unit)}`);
  if (o.workers !== undefined) positiveInt('--workers', o.workers);
  if (o.limit !== undefined) positiveInt('--limit', o.limit);
  if (o.decisionTimeout !== undefined && !(Number.isFinite(o.decisionTimeout) && o.decisionTimeout > 0)) {
    throw new UserError(`--decision-timeout must be a positive number of seconds, got ${o.decisionTimeout}`);
  }
  if (o.duplicate && Number.isSafeInteger(o.games) && o.games % o.players !== 0) {
    // A wall is played once per seat: a remainder would be walls played in some seats only, which pairwise.csv drops.
    const lo = o.games - (o.games % o.players);
    const near = lo > 0 ? `${lo} or ${lo + o.players}` : `${lo + o.players}`;
    throw new UserError(`--duplicate plays every wall once in each of the ${o.players} seats, so --games must be a multiple of ${o.players}; ${o.games} is not: use ${near}`);
  }
  const rules = ruleSet(o.rules);
  if (o.flowers && !rules.flowers && !rules.flowersOptional) {
    throw new UserError(`rule set ${rules.id} is not played with flowers (docs/rules.md); drop --flowers`);
  }
  const spec: TableSpec = {
    rules: rulesName(rules),
    ...(rules.variant ? { rulesSha256: rules.variant.sha256 } : {}),
    strategies: o.strategies.split(',').map((s) => s.trim()).join(','),
    players: o.players,
    unit: o.unit,
    seed: o.seed,
    duplicate: o.duplicate,
    flowers: rules.flowers || o.flowers,
    limit: o.limit ?? rules.limit,
    ...(o.labels ? { labels: o.labels } : {}),
  };
  const config = await tableConfig(spec);
  const plugins = pluginHashes(config.lineup);
  return { spec, labels: uniqueLabels(config.lineup.map((s) => s.label)), ...(plugins ? { plugins } : {}), variant: variantProvenance(rules) };
}

/** The command given, without --force / --resume / --accept-changed-plugin, with the shard made explicit. */
function againCommand(command: string, shard: Shard | null): string {
  const base = command.replace(/\s--(resume|force|accept-changed-plugin)\b/g, '');
  const needsShard = shard !== null && !/\s--shard[\s=]/.test(base);
  return `${base}${needsShard ? ` --shard ${formatShard(shard)}` : ''}`;
}

/** The command that continues this run: the one given, without --force / --resume, with the shard made explicit. */
export function resumeCommand(command: string, shard: Shard | null): string {
  return `${againCommand(command, shard)} --resume`;
}

/** A word of a command as shellWord writes it: bare, '...' (with '\'' inside) or $'...'. */
const WORD = String.raw`(?:\$?'(?:[^'\\]|\\.|'\\'')*'|[^\s']+)`;

/**
 * The command that plays this run afresh in a new directory beside `out` (the directory the command names:
 * a league's, for one of its pairings), keeping what `out` holds: `--out OUT-2` (or -3, … the first that does not
 * exist), in place of the command's --out or after it.
 */
export function afreshCommand(command: string, shard: Shard | null, out: string): string {
  let n = 2;
  while (existsSync(`${out}-${n}`)) n += 1;
  const fresh = `--out ${shellWord(`${out}-${n}`)}`;
  const base = againCommand(command, shard);
  const given = new RegExp(String.raw`\s--out(?:=|\s+)${WORD}`);
  return given.test(base) ? base.replace(given, ` ${fresh}`) : `${base} ${fresh}`;
}

function fixHint(command: string, o: SimulateOptions, plugins: boolean): (fix: string) => string {
  const resume = resumeCommand(command, o.shard);
  if (!plugins) return (fix) => `${fix} and resume with: ${resume}`;
  return (fix) =>
    `${fix}, then either keep them (played by the file as it was; the manifest records which games each version played) and go on with: ` +
    `${resume} --accept-changed-plugin; or start afresh with: ${afreshCommand(command, o.shard, o.commandOut ?? o.out)}`;
}

function streamsOf(o: SimulateOptions, spec: TableSpec, nets: boolean, luck: boolean): Stream[] {
  return [
    ...(o.gamesCsv ? [{ name: 'games.csv' as const, header: Buffer.from(gamesCsvHeader(spec.players), 'utf8') }] : []),
    ...(spec.unit === 'match' ? [{ name: 'matches.csv' as const, header: Buffer.from(matchesCsvHeader(spec.players), 'utf8') }] : []),
    ...(nets ? [{ name: NETS_FILE as StreamedName, header: new Uint8Array(0) }] : []),
    ...(luck ? [{ name: LUCK_FILE, header: new Uint8Array(0) }] : []),
  ];
}

/**
 * --luck-model's file, read and checked (a cut or altered file refused in one line), for a run that records luck:
 * a value model of this rule set, never played on seeds reserved for fitting (src/value/seeds.ts).
 */
function luckModelFor(o: SimulateOptions, spec: TableSpec, luck: boolean): ReturnType<typeof readLuckModel> | null {
  if (o.luckModel === undefined) return null;
  if (!luck) throw new UserError('--luck-model values the luck of the draw, which only a --duplicate run records');
  return readLuckModel(o.luckModel, spec.rules, spec.seed, spec.players, o.fittingPilot === true);
}

export async function planRun(o: SimulateOptions): Promise<RunPlan> {
  const startedAt = new Date().toISOString();
  const t0 = performance.now();
  const { spec, labels, plugins, variant } = await tableSpecFor(o);
  const nets = Boolean(o.nets) || spec.duplicate;
  const luck = Boolean(o.luck) && spec.duplicate;
  const model = luckModelFor(o, spec, luck);
  const identity: RunIdentity = {
    rules: spec.rules,
    strategies: spec.strategies,
    seed: spec.seed,
    games: o.games,
    players: spec.players,
    unit: spec.unit,
    duplicate: spec.duplicate,
    flowers: spec.flowers,
    limit: spec.limit,
    gamesCsv: o.gamesCsv,
    ...(nets ? { nets: true } : {}),
    ...(luck ? { luck: model ? LUCK_FORMAT_VALUE : LUCK_FORMAT } : {}),
    ...(model ? { luckModel: { sha256: model.model.sha256, rules: model.model.header.rules, seed: model.model.header.seed } } : {}),
    ...(plugins ? { plugins } : {}),
    ...variant,
  };
  const align = spec.duplicate ? spec.players : 1;
  const range = shardRange(o.games, o.shard, align);
  const batchSize = batchSizeFor(range[1] - range[0], align);
  const nBatches = batchCount(range, batchSize);
  const workers = Math.max(1, Math.min(o.workers ?? availableParallelism(), Math.max(1, nBatches)));
  const command = o.command ?? commandLine();
  return {
    o, spec, labels, identity, nets, luck, luckModel: model?.bytes ?? null, range, batchSize, nBatches, workers,
    decisionLimitMs: 1000 * (o.decisionTimeout ?? DEFAULT_DECISION_TIMEOUT),
    command, resumeHint: resumeCommand(command, o.shard), fixHint: fixHint(command, o, plugins !== undefined), streams: streamsOf(o, spec, nets, luck), startedAt, t0,
  };
}
