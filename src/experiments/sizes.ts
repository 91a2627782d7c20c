/**
 * What `experiment --list` says of each experiment (README.md, "Commands"): its full size, the hours its committed run
 * took (read from results/NAME/manifest.json, a measurement of that run, not an estimate), and the smallest --games
 * it accepts, which the refusals of a smaller one name too.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Experiment } from './experiment.js';
import type { ExperimentSpec } from './types.js';
import { thousands } from '../text.js';

/** The smallest total --games with which every run of `spec` gets at least two whole wall sets (two games without --duplicate). */
export function minGames(spec: ExperimentSpec): number {
  const unit = spec.duplicate ? spec.players : 1;
  if (!spec.cells) return 2 * unit * spec.variants.length * spec.lineups.length;
  const shares = spec.cells.reduce((a, c) => a + c.share, 0);
  // Each run gets ⌊total·share/shares/unit⌋ wall sets: the least total giving the smallest share two of them.
  const least = Math.min(...spec.cells.map((c) => c.share));
  let total = Math.ceil((2 * unit * shares) / least);
  while (Math.floor((total * least) / shares / unit) < 2) total++;
  return total;
}

/** The committed run's cost, as a phrase, or null when results/NAME holds no manifest. */
export function measuredCost(root: string, name: string): string | null {
  const file = join(root, 'results', name, 'manifest.json');
  if (!existsSync(file)) return null;
  const m = JSON.parse(readFileSync(file, 'utf8')) as { durationSeconds?: number; cpuSeconds?: number; crossCpuSeconds?: number; dataCpuSeconds?: number; comparisonSeconds?: number };
  if (m.cpuSeconds !== undefined) return `${((m.cpuSeconds + (m.crossCpuSeconds ?? 0)) / 3600).toFixed(2)} CPU-hours (tunes and cross-play)`;
  if (m.dataCpuSeconds !== undefined && m.comparisonSeconds !== undefined) {
    return `${(m.dataCpuSeconds / 3600).toFixed(2)} CPU-hours of training data and ${(m.comparisonSeconds / 3600).toFixed(2)} hours of wall-clock time for the comparisons`;
  }
  if (m.durationSeconds !== undefined) return `${(m.durationSeconds / 3600).toFixed(2)} hours of wall-clock time`;
  return null;
}

/** The lines of `experiment --list` for one experiment. */
export function listEntry(root: string, e: Experiment): string {
  const spec = e.spec;
  const size = e.kind === 'staged' ? e.sizeText : `${thousands(spec.games)} games (--games ${spec.games})`;
  const least = e.kind === 'staged' ? e.minGames() : minGames(e.spec);
  const cost = measuredCost(root, spec.name);
  return [
    spec.name,
    `  ${spec.question}`,
    `  full size: ${size}, seed ${spec.seed}; the committed run took ${cost ?? 'no time on record (results/ holds no run)'}; smallest --games: ${thousands(least)}`,
  ].join('\n');
}
