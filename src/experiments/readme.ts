/**
 * An experiment's README.md: the question, the design, the findings table, the charts, the
 * exact command that reproduces the files, and the caveats. No timings or commit: those are in manifest.json, so
 * the README, like the CSVs, is reproduced byte for byte by its own command.
 */
import type { Analysis } from './analysis.js';
import { CLI, thousands } from '../text.js';
import type { ExperimentSpec, Variant } from './types.js';

export interface RunFacts {
  readonly games: number;
  readonly perCell: number;
  /** Each run's variant, lineup and games, when the spec names its cells (unequal shares). */
  readonly plans?: readonly { readonly variant: Variant; readonly lineupIndex: number; readonly games: number }[];
  /** Wall-clock seconds of the runs (each run's manifest), when the spec reports its cost. */
  readonly runSeconds?: number;
  /** Runs whose manifest's duration leaves out sessions before a resume (their checkpoints kept no timing). */
  readonly untimedRuns?: number;
  readonly workers?: number | null;
  readonly hands: number;
  readonly seed: number;
  readonly command: string;
}

/** The rule-set variants as the README lists them: label and the options that play it. */
export function variantsText(variants: readonly Variant[]): string {
  return variants.map((v) => `\`${v.label}\` (\`--rules ${v.rules}${v.limit !== undefined ? ` --limit ${v.limit}` : ''}\`)`).join(', ');
}

/** A README's first lines: the title, the run banner (full or preliminary), the question, the Design heading. */
export function readmeHead(spec: { name: string; title: string; question: string }, preliminary: string | null, full: string): string[] {
  return [
    `# ${spec.title}`,
    '',
    preliminary !== null
      ? `> **Preliminary run**: ${preliminary}. The full run is \`${CLI} experiment ${spec.name}\`; until it has been ` +
        'committed, read the intervals below, not just the point estimates.'
      : `> Full run: ${full}.`,
    '',
    '## Question',
    '',
    spec.question,
    '',
    '## Design',
    '',
  ];
}

export function readme(spec: ExperimentSpec, a: Analysis, f: RunFacts): string {
  const cells = spec.variants.length * spec.lineups.length;
  const size = `${thousands(f.games)} games (${thousands(f.hands)} hands)`;
  return [
    ...readmeHead(spec, f.games < spec.games ? `${size}, fewer than the experiment's default of ${thousands(spec.games)}` : null, size),
    `- Rule-set variants: ${variantsText(spec.variants)}.`,
    `- Lineups (one strategy per seat): ${spec.lineups.map((l) => `\`${l}\``).join('; ')}.`,
    `- Seating: ${spec.seating}`,
    spec.cells && f.plans
      ? `- ${f.plans.length} runs, seed ${f.seed}, ${spec.players} players, one hand per game${spec.duplicate ? ', `--duplicate`' : ''}; every run plays the first walls of the seed: ` +
        f.plans.map((p) => `${p.variant.label} \`${spec.lineups[p.lineupIndex]}\` ${thousands(p.games)} games`).join('; ') + '.'
      : `- ${cells} runs (variant × lineup) of ${thousands(f.perCell)} games each, seed ${f.seed}, ${spec.players} players, one hand per game${spec.duplicate ? ', `--duplicate`' : ''}.`,
    ...(spec.sizing ? [`- Sizing: ${spec.sizing}`] : []),
    '- Net settlement is in points per hand; every hand\'s nets sum to zero across the table.',
    ...(spec.reportCost && f.runSeconds !== undefined
      ? [
          `- Cost: the runs took ${f.untimedRuns ? 'at least ' : ''}${(f.runSeconds / 3600).toFixed(1)} hours of wall-clock time${f.workers ? ` with ${f.workers} worker threads` : ''} ` +
            `(the sum of their manifests' durations; a timing, which a re-run does not reproduce${f.untimedRuns ? `; ${f.untimedRuns} of them were resumed by an mjlab that kept no timing across a resume, and leave out the sessions before it` : ''}).`,
        ]
      : []),
    '',
    a.findings,
    '',
    '## Charts',
    '',
    ...a.charts.flatMap((c) => [`![${c.title}](${c.name})`, '']),
    '## Files',
    '',
    ...a.files.map((x) => `- [${x.name}](${x.name})`),
    '- [manifest.json](manifest.json): version, commit, command, seeds, durations and the game range of every run',
    '- `runs/<variant>/<lineup>/`: each run\'s own summary.csv, score-distribution.csv, totals.csv and manifest.json',
    '',
    '## Reproduce',
    '',
    '```sh',
    'npm run build',
    f.command.replace(/^mjlab /, `${CLI} `),
    '```',
    '',
    (spec.reportCost
      ? 'The CSVs and this README are reproduced byte for byte but for the timings (worker count and `--out` do not ' +
        'change them); an interrupted run continues with the same command plus `--resume`.'
      : 'The CSVs and this README are reproduced byte for byte (worker count and `--out` do not change them); an ' +
        'interrupted run continues with the same command plus `--resume`.'),
    '',
    ...caveatsSection(spec.caveats),
  ].join('\n');
}

/** The README's closing section. */
export function caveatsSection(caveats: readonly string[]): string[] {
  return ['## Caveats', '', ...caveats.map((c) => `- ${c}`), ''];
}
