/**
 * The report of experiment tuned-plans (results/tuned-plans/README.md): cross-play.csv (every tuned plan under every
 * rule setting), tuned-params.csv (the tuned values side by side), gains.csv (each plan's gain over the defaults, on
 * its tune's confirmation walls and in the cross-play), plan-loss.csv (what a plan tuned for other rules loses against
 * the plan tuned for these, per seed family and averaged over both), tuning-spread.csv (the two seed families' plans
 * against each other: the run-to-run spread), two charts and the README with the answer to "does the best plan differ
 * with a limit" (or with the rule its spec's `change` names). Everything but the README's cost line is a pure function of exact sums.
 */
import type { TopLevelSpec } from 'vega-lite';
import { CLI, thousands } from '../../src/text.js';
import { holm } from '../../src/stats/paired.js';
import type { PairedInterval } from '../../src/stats/paired.js';
import { confirmation } from '../../src/tune/outputs.js';
import { ratio } from '../../src/stats/moments.js';
import { caveatsSection, readmeHead, variantsText } from '../../src/experiments/readme.js';
import { csv, mdTable, num, pval, show } from '../../src/experiments/tables.js';
import type { Panel } from '../../src/tune/arms.js';
import type { TuneRecord } from '../../src/tune/outputs.js';
import type { TunedStrategy, TuningExperimentSpec, Variant } from '../../src/experiments/types.js';

// The cells the report reads are declared here, the lower of the two files: tuned-plans.ts imports them with the
// report, and the report imports nothing of it (docs/architecture.md, "Layers").
/** One tune of the experiment and what it found. */
export interface TuneCell {
  readonly strategy: TunedStrategy;
  readonly variant: Variant;
  readonly family: number;
  readonly seed: number;
  /** Relative to the experiment directory. */
  readonly dir: string;
  readonly record: TuneRecord;
  /** Games played and CPU seconds spent by the tune, over all its sessions. */
  readonly hands: number;
  readonly cpuSeconds: number;
}

/** One strategy's tuned plans (variant-major, then family) played under one rule setting on the same walls. */
export interface CrossCell {
  readonly strategy: string;
  readonly evaluated: Variant;
  readonly plans: readonly TuneCell[];
  readonly panel: Panel;
}

export interface ReportFacts {
  readonly tunes: readonly TuneCell[];
  readonly cross: readonly CrossCell[];
  readonly games: number;
  readonly seed: number;
  readonly generations: number;
  readonly crossGames: number;
  readonly command: string;
}

const P = 4;
const ci = (r: PairedInterval, d = 2) => show.ci(r.meanDiff, r.low, r.high, d);
const keyOf = (names: readonly string[]) => [...names].sort().join('+');

/** A strategy's dimensions as its spec's default --params names them (tied names in that order). */
function dimensionsOf(s: TunedStrategy): { label: string; key: string }[] {
  return s.params.split(',').map((e) => {
    const names = e.split('=')[0]!.trim().split('+');
    return { label: names.join('+'), key: keyOf(names) };
  });
}

/** The winner's value and the start of a tune in one canonical dimension. */
function dimValue(t: TuneCell, key: string): { value: number; start: number } {
  const r = t.record;
  const i = r.dims.findIndex((d) => keyOf(d.names) === key);
  if (i < 0) throw new Error(`${t.dir}: no dimension ${key}`);
  return { value: r.finalists[r.winner]!.values[i]!, start: r.dims[i]!.start };
}

function crossOf(f: ReportFacts, strategy: string, evaluated: string): CrossCell {
  const c = f.cross.find((x) => x.strategy === strategy && x.evaluated.label === evaluated);
  if (!c) throw new Error(`no cross-play for ${strategy} under ${evaluated}`);
  return c;
}

function planIndex(c: CrossCell, tunedUnder: string, family: number): number {
  const i = c.plans.findIndex((p) => p.variant.label === tunedUnder && p.family === family);
  if (i < 0) throw new Error(`no ${c.strategy} plan tuned under ${tunedUnder}, family ${family}`);
  return i;
}

