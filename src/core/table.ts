/**
 * What a table is, as a run names it (docs/outputs.md, "manifest.json"): the rule set, the lineup, the seats, what
 * one game is, the seed, the seating, the flowers and the limit. The command's options (src/runner/options.ts
 * SimulateOptions), the run's identity (src/io/manifest.ts RunIdentity), the worker's table (src/runner/protocol.ts
 * TableSpec) and the game's config (src/game/types.ts TableConfig, with the rule set and lineup resolved) are each
 * this description, plus what they add.
 */
export interface TableDescription {
  /** The rule set's `--rules` name. */
  readonly rules: string;
  /** The lineup as given: one strategy per seat, comma-separated. */
  readonly strategies: string;
  readonly players: 2 | 3 | 4;
  readonly unit: 'hand' | 'match';
  readonly seed: number;
  /** `--duplicate`: every wall played once in each seat. */
  readonly duplicate: boolean;
  /** Flowers and seasons in play. */
  readonly flowers: boolean;
  /** Hand limit in force: the rule set's default, or `--limit N`; null = none. */
  readonly limit: number | null;
  /** A variant file's SHA-256 when the run began (`rules` names the file): a worker refuses a file changed since. */
  readonly rulesSha256?: string;
  /**
   * The label a lineup entry is shown by, where a run is part of a larger one that names its members (a league's
   * pairing shows them as the league does, docs/strategies.md "Labels"); an entry not named keeps its own label.
   */
  readonly labels?: Readonly<Record<string, string>>;
}
