/**
 * An experiment's README.md (issue 6, point 1): the question, the design, the findings table, the charts, the
 * exact command that reproduces the files, and the caveats. No timings or commit: those are in manifest.json, so
 * the README, like the CSVs, is reproduced byte for byte by its own command.
 */
import type { Analysis } from './analysis.js';
import type { ExperimentSpec } from './types.js';

export interface RunFacts {
  readonly games: number;
  readonly perCell: number;
  readonly hands: number;
  readonly seed: number;
  readonly command: string;
}

const int = (n: number) => n.toLocaleString('en-US');

export function readme(spec: ExperimentSpec, a: Analysis, f: RunFacts): string {
  const cells = spec.variants.length * spec.lineups.length;
  const preliminary = f.games < spec.games;
  const variants = spec.variants
    .map((v) => `\`${v.label}\` (\`--rules ${v.rules}${v.limit !== undefined ? ` --limit ${v.limit}` : ''}\`)`)
    .join(', ');
  return [
    `# ${spec.title}`,
    '',
    preliminary
      ? `> **Preliminary run**: ${int(f.games)} games (${int(f.hands)} hands), fewer than the experiment's default of ` +
        `${int(spec.games)}. The full run is \`mjlab experiment ${spec.name}\`; until it has been committed, read the ` +
        'intervals below, not just the point estimates.'
      : `> Full run: ${int(f.games)} games (${int(f.hands)} hands).`,
    '',
    '## Question',
    '',
    spec.question,
    '',
    '## Design',
    '',
    `- Rule-set variants: ${variants}.`,
    `- Lineups (one strategy per seat): ${spec.lineups.map((l) => `\`${l}\``).join('; ')}.`,
    `- Seating: ${spec.seating}`,
    `- ${cells} runs (variant × lineup) of ${int(f.perCell)} games each, seed ${f.seed}, ${spec.players} players, one hand per game${spec.duplicate ? ', `--duplicate`' : ''}.`,
    '- Net settlement is in points per hand; every hand\'s nets sum to zero across the table.',
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
    `node bin/${f.command.replace(/^mjlab/, 'mjlab.js')}`,
    '```',
    '',
    'The CSVs and this README are reproduced byte for byte (worker count and `--out` do not change them); an ' +
      'interrupted run continues with the same command plus `--resume`.',
    '',
    '## Caveats',
    '',
    ...spec.caveats.map((c) => `- ${c}`),
    '',
  ].join('\n');
}