/** Under `c`'s rules: plans tuned for `own` minus plans tuned for `other`, one family or averaged over all. */
function loss(c: CrossCell, own: string, other: string, families: number, family: number | 'all'): PairedInterval {
  if (family !== 'all') return c.panel.diff(planIndex(c, own, family), planIndex(c, other, family), P);
  const coef = new Array<number>(c.plans.length).fill(0);
  for (let f = 0; f < families; f++) {
    coef[planIndex(c, own, f)]! += 1;
    coef[planIndex(c, other, f)]! -= 1;
  }
  return c.panel.contrast(coef, P * families);
}

function significant(r: PairedInterval): -1 | 0 | 1 {
  return r.low > 0 ? 1 : r.high < 0 ? -1 : 0;
}

/**
 * The answer for one pair of rule settings B (no limit) and L, from paired differences on the cross-play walls:
 * `own` = plans tuned for L minus plans tuned for B, played under L; `back` = plans tuned for B minus plans tuned
 * for L, played under B (averaged over the seed families; `ownFam`, `backFam` per family). The best plan differs
 * only when each rule setting's own plans beat the other's under it. When one setting's plans are at least as good
 * under both, that plan is the best for both, and the other setting's tunes fell short of it.
 */
export function verdict(
  B: string, L: string, own: PairedInterval, back: PairedInterval, ownFam: readonly PairedInterval[], backFam: readonly PairedInterval[],
  holmP?: { readonly own: number; readonly back: number },
): string {
  // With Holm-adjusted p-values (docs/statistics.md, "Several verdicts at once: Holm": the six verdicts rest on twelve tests at once), a difference
  // counts only when its adjusted p is below 0.05; the per-family check stays unadjusted (it only qualifies).
  const o = holmP ? (holmP.own < 0.05 ? significant(own) : 0) : significant(own);
  const b = holmP ? (holmP.back < 0.05 ? significant(back) : 0) : significant(back);
  if (o === 1 && b === 1) {
    const each = [...ownFam, ...backFam].every((r) => significant(r) === 1);
    return `differs: each plan is best under its own rules${each ? ', in both seed families' : ' (on average over the seed families, not in each)'}`;
  }
  if (o === -1 && b === -1) return 'inconclusive: each setting\'s plans do better under the other\'s rules';
  if (o === 1 || b === -1) return `does not differ: the plan tuned for ${L} is best under both${b === -1 ? ` (the tunes for ${B} fell short of it)` : ''}`;
  if (b === 1 || o === -1) return `does not differ: the plan tuned for ${B} is best under both${o === -1 ? ` (the tunes for ${L} fell short of it)` : ''}`;
  return 'does not differ detectably';
}

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
const word = (n: number): string => NUMBER_WORDS[n] ?? String(n);

/** The family Holm corrects over, in words: two tests per verdict. */
function verdictTests(verdicts: number): string {
  return verdicts === 1 ? 'the two tests the verdict rests on' : `the ${word(2 * verdicts)} tests the ${word(verdicts)} verdicts rest on`;
}

