/**
 * The largest win of a run (docs/outputs.md, "largest-win.html"), from its own files: the game of the highest winning score in
 * games.csv or, without it, of the highest net in nets.bin. report.html names it, and the replay page of that game
 * is written beside it (src/cli/largest-win.ts).
 */
import { closeSync, existsSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { csvRows } from './csv-read.js';

export interface LargestWin {
  readonly game: number;
  /** What happened in it, as a sentence's clause. */
  readonly what: string;
}

/** The largest win, from games.csv (the game of the highest winning score) or, without it, nets.bin (the highest net). */
export function largestWin(dir: string): LargestWin | null {
  const summary = join(dir, 'summary.csv');
  const labels = existsSync(summary) ? csvRows(readFileSync(summary, 'utf8')).map((r) => r.strategy ?? '') : [];
  const games = join(dir, 'games.csv');
  if (existsSync(games) && statSync(games).size < 512 * 1024 * 1024) {
    let best: LargestWin & { score: number } | null = null;
    for (const r of csvRows(readFileSync(games, 'utf8'))) {
      const score = Number(r.winner_score);
      if (r.winner_strategy && Number.isFinite(score) && (best === null || score > best.score)) {
        best = { game: Number(r.game), score, what: `${r.winner_strategy} won with ${score} (${r.winner_pattern}, by ${r.win_by})` };
      }
    }
    return best;
  }
  const nets = join(dir, 'nets.bin');
  if (existsSync(nets) && labels.length > 0) {
    const width = labels.length * 4;
    const fd = openSync(nets, 'r');
    try {
      const buf = Buffer.alloc(width * 8192);
      let best: { row: number; net: number; label: string } | null = null;
      let row = 0;
      for (let pos = 0, n; (n = readSync(fd, buf, 0, buf.length, pos)) > 0; pos += n - (n % width)) {
        for (let o = 0; o + width <= n; o += width, row++) {
          for (let i = 0; i < labels.length; i++) {
            const v = buf.readInt32LE(o + 4 * i);
            if (best === null || v > best.net) best = { row, net: v, label: labels[i]! };
          }
        }
      }
      if (best === null) return null;
      return { game: gameOfRow(dir, best.row), what: `${best.label} gained ${best.net} points, the most any strategy gained in one game` };
    } finally {
      closeSync(fd);
    }
  }
  return null;
}

/**
 * The game of nets.bin's row `row`: its rows are the games of the manifest's ranges, in order (a shard's start at
 * game 4000, a merge's inputs one after another), so row 0 is game 0 only for a whole run from game 0.
 */
function gameOfRow(dir: string, row: number): number {
  const manifest = join(dir, 'manifest.json');
  const ranges = existsSync(manifest) ? ((JSON.parse(readFileSync(manifest, 'utf8')) as { ranges?: [number, number][] }).ranges ?? []) : [];
  let left = row;
  for (const [start, end] of ranges) {
    if (left < end - start) return start + left;
    left -= end - start;
  }
  return row;
}
