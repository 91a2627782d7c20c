/**
 * What the files of a tune share: its identity, which tune.ts builds and checkpoints and
 * outputs.ts writes out, declared below both so neither imports the other.
 */
import type { Dimension } from './space.js';

/** Everything that fixes a tune's numbers: equal identities give equal files. */
export interface TuneIdentity {
  readonly rules: string;
  /** `rules` names a variant file: its canonical form and SHA-256 (docs/rules.md "Variants"); absent for a book. */
  readonly rulesVariant?: { readonly sha256: string; readonly canonical: string };
  readonly limit: number | null;
  readonly flowers: boolean;
  readonly players: number;
  readonly strategy: string;
  readonly dims: readonly Dimension[];
  readonly against: string;
  readonly generations: number;
  readonly population: number;
  readonly games: number;
  readonly seed: number;
  readonly sigma: number;
  readonly finalists: number;
  readonly raceRounds: number;
  readonly raceGames: number;
  readonly confirmGames: number;
}