function crossPlayChart(f: ReportFacts, spec: TuningExperimentSpec): TopLevelSpec {
  const values = f.cross.flatMap((c) =>
    c.plans.map((p, i) => {
      const m = c.panel.mean(i, P);
      return { strategy: c.strategy, evaluated: c.evaluated.label, plan: `tuned for ${p.variant.label}`, seed: `seed ${p.seed}`, mean: m.meanDiff, low: m.low, high: m.high };
    }),
  );
  const order = spec.variants.map((v) => v.label);
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: 'Cross-play: each tuned plan under each rule setting', subtitle: 'mean net per hand against three copies of the defaults (95% interval); 0 = the defaults' },
    data: { values },
    facet: { row: { field: 'strategy', type: 'nominal', title: null } },
    resolve: { scale: { y: 'independent' } },
    spec: {
      width: 520,
      height: 200,
      encoding: {
        x: { field: 'evaluated', type: 'nominal', title: 'played under', sort: order, axis: { labelAngle: 0 } },
        xOffset: { field: 'plan', type: 'nominal', sort: order.map((o) => `tuned for ${o}`) },
        color: { field: 'plan', type: 'nominal', title: null, sort: order.map((o) => `tuned for ${o}`), legend: { labelLimit: 240 } },
      },
      layer: [
        { mark: { type: 'rule' }, encoding: { y: { field: 'low', type: 'quantitative', title: 'mean net per hand vs defaults' }, y2: { field: 'high' } } },
        { mark: { type: 'point', filled: true }, encoding: { y: { field: 'mean', type: 'quantitative' }, shape: { field: 'seed', type: 'nominal', title: null } } },
        { mark: { type: 'rule', strokeDash: [3, 3], color: 'gray' }, data: { values: [{ zero: 0 }] }, encoding: { y: { field: 'zero', type: 'quantitative' }, x: null, xOffset: null, color: null } },
      ],
    },
  } as TopLevelSpec;
}

function paramsChart(f: ReportFacts, spec: TuningExperimentSpec): TopLevelSpec {
  const values = f.tunes.flatMap((t) =>
    dimensionsOf(t.strategy).map((d) => ({
      panel: `${t.strategy.strategy}: ${d.label}`,
      tuned: t.variant.label,
      seed: `seed ${t.seed}`,
      value: dimValue(t, d.key).value,
      start: dimValue(t, d.key).start,
    })),
  );
  const order = spec.variants.map((v) => v.label);
  const panels = [...new Set(values.map((v) => v.panel))];
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    title: { text: 'Tuned parameter values by rule setting and seed family', subtitle: 'cross: the start (the default the rule setting reads)' },
    data: { values },
    facet: { field: 'panel', type: 'nominal', title: null, sort: panels },
    columns: 4,
    resolve: { scale: { y: 'independent' } },
    spec: {
      width: 150,
      height: 120,
      encoding: { x: { field: 'tuned', type: 'nominal', title: null, sort: order, axis: { labelAngle: -30 } } },
      layer: [
        { mark: { type: 'point', shape: 'cross', color: 'gray', size: 80 }, encoding: { y: { field: 'start', type: 'quantitative' } } },
        { mark: { type: 'point', filled: true, size: 60 }, encoding: { y: { field: 'value', type: 'quantitative', title: null, scale: { zero: false } }, color: { field: 'seed', type: 'nominal', title: null }, xOffset: { field: 'seed', type: 'nominal' } } },
      ],
    },
  } as TopLevelSpec;
}

/** How much the winners' tuning means overstated their confirmed gains (the winner's curse), where measured. */
function curseLine(gains: readonly { tuning: number; c: { gain: PairedInterval } }[]): string {
  const d = gains.filter((g) => !Number.isNaN(g.tuning)).map((g) => g.tuning - g.c.gain.meanDiff);
  if (d.length === 0) return '';
  const mean = d.reduce((s, x) => s + x, 0) / d.length;
  return (
    `Where the winner was evaluated during tuning (${d.length} of ${gains.length} tunes), its pooled tuning mean exceeded its ` +
    `confirmed gain by ${mean.toFixed(2)} points per hand on average (from ${Math.min(...d).toFixed(2)} to ${Math.max(...d).toFixed(2)}): ` +
    'the selection bias the race and the confirmation remove.'
  );
}

