/**
 * Experiment specs (README.md, "Experiments: what we found"): one declarative file per experiment in experiments/. A spec names rule-set
 * variants × lineups × hands × seed × seating; the experiment runner plays every (variant, lineup) cell through
 * simulate() and the named analysis turns the cells' aggregates and nets.bin files into tables, charts and a
 * README. Specs are data: no code runs in them.
 */

export interface Variant {
  /** Directory-safe name, also the row label in the tables (e.g. "harr-300"). */
  readonly label: string;
  readonly rules: string;
  /** `--limit N` on top of the rule set; absent = the rule set's own limit. */
  readonly limit?: number;
}

export type AnalysisKind = 'strategy-comparison' | 'limit-vs-unlimited' | 'defender-draws' | 'search-vs-harr' | 'inference' | 'variants';

/** What every experiment spec names: the README's title and question, the rule-set variants, seed and caveats. */
export interface ExperimentBase {
  readonly name: string;
  readonly title: string;
  /** The question, in one or two sentences, with the passage of Harr's text it comes from. */
  readonly question: string;
  readonly variants: readonly Variant[];
  readonly seed: number;
  readonly caveats: readonly string[];
}

/** A strategy the tuning experiment tunes, and the dimensions it tunes (`mjlab tune --params`). */
export interface TunedStrategy {
  readonly strategy: string;
  /** --params for every variant, unless `paramsFor` names the variant. */
  readonly params: string;
  readonly paramsFor?: Readonly<Record<string, string>>;
  /** Why these parameters (printed in the README). */
  readonly why: string;
}

/**
 * An experiment that tunes (experiments/tuned-plans/run.ts): every strategy tuned under every variant, once per
 * seed family, then every tuned plan played under every variant on held-out walls. Sizes are in games per
 * candidate per generation (`--games`), the rest as multiples of it.
 */
export interface TuningExperimentSpec extends ExperimentBase {
  readonly analysis: 'tuned-plans';
  readonly strategies: readonly TunedStrategy[];
  /** Seed families: family k tunes with seed + k. */
  readonly families: number;
  /** Games per candidate per generation. */
  readonly games: number;
  readonly generations: number;
  readonly sigma: number;
  readonly finalists: number;
  readonly raceRounds: number;
  /** Games per finalist per race round, as a multiple of `games`. */
  readonly raceFactor: number;
  /** Games of the confirmation, as a multiple of `games`. */
  readonly confirmFactor: number;
  /** Games of each cross-play evaluation, as a multiple of `games`. */
  readonly crossFactor: number;
  /** How the sizes were chosen (printed in the README). */
  readonly sizing: string;
  /** What changes between the first rule setting and the others, as the answer's heading names it ("a limit"). */
  readonly change: string;
  /** The pilot that chose the dimensions, when its files are committed beside the results (README "Files" and "Reproduce"). */
  readonly pilot?: { readonly files: string; readonly command: string };
}

/**
 * An experiment that learns (experiments/learned-policy/run.ts, docs/learning.md): under every variant, a net distilled from
 * a teacher's self-play decisions (generation 1), then from a search rolling out with that net (generation 2), each
 * net compared paired with harr and with the generation before, then search with the last net against today's
 * search. Sizes are in generation-1 games per variant (`--games`), the rest as multiples of it.
 */
export interface LearningExperimentSpec extends ExperimentBase {
  readonly analysis: 'learned-policy';
  /** Generation 1's teacher, a lineup entry. */
  readonly teacher: string;
  /** The other three seats of every training game and of the nets' comparisons. */
  readonly field: string;
  /** Generation-1 games per variant (`--games`). */
  readonly games: number;
  /** Rollouts per decision of generation 2's teacher, a search whose policy and prior are generation 1's net. */
  readonly gen2Budget: number;
  /** Generation-2 games, as a multiple of `games`. */
  readonly gen2Factor: number;
  /** Games of each comparison of a net (against harr, generation 2 against 1), as a multiple of `games`. */
  readonly netFactor: number;
  /** Today's search, the baseline of the search with the net. */
  readonly baselineSearch: string;
  /** Rollouts per decision of the search with the last net as policy and prior, chosen for the baseline's time. */
  readonly netSearchBudget: number;
  /** Games of the search comparison, as a multiple of `games`. */
  readonly searchFactor: number;
  /** Hands timed at one table for each row's ms per decision: nets, and searches. */
  readonly timingHands: { readonly net: number; readonly search: number };
  /** How the sizes and budgets were chosen (printed in the README). */
  readonly sizing: string;
}

export interface ExperimentSpec extends ExperimentBase {
  /** Lineups, each a comma-separated `--strategies` value with one strategy per seat. */
  readonly lineups: readonly string[];
  /** How the lineups were chosen (printed in the README). */
  readonly seating: string;
  /** Default total games over all cells (each cell gets an equal share, whole wall sets, unless `cells` says otherwise). */
  readonly games: number;
  /**
   * The cells to play, when not every variant × lineup with equal shares: each a variant label, a lineup index and
   * its share of the games (in whole wall sets; every cell plays the first walls of the seed, so cells of one seed
   * share their walls as far as the smaller goes).
   */
  readonly cells?: readonly { readonly variant: string; readonly lineup: number; readonly share: number }[];
  /** Say in the README how long the runs took (a timing: it is not reproduced by a re-run). */
  readonly reportCost?: boolean;
  /** How the sizes were chosen, from what pilot (printed in the README's design). */
  readonly sizing?: string;
  readonly duplicate: boolean;
  readonly players: 2 | 3 | 4;
  readonly analysis: AnalysisKind;
  /**
   * search-vs-harr analysis: each budget against the one below it, and the largest against the smallest, the searcher's
   * net paired on the same walls (search-budget-curve, whose budgets play equal wall sets).
   */
  readonly budgetPairs?: boolean;
  /** Variant the paired differences are taken against (limit-vs-unlimited). */
  readonly baseline?: string;
  /** The strategy Harr's claim says should gain, and those it should gain on (limit-vs-unlimited). */
  readonly fast?: string;
  readonly slow?: readonly string[];
  /** variants analysis: each changed rule set against its base, by variant label (`{ changed: base }`). */
  readonly changes?: Readonly<Record<string, string>>;
}
