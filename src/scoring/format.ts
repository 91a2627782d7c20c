/**
 * The breakdown printed the way Harr's score tables read (Part I "Example of hands and how they are scored"):
 * the bonus items and their subtotal, the combinations and the total score, each doubling with the running
 * score, and the final score.
 */
import type { ScoreLine, ScoreResult } from './types.js';

const WIDTH = 52;

function row(label: string, value: string): string {
  const pad = Math.max(1, WIDTH - label.length - value.length);
  return `${label}${' '.repeat(pad)}${value}`;
}

export function formatBreakdown(r: ScoreResult): string {
  const out: string[] = [];
  const bonus = r.lines.filter((l) => l.group === 'bonus');
  const sets = r.lines.filter((l) => l.group === 'set' || (l.group === undefined && l.points !== undefined));
  const doubles = r.lines.filter((l) => l.doubles !== undefined);
  const limits = r.lines.filter((l) => l.group === 'limit');
  let running = 0;
  const points = (l: ScoreLine): void => {
    running += l.points ?? 0;
    out.push(row(l.label, String(l.points ?? 0)));
  };
  if (limits.length > 0 && bonus.length === 0 && sets.length === 0 && doubles.length === 0) {
    for (const l of limits) out.push(row(l.label, l.points === undefined ? '' : String(l.points)));
    out.push(row('Final score', String(r.score)));
    return out.join('\n');
  }
  for (const l of bonus) points(l);
  if (bonus.length > 0 && sets.length > 0) out.push(row('', String(running)));
  for (const l of sets) points(l);
  out.push(row('Total score', String(r.points)));
  let value = r.points;
  for (const l of doubles) {
    const steps: number[] = [];
    for (let i = 0; i < (l.doubles ?? 0); i++) {
      value *= 2;
      steps.push(value);
    }
    out.push(row(l.label, steps.join(' ')));
  }
  for (const l of limits) out.push(l.label);
  out.push(row('Final score', String(r.score)));
  return out.join('\n');
}
