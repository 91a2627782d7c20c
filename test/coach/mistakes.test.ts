// The coach counts what it shows (docs/replay.md, "A review"): a poor player (random, against three harr) makes
// mistakes by the one rule (src/coach/mistake.ts); each decision's flag is that rule on the loss and interval it
// shows; the summary's count is its list of mistakes, the text's summary line says the same count and marks as
// many decisions, and the review page's mistake buttons step through exactly that list, each to a mistake.
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { isMistake } from '../../src/coach/mistake.js';
import type { Review } from '../../src/coach/review.js';
import type { GameRecord } from '../../src/record/record.js';
import { coachPanel } from '../../src/viewer/coach-panel.js';
import { reconstructPositions } from '../../src/viewer/positions.js';
import { BIN, ROOT, tempDir } from '../runner/helpers.js';
import { mjlabIn } from '../helpers/cli.js';

const tmp = tempDir('mistakes');
const run = promisify(execFile);

async function mjlab(args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  try {
    const r = await run(process.execPath, [BIN, ...args], { cwd: ROOT, maxBuffer: 64 << 20 });
    return { status: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const x = e as { code?: number; stdout?: string; stderr?: string };
    return { status: x.code ?? 1, stdout: x.stdout ?? '', stderr: x.stderr ?? '' };
  }
}
let record: GameRecord;
let review: Review;
let text = '';

beforeAll(async () => {
  const r = await mjlabIn(['replay', '--rules', 'harr', '--strategies', 'random,harr,harr,harr', '--seed', '3', '--game', '0', '--json']);
  expect(r.status, r.stderr).toBe(0);
  const file = join(tmp, 'game.json');
  writeFileSync(file, r.stdout);
  record = JSON.parse(r.stdout) as GameRecord;
  // Both at once, each in a process of its own (the compiled CLI).
  const [j, t] = await Promise.all([['--json'], []].map((more) => mjlab(['review', '--record', file, '--seat', 'E', ...more])));
  if (!j || !t) throw new Error('no review');
  expect(j.status, j.stderr).toBe(0);
  expect(t.status, t.stderr).toBe(0);
  review = JSON.parse(j.stdout) as Review;
  text = t.stdout;
}, 300_000);

describe('the coach counts what it shows', () => {
  it('a random player makes mistakes, each flagged by the one rule on the loss and interval shown', () => {
    const s = review.summary;
    expect(s.mistakes).toBeGreaterThan(0);
    for (const d of review.decisions) expect(d.mistake, `hand ${d.hand}, decision ${d.decision}`).toBe(isMistake(d.loss, d.loss_ci_low));
    // Every decision whose shown interval lies above 0 by at least 2 points' loss is one: none is left out.
    expect(s.mistakes).toBe(review.decisions.filter((d) => d.loss >= 2 && d.loss_ci_low > 0).length);
  });

  it('the summary counts its list, and the text says the same count and marks as many decisions', () => {
    const s = review.summary;
    expect(s.mistake_at).toEqual(review.decisions.filter((d) => d.mistake).map((d) => ({ hand: d.hand, decision: d.decision, event: d.event })));
    expect(s.mistakes).toBe(s.mistake_at.length);
    expect(text).toMatch(new RegExp(`; ${s.mistakes} mistakes? \\(${s.mistake_rule.replace(/[()]/g, '\\$&')}\\)\\n`));
    expect(text.match(/ · MISTAKE$/gm) ?? []).toHaveLength(s.mistakes);
    expect(text.match(/ {2}MISTAKE$/gm) ?? []).toHaveLength(s.mistakes);
  });

  it('the page\'s mistake buttons step through the same list, each to a decision that is a mistake', () => {
    const positions = reconstructPositions(record);
    const steps = coachPanel().mistakeSteps(positions, review.summary.mistake_at);
    expect(steps).toHaveLength(review.summary.mistakes);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    expect(new Set(steps).size).toBe(steps.length);
    for (const [i, step] of steps.entries()) {
      const p = positions[step]!;
      const d = review.decisions.find((x) => x.hand === p.hand + 1 && x.event === p.event + 1);
      expect(d?.mistake, `step ${step}`).toBe(true);
      expect(d?.decision).toBe(review.summary.mistake_at[i]!.decision);
    }
  });
});
