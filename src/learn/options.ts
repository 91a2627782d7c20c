/**
 * What `mjlab train` is asked (docs/learning.md), below src/learn/train.ts and its parts so that each imports it.
 */
import type { Shard } from '../io/manifest.js';

export interface TrainOptions {
  readonly rules: string;
  readonly limit?: number;
  /** The teacher, as a lineup entry (default search): its seats' decisions are recorded. */
  readonly teacher: string;
  /** The other seats, players − 1 entries (default harr at each). */
  readonly field: string;
  /** Games of self-play (whole --duplicate wall sets: the teacher meets each wall at every seat). */
  readonly games: number;
  readonly seed: number;
  readonly out: string;
  /** Generate only this shard's games' data (no training); `--data` then trains on every shard's directory. */
  readonly shard: Shard | null;
  /** Train on the data of these directories (the shards of one generation) instead of generating it. */
  readonly data?: readonly string[];
  /**
   * Complete data directories of earlier generations, trained on too (before this run's data, in the order given):
   * expert iteration keeps what its earlier teachers taught (Anthony, Tian and Barber 2017 aggregate theirs).
   */
  readonly keepData?: readonly string[];
  /**
   * A model whose weights the fit starts from instead of seeded random ones (its hidden size must be --hidden's): a
   * generation continues its predecessor's net, as AlphaZero's training goes on with one network.
   */
  readonly initModel?: string;
  readonly resume: boolean;
  readonly force: boolean;
  readonly workers?: number;
  readonly decisionTimeout?: number;
  readonly progress: 'auto' | 'none';
  readonly command?: string;
  readonly fit: FitOptions;
}

/** The training itself: everything that, with the data, fixes the model file's bytes. */
export interface FitOptions {
  readonly epochs: number;
  readonly hidden: number;
  readonly lr: number;
  readonly batch: number;
  /** Seed of the initial weights and the order of the samples. */
  readonly trainSeed: number;
  /** Points of rollout mean per unit of logit in the soft target (softmax of candidates' means / temperature). */
  readonly temperature: number;
  /** Weight of the soft (search) target beside the teacher's choice, 0..1. */
  readonly soft: number;
  /** Weight of the value loss. */
  readonly valueWeight: number;
  /** Points per unit of the value head. */
  readonly valueScale: number;
  /**
   * How many times each training decision where the teacher left harr's choice counts (it is repeated in every
   * epoch's order): the departures are what a net that starts as harr has to learn, and a few in a hundred.
   */
  readonly departureWeight: number;
}

/**
 * Defaults from the harr pilot (results/learned-policy-pilot/README.md): with a soft weight of 0.5 at 10 points the
 * net learned the rollouts' noise (64 rollouts of hands whose nets spread over ±170 points) and lost 4.9 a hand to
 * harr; at 0.1 and 40 points over 6 epochs it lost 0.9 (not significant). Held-out loss bottomed out by epoch 4 to 6.
 * The departure weight from generation 1's data of experiment learned-policy under harr (59,234 decisions of
 * today's search, which left harr's choice at 5.1% of them; docs/learning.md "Choosing the departure weight"): each
 * departure counted once, the net left harr's choice at 5 of 5,926 held-out decisions and played as harr (+0.37 a
 * hand against three harr, −0.34 to +1.09, on 2,000 wall sets of seed 201); counted 5 times, it left it at 198,
 * 44 of them as the teacher did, and won +9.2 a hand (+4.6 to +13.8); 7 times +7.1; with the value loss off, 3 times
 * +2.9 and 10 times −4.8.
 * The learning rate and epochs from the fit's seeds (docs/learning.md "The fit's seed"): at 0.002 every fit kept
 * epoch 1, and three seeds on the same data played +6.7, +3.4 and −0.6 a hand against three harr (4,000 wall sets
 * of seed 301); at 0.0005 over 10 epochs they kept epoch 2 and played +8.4, +7.2 and +6.7. Under harr-limit, two
 * seeds each: +3.5 and +2.7 against +2.9 and +3.2.
 */
export const DEFAULT_FIT: FitOptions = {
  epochs: 10,
  hidden: 64,
  lr: 0.0005,
  batch: 64,
  trainSeed: 1,
  temperature: 40,
  soft: 0.1,
  valueWeight: 0.25,
  valueScale: 100,
  departureWeight: 5,
};