export function report(spec: TuningExperimentSpec, f: ReportFacts) {
  const families = spec.families;
  const variants = spec.variants;
  const base = variants[0]!;
  const limited = variants.slice(1);

  // cross-play.csv
  const crossRows = f.cross.flatMap((c) =>
    c.plans.map((p, i) => {
      const m = c.panel.mean(i, P);
      return [c.strategy, c.evaluated.label, p.variant.label, String(p.seed), String(c.panel.wallSets), String(c.panel.wallSets * P), num(m.meanDiff), num(m.low), num(m.high)];
    }),
  );
  // tuned-params.csv: one column per dimension of any strategy (empty where a strategy has no such dimension).
  const strategyDims = spec.strategies.map((s) => ({ s, dims: dimensionsOf(s) }));
  const allDims = [...new Map(strategyDims.flatMap((x) => x.dims.map((d) => [d.key, d.label] as const))).entries()];
  const cell = (t: TuneCell, key: string, what: 'value' | 'start') => (dimensionsOf(t.strategy).some((d) => d.key === key) ? String(dimValue(t, key)[what]) : '');
  const paramsCsv = csv([
    ['strategy', 'tuned_under', 'seed', ...allDims.map(([, l]) => l), ...allDims.map(([, l]) => `start_${l}`), 'confirm_gain', 'confirm_low', 'confirm_high'],
    ...f.tunes.map((t) => {
      const c = confirmation(t.record);
      return [
        t.strategy.strategy, t.variant.label, String(t.seed), ...allDims.map(([k]) => cell(t, k, 'value')), ...allDims.map(([k]) => cell(t, k, 'start')),
        num(c.gain.meanDiff), num(c.gain.low), num(c.gain.high),
      ];
    }),
  ]);
  // gains.csv: the tune's own confirmation, and the plan under its own rules in the cross-play.
  const gains = f.tunes.map((t) => {
    const c = confirmation(t.record);
    const x = crossOf(f, t.strategy.strategy, t.variant.label);
    const held = x.panel.mean(planIndex(x, t.variant.label, t.family), P);
    const w = t.record.finalists[t.record.winner]!;
    return { t, c, held, tuning: w.tuning.n > 0 ? ratio(w.tuning.sum, BigInt(w.tuning.n * P)) : NaN, tuningWalls: w.tuning.n, race: t.record.arms.mean(t.record.winner, P) };
  });
  const gainsCsv = csv([
    ['strategy', 'tuned_under', 'seed', 'tuning_wall_sets', 'tuning_mean_net', 'race_mean_net', 'confirm_wall_sets', 'confirm_gain', 'confirm_low', 'confirm_high', 'confirm_p', 'cross_wall_sets', 'cross_gain', 'cross_low', 'cross_high'],
    ...gains.map((g) => [
      g.t.strategy.strategy, g.t.variant.label, String(g.t.seed), String(g.tuningWalls), num(g.tuning), num(g.race.meanDiff), String(g.c.wallSets),
      num(g.c.gain.meanDiff), num(g.c.gain.low), num(g.c.gain.high), pval(g.c.gain.p), String(g.held.n), num(g.held.meanDiff), num(g.held.low), num(g.held.high),
    ]),
  ]);
  // plan-loss.csv and tuning-spread.csv
  const lossRows: string[][] = [];
  const spreadRows: string[][] = [];
  for (const c of f.cross) {
    const own = c.evaluated.label;
    for (const other of variants.filter((v) => v.label !== own)) {
      for (const fam of [...Array.from({ length: families }, (_, k) => k), 'all' as const]) {
        const r = loss(c, own, other.label, families, fam);
        lossRows.push([c.strategy, own, other.label, fam === 'all' ? 'all' : String(f.seed + fam), num(r.meanDiff), num(r.low), num(r.high), pval(r.p)]);
      }
    }
    for (const tuned of variants) {
      for (let a = 0; a < families; a++) {
        for (let b = a + 1; b < families; b++) {
          const r = c.panel.diff(planIndex(c, tuned.label, a), planIndex(c, tuned.label, b), P);
          spreadRows.push([c.strategy, own, tuned.label, String(f.seed + a), String(f.seed + b), num(r.meanDiff), num(r.low), num(r.high), pval(r.p)]);
        }
      }
    }
  }

  const files = [
    { name: 'cross-play.csv', text: csv([['strategy', 'evaluated_under', 'plan_tuned_under', 'seed', 'wall_sets', 'hands', 'mean_net', 'ci_low', 'ci_high'], ...crossRows]) },
    { name: 'tuned-params.csv', text: paramsCsv },
    { name: 'gains.csv', text: gainsCsv },
    { name: 'plan-loss.csv', text: csv([['strategy', 'evaluated_under', 'plan_tuned_under', 'seed', 'own_minus_other', 'ci_low', 'ci_high', 'p'], ...lossRows]) },
    { name: 'tuning-spread.csv', text: csv([['strategy', 'evaluated_under', 'plan_tuned_under', 'seed_a', 'seed_b', 'a_minus_b', 'ci_low', 'ci_high', 'p'], ...spreadRows]) },
  ];
  const charts = [
    { name: 'cross-play.svg', title: 'Cross-play: each tuned plan under each rule setting', spec: crossPlayChart(f, spec) },
    { name: 'tuned-params.svg', title: 'Tuned parameter values', spec: paramsChart(f, spec) },
  ];

  // The answer.
  const answer: string[] = [];
  const verdicts: string[] = [];
  const tests = spec.strategies.flatMap((s) =>
    limited.map((L) => {
      const underL = crossOf(f, s.strategy, L.label);
      const underB = crossOf(f, s.strategy, base.label);
      return { name: s.strategy, L, underL, underB, avg: loss(underL, L.label, base.label, families, 'all'), back: loss(underB, base.label, L.label, families, 'all') };
    }),
  );
  // Holm over every test the verdicts rest on (two per verdict), so the set of verdicts holds at 5% together.
  const adjusted = holm(tests.flatMap((t) => [t.avg.p, t.back.p]));
  for (const s of spec.strategies) {
    const name = s.strategy;
    answer.push(`**${name}.**`, '');
    for (const L of limited) {
      const k = tests.findIndex((t) => t.name === name && t.L === L);
      const { underL, underB, avg, back } = tests[k]!;
      const perFam = Array.from({ length: families }, (_, j) => loss(underL, L.label, base.label, families, j));
      const spreadL = underL.panel.diff(planIndex(underL, L.label, 0), planIndex(underL, L.label, 1), P);
      const spreadB = underB.panel.diff(planIndex(underB, base.label, 0), planIndex(underB, base.label, 1), P);
      const backFam = Array.from({ length: families }, (_, j) => loss(underB, base.label, L.label, families, j));
      const word = verdict(base.label, L.label, avg, back, perFam, backFam, { own: adjusted[2 * k]!, back: adjusted[2 * k + 1]! });
      verdicts.push(`- ${name}, ${base.label} vs ${L.label}: the best plan **${word}**.`);
      answer.push(
        `- *${L.label}*: played under ${L.label}, the plans tuned for ${L.label} earn ${ci(avg)} per hand more than those tuned for ` +
          `${base.label} (seed ${f.seed}: ${ci(perFam[0]!)}${families > 1 ? `; seed ${f.seed + 1}: ${ci(perFam[1]!)}` : ''}); played under ` +
          `${base.label}, the plans tuned for ${base.label} earn ${ci(back)} more than those tuned for ${L.label}. Run-to-run spread: the two tunes for ` +
          `${L.label} differ by ${ci(spreadL)} under ${L.label}, the two for ${base.label} by ${ci(spreadB)} under ${base.label}. ` +
          `Holm-adjusted p: ${adjusted[2 * k]!.toPrecision(2)} and ${adjusted[2 * k + 1]!.toPrecision(2)}. Verdict: **${word}**.`,
      );
    }
    answer.push('');
  }

  const dimsTable = strategyDims.map(({ s, dims }) => {
    const rows = f.tunes.filter((t) => t.strategy === s);
    const starts = variants.map((v) => {
      const t = rows.find((r) => r.variant.label === v.label)!;
      return [`defaults (read under ${v.label})`, '', ...dims.map((d) => String(dimValue(t, d.key).start)), ''];
    });
    const uniqueStarts = starts.filter((r, i) => starts.findIndex((x) => x.slice(2).join() === r.slice(2).join()) === i);
    return [
      `**${s.strategy}**`,
      '',
      mdTable(
        ['tuned under', 'seed', ...dims.map((d) => `\`${d.label}\``), 'confirmed gain over the defaults (95% CI)'],
        [
          ...uniqueStarts,
          ...rows.map((t) => [t.variant.label, String(t.seed), ...dims.map((d) => String(dimValue(t, d.key).value)), ci(confirmation(t.record).gain)]),
        ],
      ),
      '',
    ].join('\n');
  });

  const crossTables = spec.strategies.map((s) => {
    const rows = f.tunes.filter((t) => t.strategy === s);
    return [
      `**${s.strategy}** (rows: the plan; columns: the rules it is played under; mean net per hand against three copies of the defaults, 95% CI)`,
      '',
      mdTable(
        ['plan tuned under', 'seed', ...variants.map((v) => v.label)],
        rows.map((t) => [
          t.variant.label, String(t.seed),
          ...variants.map((v) => {
            const c = crossOf(f, s.strategy, v.label);
            const m = c.panel.mean(planIndex(c, t.variant.label, t.family), P);
            return v.label === t.variant.label ? `**${ci(m)}**` : ci(m);
          }),
        ]),
      ),
      '',
    ].join('\n');
  });

  const lossTables = spec.strategies.map((s) => [
    `**${s.strategy}** (rows: the rules played; columns: the plan played instead of the one tuned for those rules; ` +
      'what it loses per hand, averaged over the seed families, 95% CI; last column: the two tunes for those rules against each other)',
    '',
    mdTable(
      ['played under', ...variants.map((v) => `plan tuned for ${v.label}`), `spread (seed ${f.seed} − seed ${f.seed + 1})`],
      variants.map((E) => {
        const c = crossOf(f, s.strategy, E.label);
        return [
          E.label,
          ...variants.map((R) => (R.label === E.label ? '—' : ci(loss(c, E.label, R.label, families, 'all')))),
          families > 1 ? ci(c.panel.diff(planIndex(c, E.label, 0), planIndex(c, E.label, 1), P)) : '',
        ];
      }),
    ),
    '',
  ].join('\n'));

  const curse = mdTable(
    ['strategy', 'tuned under', 'seed', 'winner in tuning (pooled)', 'in the race', 'confirmation', 'cross-play, own rules'],
    gains.map((g) => [
      g.t.strategy.strategy, g.t.variant.label, String(g.t.seed), Number.isNaN(g.tuning) ? '(not evaluated)' : `${g.tuning.toFixed(2)} (${thousands(g.tuningWalls)} wall sets)`,
      ci(g.race), ci(g.c.gain), ci(g.held),
    ]),
  );

  const findings = [
    '## Findings',
    '',
    `### Does the best plan differ with ${spec.change}?`,
    '',
    `Each plan was tuned under each rule setting twice (seeds ${f.seed} and ${f.seed + families - 1}), then every tuned plan was played ` +
      `under every rule setting on the same ${thousands(f.crossGames / P)} held-out wall sets. The best plan differs with ${spec.change} when each ` +
      'setting\'s own plans beat the other setting\'s under it (paired differences averaged over the two seed families, above zero ' +
      `both ways at 5% after Holm's correction over ${verdictTests(tests.length)}); when one setting's plans are at least as good under both, that one plan is the best for both. The spread ` +
      'between the two seed families\' tunes for the same rules is the run-to-run noise the answer is read against.',
    '',
    ...verdicts,
    '',
    ...answer,
    '### Tuned parameters side by side',
    '',
    ...dimsTable,
    '### Gain of each tuned plan over the defaults',
    '',
    'Against three copies of the defaults, the defaults themselves net exactly zero on every wall set (the four rotations of a ' +
      'wall are one game), so a plan\'s mean net is its paired gain over the defaults. A run\'s pairwise.csv gives the plan − defaults difference as 4/3 of this gain: nets sum to zero, so each of the three defaults loses a third of what the plan gains. Three measurements of the winner, on ' +
      'walls of its own tune: its pooled mean over the generations that evaluated it (optimistic: chosen as the best), the race ' +
      '(held out, but the race picks the leader) and the confirmation (held out, untouched); and its mean in the cross-play under ' +
      'its own rules (held out, other walls again).',
    '',
    curse,
    '',
    curseLine(gains),
    '',
    '### Cross-play',
    '',
    ...crossTables,
    '### What a plan loses under rules it was not tuned for',
    '',
    ...lossTables,
  ].join('\n');

  const small = f.games < spec.games || f.generations < spec.generations;
  const readme = (cost: { hands: number; cpuHours: number }) =>
    [
      ...readmeHead(
        spec,
        small ? `${thousands(cost.hands)} hands: ${thousands(f.games)} games a candidate and ${f.generations} generations, fewer than the experiment's ${thousands(spec.games)} and ${spec.generations}` : null,
        `${thousands(cost.hands)} hands`,
      ),
      `- Rule settings: ${variantsText(variants)}.`,
      ...spec.strategies.map((s) => `- \`${s.strategy}\`: tuned dimensions \`${s.params}\`${s.paramsFor ? ` (${Object.entries(s.paramsFor).map(([v, p]) => `\`${p}\` under ${v}`).join('; ')})` : ''}. ${s.why}`),
      `- Each tune (\`mjlab tune\`, src/tune/): CMA-ES in the unit cube (σ₀ = ${spec.sigma}), ${f.generations} generations of λ = 4 + ⌊3 ln n⌋, ` +
        `${thousands(f.games)} games (${thousands(f.games / P)} --duplicate wall sets) per candidate per generation, the candidate at one seat against three ` +
        `copies of the defaults, every candidate of a generation on the same walls and each generation on new ones; ${spec.finalists} finalists ` +
        `raced for ${spec.raceRounds} rounds of ${thousands((spec.raceFactor * f.games) / P)} held-out wall sets; the winner confirmed against the ` +
        `defaults on ${thousands((spec.confirmFactor * f.games) / P)} further wall sets. Seed families ${f.seed} and ${f.seed + families - 1}; tunes in \`tunes/<strategy>/<rules>/seed-<s>/\`. ` +
        'Within a family the tunes for the different rule settings share their walls and CMA-ES samples (common random numbers): ' +
        'two tunes follow the same path until the rules change a ranking, so what separates their plans is the rules, not the luck; ' +
        'the families are independent.',
      `- Cross-play: every tuned plan (its \`best.json\`, played as a preset) under every rule setting against three copies of its strategy's ` +
        `defaults, on ${thousands(f.crossGames / P)} wall sets of seed ${f.seed} no tune played (games from 3·2⁴⁰).`,
      `- Sizing: ${spec.sizing}`,
      '',
      findings,
      '',
      '## Charts',
      '',
      ...charts.flatMap((c) => [`![${c.title}](${c.name})`, '']),
      '## Files',
      '',
      ...files.map((x) => `- [${x.name}](${x.name})`),
      ...(spec.pilot ? [`- ${spec.pilot.files}: the pilot that chose the dimensions and the sizes`] : []),
      '- [manifest.json](manifest.json): version, commit, command, seeds, sizes, hands and CPU time of every tune',
      '- `tunes/<strategy>/<rules>/seed-<s>/`: each tune\'s best.json, history.csv, finalists.csv, confirm.csv, convergence.svg and manifest.json',
      '',
      '## Reproduce',
      '',
      '```sh',
      'npm run build',
      ...(spec.pilot ? [spec.pilot.command] : []),
      f.command.replace(/^mjlab /, `${CLI} `),
      '```',
      '',
      'The CSVs, the tunes\' files and this README (but for the cost line below) are reproduced byte for byte whatever the worker ' +
        'count; an interrupted run continues with the same command plus `--resume`.',
      '',
      `Cost of this run: ${cost.cpuHours.toFixed(2)} CPU-hours (measured; the one line that differs between runs).`,
      '',
      ...caveatsSection(spec.caveats),
    ].join('\n');

  return { files, charts, readme };
}

