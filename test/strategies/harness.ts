/** Play seeded one-hand games with a lineup and aggregate per-lineup-entry figures (docs/strategies.md, "Measured behaviour"). */
import { resolveLineup } from '../../src/lineup/registry.js';
import { ruleSet } from '../../src/rules/index.js';
import { playGame } from '../../src/game/play.js';
import { gameSetup } from '../../src/game/setup.js';
import type { TableConfig } from '../../src/game/types.js';

export interface Figures {
  label: string;
  hands: number;
  wins: number;
  dealIns: number;
  net: number;
  /** Own discard turns summed over every hand played, and over won hands only. */
  ownTurns: number;
  winTurns: number;
  patterns: Record<string, number>;
}

export async function play(rules: string, lineupSpec: string, games: number, seed = 1): Promise<Figures[]> {
  const rs = ruleSet(rules);
  const lineup = await resolveLineup(lineupSpec, 4);
  const config: TableConfig = { rules: rs, limit: rs.limit, flowers: rs.flowers, players: 4, unit: 'hand', seed, lineup, duplicate: false };
  const figs: Figures[] = lineup.map((l) => ({ label: l.label, hands: 0, wins: 0, dealIns: 0, net: 0, ownTurns: 0, winTurns: 0, patterns: {} }));
  for (let g = 0; g < games; g++) {
    const setup = gameSetup(config, g);
    const out = playGame(config, setup, { record: false });
    for (const h of out.hands) {
      for (let seat = 0; seat < 4; seat++) {
        const f = figs[setup.seating[seat]!]!;
        f.hands++;
        f.net += h.nets[seat]!;
        f.ownTurns += h.turnsBySeat[seat]!;
        if (h.winner === seat) {
          f.wins++;
          f.winTurns += h.turnsBySeat[seat]!;
          const p = h.winnerPattern ?? 'unknown';
          f.patterns[p] = (f.patterns[p] ?? 0) + 1;
        }
        if (h.winner !== null && h.discarder === seat) f.dealIns++;
      }
    }
  }
  return figs;
}
