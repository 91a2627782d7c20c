/** The leaderboard the run commands print after their one-line summary (docs/outputs.md, "report.html"); --quiet leaves it out. */
import type { Board } from '../report/leaderboard.js';

export const QUIET_OPTION = { type: 'boolean', default: false, describe: 'print only the one-line summary, not the leaderboard' } as const;

export async function printBoards(boards: () => Promise<readonly (Board | null)[]>, quiet: boolean): Promise<void> {
  if (quiet) return;
  const { formatBoard } = await import('../report/leaderboard.js');
  const width = Math.min(110, process.stdout.columns || 100);
  for (const b of await boards()) if (b) process.stdout.write(`\n${formatBoard(b, width)}`);
}
