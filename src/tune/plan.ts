/**
 * Stage 1 of a tune, the plan (docs/tuning.md): the options checked, the strategy, its
 * dimensions and the field resolved (a bad one fails here, before any worker starts), and the tune's identity:
 * everything that fixes its numbers, which its checkpoint and marker must match.
 */
import { availableParallelism } from 'node:os';
import { UserError } from '../errors.js';
import { commandLine } from '../io/manifest.js';
import { resolveLineup, resolveStrategy } from '../lineup/registry.js';
import { pluginHashes } from '../runner/plugins.js';
import { requirePlayers, ruleSet, rulesName, variantProvenance } from '../rules/index.js';
import { defaultLambda } from './cmaes.js';
import type { TuneOptions } from './options.js';
import type { TuneTable } from './protocol.js';
import { candidateEntry, parseSpace } from './space.js';
import type { TuneIdentity } from './types.js';

export const PLAYERS = 4;

export interface TunePlan {
  readonly o: TuneOptions;
  readonly id: TuneIdentity;
  readonly table: TuneTable;
  /** The fixed field: the other seats' entries. */
  readonly field: readonly string[];
  /** The files the tune reads (plug-ins, presets, models, a variant file): --out may not hold any of them. */
  readonly inputs: readonly string[];
  readonly workers: number;
  readonly command: string;
  /** The command that continues this tune. */
  readonly hint: string;
  readonly startedAt: string;
  readonly t0: number;
}

function positiveInt(name: string, v: number | undefined): void {
  if (v !== undefined && (!Number.isSafeInteger(v) || v <= 0)) throw new UserError(`${name} must be a positive integer, got ${v}`);
}

function wallSetGames(name: string, v: number): void {
  positiveInt(name, v);
  if (v % PLAYERS !== 0 || v < 2 * PLAYERS) {
    throw new UserError(`${name} must be a multiple of ${PLAYERS} (whole --duplicate wall sets), at least ${2 * PLAYERS}, got ${v}`);
  }
}

/** The options' numbers checked, before anything is resolved or played. */
function checkOptions(o: TuneOptions): void {
  positiveInt('--generations', o.generations);
  positiveInt('--population', o.population);
  if (o.population !== undefined && o.population < 2) throw new UserError(`--population must be at least 2 (CMA-ES recombines the better half), got ${o.population}`);
  wallSetGames('--games', o.games);
  if (!Number.isSafeInteger(o.seed)) throw new UserError(`--seed must be an integer, got ${o.seed}`);
  positiveInt('--limit', o.limit);
  positiveInt('--workers', o.workers);
  if (o.decisionTimeout !== undefined && !(Number.isFinite(o.decisionTimeout) && o.decisionTimeout > 0)) {
    throw new UserError(`--decision-timeout must be a positive number of seconds, got ${o.decisionTimeout}`);
  }
  positiveInt('--finalists', o.finalists);
  positiveInt('--race-rounds', o.raceRounds);
  if (o.raceGames !== undefined) wallSetGames('--race-games', o.raceGames);
  if (o.confirmGames !== undefined) wallSetGames('--confirm-games', o.confirmGames);
}

async function identityOf(o: TuneOptions): Promise<{ id: TuneIdentity; table: TuneTable; field: string[]; inputs: string[] }> {
  checkOptions(o);
  const sigma = o.sigma ?? 0.2;
  if (!(sigma > 0 && sigma <= 1)) throw new UserError(`--sigma is a step size in the unit cube, in (0, 1], got ${o.sigma}`);
  const rules = ruleSet(o.rules);
  requirePlayers(o.rules, PLAYERS, 'tune');
  const inst = await resolveStrategy(o.strategy);
  const dims = parseSpace(o.params, inst);
  const field = (o.against ?? new Array<string>(PLAYERS - 1).fill(o.strategy.trim()).join(',')).split(',').map((s) => s.trim());
  if (field.length !== PLAYERS - 1 || field.some((f) => f === '')) {
    throw new UserError(`--against must name ${PLAYERS - 1} strategies (the other seats), got "${o.against}"`);
  }
  // Resolve a whole lineup once here, so a bad field or parameter value fails before any worker starts.
  const lineup = await resolveLineup([candidateEntry(o.strategy.trim(), dims, dims.map((d) => d.start)), ...field].join(','), PLAYERS);
  const inputs = [...Object.keys(pluginHashes(lineup) ?? {}), ...(o.rules.endsWith('.json') ? [o.rules] : [])];
  const limit = o.limit ?? rules.limit;
  const id: TuneIdentity = {
    rules: rulesName(rules),
    ...variantProvenance(rules),
    limit,
    flowers: rules.flowers,
    players: PLAYERS,
    strategy: o.strategy.trim(),
    dims,
    against: field.join(','),
    generations: o.generations,
    population: o.population ?? defaultLambda(dims.length),
    games: o.games,
    seed: o.seed,
    sigma,
    finalists: o.finalists ?? 4,
    raceRounds: o.raceRounds ?? 3,
    raceGames: o.raceGames ?? o.games,
    confirmGames: o.confirmGames ?? 4 * o.games,
  };
  return { id, table: { rules: rulesName(rules), ...(rules.variant ? { rulesSha256: rules.variant.sha256 } : {}), players: PLAYERS, flowers: rules.flowers, limit }, field, inputs };
}


export async function planTune(o: TuneOptions): Promise<TunePlan> {
  const startedAt = new Date().toISOString();
  const t0 = performance.now();
  const { id, table, field, inputs } = await identityOf(o);
  const workers = o.workers ?? availableParallelism();
  const command = o.command ?? commandLine();
  const hint = `${command.replace(/\s--(resume|force)\b/g, '')} --resume`;
  return { o, id, table, field, inputs, workers, command, hint, startedAt, t0 };
}
