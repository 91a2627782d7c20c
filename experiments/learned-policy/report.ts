/**
 * The learned-policy experiment's files (docs/learning.md, "The experiment: `mjlab experiment learned-policy`"), from
 * its stages (experiments/learned-policy/run.ts):
 *
 *   summary.csv       per rule set and comparison: the agent's net per hand minus the baseline's in the same seat on
 *                     the same walls, its 95% interval over wall sets, and both sides' ms per decision
 *   generations.csv   per rule set and generation: the teacher, the data, held-out agreement with the teacher
 *                     beside harr's, the kept epoch and the model's SHA-256
 *   comparisons.svg   the paired differences with their intervals
 *   README.md         the question, the answer against the experiment's targets, the cost and the command
 *
 * Everything but ms_per_decision (and the README's cost line) follows from the seed, so a re-run reproduces it.
 */
import type { TopLevelSpec } from 'vega-lite';
import { csv } from '../../src/io/csv.js';
import type { PairedDiff } from '../../src/learn/summary.js';
import type { LearningSizes } from './sizes.js';
import type { LearningExperimentSpec } from '../../src/experiments/types.js';
import { thousands } from '../../src/text.js';

/** One generation's training, as its manifest.json and validation.csv tell it. */
export interface Generation {
  readonly variant: string;
  readonly generation: 1 | 2;
  readonly teacher: string;
  readonly games: number;
  readonly seed: number;
  /** Relative to the experiment's directory. */
  readonly dir: string;
  readonly manifest: {
    readonly decisions: number;
    readonly trainDecisions: number;
    readonly validDecisions: number;
    readonly validAgreement: number;
    readonly harrAgreement: number;
    readonly modelSha256: string;
    /** Held-out decisions where the teacher, the net, and both alike left harr's choice (src/learn/fit.ts). */
    readonly departures: { readonly teacher: number; readonly net: number; readonly matched: number };
    readonly dataCpuSeconds: number | null;
    readonly hours?: number;
  };
  /** The kept epoch and its held-out value error (validation.csv). */
  readonly epoch: number;
  readonly valueRmse: number;
}

/** One paired comparison: a `simulate --duplicate` run holding the agent and its baseline. */
export interface Comparison {
  readonly variant: string;
  /** The run's directory name under runs/<variant>/. */
  readonly name: string;
  readonly agent: string;
  readonly baseline: string;
  /** The lineup entries of agent and baseline. */
  readonly a: string;
  readonly b: string;
  readonly lineup: string;
  readonly games: number;
  readonly seed: number;
  readonly paired: PairedDiff;
  readonly timingHands: number;
  readonly hands: number;
  readonly seconds: number;
}

export interface LearningFacts {
  readonly generations: readonly Generation[];
  readonly comparisons: readonly Comparison[];
  /** `${variant} ${name}` → the agent's and the baseline's ms per decision. */
  readonly timings: ReadonlyMap<string, { readonly ms: number; readonly baseMs: number }>;
  readonly games: number;
  readonly seed: number;
  readonly sizes: LearningSizes;
  readonly command: string;
}

const f2 = (x: number) => x.toFixed(2);
const f4 = (x: number) => x.toFixed(4);
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/** Above zero, below zero, or neither: what a 95% interval says of a difference. */
export function sideOf(p: PairedDiff): 1 | -1 | 0 {
  return p.low > 0 ? 1 : p.high < 0 ? -1 : 0;
}

/** A signed number with a true minus sign. */
const signed = (x: number) => `${x < 0 ? '−' : '+'}${f2(Math.abs(x))}`;

function describe(p: PairedDiff): string {
  const s = sideOf(p);
  return `${signed(p.diff)} (${signed(p.low)} to ${signed(p.high)})${s === 1 ? ', better' : s === -1 ? ', worse' : ''}`;
}

function chart(f: LearningFacts, spec: LearningExperimentSpec): TopLevelSpec {
  const values = f.comparisons.map((c) => ({ rules: c.variant, comparison: `${c.agent} − ${c.baseline}`, diff: c.paired.diff, low: c.paired.low, high: c.paired.high }));
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: 'The learned nets and the search with them, paired with their baselines', subtitle: 'net per hand minus the baseline\'s in the same seat on the same walls, 95% interval over wall sets' },
    data: { values },
    facet: { row: { field: 'comparison', type: 'nominal', title: null, header: { labelAngle: 0, labelAlign: 'left', labelLimit: 420 } } },
    spec: {
      width: 420,
      height: 90,
      layer: [
        { mark: { type: 'rule' }, encoding: { y: { field: 'rules', type: 'nominal', title: null, sort: spec.variants.map((v) => v.label) }, x: { field: 'low', type: 'quantitative', title: 'points per hand' }, x2: { field: 'high' } } },
        { mark: { type: 'point', filled: true }, encoding: { y: { field: 'rules', type: 'nominal', sort: spec.variants.map((v) => v.label) }, x: { field: 'diff', type: 'quantitative' } } },
        { mark: { type: 'rule', strokeDash: [3, 3], color: 'gray' }, data: { values: [{ zero: 0 }] }, encoding: { x: { field: 'zero', type: 'quantitative' }, y: null } },
      ],
    },
    resolve: { scale: { x: 'independent' } },
  } as TopLevelSpec;
}

export function report(spec: LearningExperimentSpec, f: LearningFacts) {
  const timing = (c: Comparison) => f.timings.get(`${c.variant} ${c.name}`) ?? { ms: NaN, baseMs: NaN };
  const summary = csv([
    ['rules', 'agent', 'baseline', 'wall_sets', 'diff_mean', 'ci_low', 'ci_high', 'p', 'ms_per_decision', 'baseline_ms_per_decision', 'run'],
    ...f.comparisons.map((c) => [c.variant, c.agent, c.baseline, String(c.paired.wallSets), f4(c.paired.diff), f4(c.paired.low), f4(c.paired.high), c.paired.p.toFixed(6), timing(c).ms.toFixed(3), timing(c).baseMs.toFixed(3), `runs/${c.variant}/${c.name}`]),
  ]);
  const generations = csv([
    ['rules', 'generation', 'teacher', 'games', 'seed', 'decisions', 'train_decisions', 'valid_decisions', 'epoch', 'valid_agreement', 'harr_agreement', 'valid_value_rmse', 'teacher_departures', 'net_departures', 'departures_matched', 'model_sha256'],
    ...f.generations.map((g) => [
      g.variant, String(g.generation), g.teacher, String(g.games), String(g.seed), String(g.manifest.decisions), String(g.manifest.trainDecisions),
      String(g.manifest.validDecisions), String(g.epoch), f4(g.manifest.validAgreement), f4(g.manifest.harrAgreement), f2(g.valueRmse),
      String(g.manifest.departures.teacher), String(g.manifest.departures.net), String(g.manifest.departures.matched), g.manifest.modelSha256,
    ]),
  ]);

  const of = (name: string) => f.comparisons.filter((c) => c.name === name);
  const beats = (name: string) => of(name).filter((c) => sideOf(c.paired) === 1).map((c) => c.variant);
  const worse = (name: string) => of(name).filter((c) => sideOf(c.paired) === -1).map((c) => c.variant);
  const list = (xs: readonly string[]) => (xs.length === 0 ? 'none' : xs.join(', '));
  const n = spec.variants.length;
  const netMs = Math.max(...of('net2-vs-harr').map((c) => timing(c).ms), ...of('net1-vs-harr').map((c) => timing(c).ms));
  const net2 = beats('net2-vs-harr');
  const net1 = beats('net1-vs-harr');
  const searchNet = beats('search-net-vs-search');
  const gen2Worse = worse('net2-vs-net1');
  const targets = [
    `- **A net alone beats three harr under at least three of the ${n} rule sets** (interval above zero): generation 2 under ${net2.length} (${list(net2)}), ` +
      `generation 1 under ${net1.length} (${list(net1)}): ${Math.max(net2.length, net1.length) >= 3 ? 'met' : 'missed'}. ` +
      `Slowest net, every decision at one table: ${netMs.toFixed(3)} ms a decision (target at most 1 ms: ${netMs <= 1 ? 'met' : 'missed'}).`,
    `- **Search with the net as policy and prior beats today's search at about the same time a decision under at least two rule sets**: under ${searchNet.length} (${list(searchNet)}): ${searchNet.length >= 2 ? 'met' : 'missed'}.`,
    `- **Generation 2 at least as strong as generation 1** (its interval against generation 1 not below zero): ${gen2Worse.length === 0 ? 'met under every rule set' : `missed under ${list(gen2Worse)}`}.`,
  ];

  const table = [
    '| rules | agent | baseline | wall sets | agent − baseline, points a hand (95% CI) | ms a decision (agent / baseline) |',
    '|---|---|---|---:|---|---|',
    ...f.comparisons.map((c) => `| ${c.variant} | ${c.agent} | ${c.baseline} | ${thousands(c.paired.wallSets)} | ${describe(c.paired)} | ${timing(c).ms.toFixed(3)} / ${timing(c).baseMs.toFixed(3)} |`),
  ];
  const departures = f.generations.map((g) => {
    const d = g.manifest.departures;
    const of = (k: number) => `${thousands(k)} (${pct(k / Math.max(1, g.manifest.validDecisions))})`;
    const learned = d.teacher > 0 ? `: it learned ${pct(d.matched / d.teacher)} of the teacher's departures` : '';
    const wrong = d.net - d.matched;
    return `- ${g.variant}, generation ${g.generation}: the teacher left harr's choice at ${of(d.teacher)} of ${thousands(g.manifest.validDecisions)} held-out decisions, ` +
      `the net at ${of(d.net)}, ${thousands(d.matched)} of them as the teacher did${learned}; ${thousands(wrong)} of the net's departures were not the teacher's.`;
  });
  const genTable = [
    '| rules | generation | games | decisions (train / held out) | held-out agreement with the teacher | harr\'s agreement | kept epoch |',
    '|---|---:|---:|---|---:|---:|---:|',
    ...f.generations.map((g) => `| ${g.variant} | ${g.generation} | ${thousands(g.games)} | ${thousands(g.manifest.trainDecisions)} / ${thousands(g.manifest.validDecisions)} | ${pct(g.manifest.validAgreement)} | ${pct(g.manifest.harrAgreement)} | ${g.epoch} |`),
  ];

  const readme = (cost: { comparisonHours: number; dataCpuHours: number }) =>
    [
      `# ${spec.name}: ${spec.title}`,
      '',
      spec.question,
      '',
      '## Answer',
      '',
      ...targets,
      '',
      'Each row: the agent\'s net per hand minus the baseline\'s in the same seat on the same walls (duplicate wall sets ' +
        'of four rotations), with its 95% interval over wall sets (summary.csv; the runs\' pairwise.csv).',
      '',
      ...table,
      '',
      '![paired differences](comparisons.svg)',
      '',
      '## The generations',
      '',
      `Generation 1's teacher: \`${spec.teacher}\` at one seat against \`${spec.field}\`, ${thousands(f.sizes.gen1)} games (seed ${f.seed}). ` +
        `Generation 2's: \`search:budget=${spec.gen2Budget}\` with generation 1's net as policy and prior, ${thousands(f.sizes.gen2)} games (seed ${f.seed + 1}); ` +
        'generation 2 is fitted on those decisions and on generation 1\'s, which it keeps (the table counts both). ' +
        'Wall sets whose index is 9 mod 10 are held out; harr\'s agreement with the teacher on them is the floor a net must beat ' +
        '(the net sees harr\'s choice as a feature and starts from it).',
      '',
      ...genTable,
      '',
      'A net that starts as harr has the teacher\'s departures from harr to learn: how many there were, how many the ' +
        'net made, and how many it matched say whether the teacher gave it too few to learn from, or it did not learn them.',
      '',
      ...departures,
      '',
      '## Design',
      '',
      `- Stages per rule set, each in runs/<rules>/: gen1 (mjlab train), net1-vs-harr (${thousands(f.sizes.nets)} games, seed ${f.seed + 100}), gen2, ` +
        `net2-vs-harr (the same walls), net2-vs-net1 (${thousands(f.sizes.nets)} games at one table with two harr, seed ${f.seed + 101}), ` +
        `search-net-vs-search (\`search:budget=${spec.netSearchBudget}\` with generation 2's net against \`${spec.baselineSearch}\`, two harr, ${thousands(f.sizes.search)} games, seed ${f.seed + 102}).`,
      `- Sizes at the full size (--games ${thousands(spec.games)}): ${spec.sizing}`,
      '- The models are runs/<rules>/gen1/model.mjnet and gen2/model.mjnet (format: docs/learning.md); each training ' +
        'directory keeps its manifest and checkpoint.jsonl (every batch of data with its size and SHA-256), not the data itself.',
      ...spec.caveats.map((c) => `- ${c}`),
      '',
      '## Cost and command',
      '',
      `The training data took ${cost.dataCpuHours.toFixed(2)} CPU-hours (the batches' own CPU seconds, over every session); ` +
        `the comparisons' runs took ${cost.comparisonHours.toFixed(2)} hours of wall-clock time (manifest.json has each run's).`,
      '',
      'Reproduce from the repository root (the nets are named by their paths under results/):',
      '',
      `    ${f.command}`,
      '',
    ].join('\n');

  return {
    files: [
      { name: 'summary.csv', text: summary },
      { name: 'generations.csv', text: generations },
    ],
    charts: [{ name: 'comparisons.svg', spec: chart(f, spec) }],
    readme,
  };
}
