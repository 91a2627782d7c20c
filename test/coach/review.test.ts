/**
 * `mjlab review` (docs/replay.md, "A review"): per decision of the seat, every legal answer's expected net with its 95%
 * interval (common random numbers: the same worlds for all), the answer played, its loss against the best, each
 * discard's danger, the coach's move; the summary ranks the decisions by cost under a stated mistake rule. From the
 * seat's view only (two true states giving it the same view give the same values), reproducible from the review's
 * seed, a plug-in coach held to the contract in its thread.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { coachOf } from '../../src/coach/coach.js';
import { panelOf } from '../../src/coach/panel.js';
import { seededWalls } from '../../src/engine/chance.js';
import { sampleWorld } from '../../src/engine/sample.js';
import { type HandState, createHandState } from '../../src/engine/state.js';
import { apply, isOver, startHand } from '../../src/engine/step.js';
import { resolveStrategy } from '../../src/lineup/registry.js';
import { makeStream } from '../../src/rng/streams.js';
import { ruleSet } from '../../src/rules/index.js';
import { viewFor } from '../../src/view/view.js';
import { applyParams } from '../../src/agent/params.js';
import { harr } from '../../strategies/harr.js';
import { FIXTURES, tempDir } from '../runner/helpers.js';
import { mjlabIn } from '../helpers/cli.js';

const tmp = tempDir('review');
const ACTION = /^(discard|concealed-kong|add-kong|chow) ([1-9][mps]|[1-7]z)$|^(pass|pung|kong|mahjong|rob|wash)$/;

/** A recorded hand of four harr (East has 11 decisions in it). */
async function record(): Promise<string> {
  const r = await mjlabIn(['replay', '--rules', 'harr', '--strategies', 'harr,harr,harr,harr', '--seed', '3', '--game', '0', '--json']);
  expect(r.status).toBe(0);
  const file = join(tmp, 'game.json');
  writeFileSync(file, r.stdout);
  return file;
}

interface J {
  seat: string;
  decisions: { hand: number; decision: number; event: number; played: string; best: string; coach: string; loss: number; loss_ci_low: number; mistake: boolean; forced: boolean;
    candidates: { action: string; mean: number; ci_low: number; ci_high: number; loss: number; danger: number | null }[] }[];
  summary: { decisions: number; valued: number; agreement: number; total_loss: number; mistake_rule: string; mistakes: number; ranked: { loss: number; hand: number; decision: number }[] };
}

describe('mjlab review', () => {
  let file: string;
  beforeAll(async () => {
    file = await record();
  });
  const review = async (extra: string[] = []): Promise<J> => {
    const r = await mjlabIn(['review', '--record', file, '--seat', 'E', '--coach', 'search:budget=8', '--json', ...extra]);
    expect(r.status, r.stderr).toBe(0);
    return JSON.parse(r.stdout) as J;
  };

  it('--json: every decision of the seat with each answer valued, the played one, its loss, the coach, the summary ranked by cost', async () => {
    const j = await review();
    expect(j.seat).toBe('E');
    const rec = JSON.parse(readFileSync(file, 'utf8')) as { hands: { actions: string[]; events: unknown[] }[] };
    const mine = rec.hands[0]!.actions.map((a, i) => ({ a, i })).filter((x) => x.a.startsWith('0 '));
    expect(j.decisions.map((d) => d.decision)).toEqual(mine.map((x) => x.i + 1));
    expect(j.decisions.map((d) => d.played)).toEqual(mine.map((x) => x.a.slice(2)));
    for (const d of j.decisions) {
      expect(d.candidates.length).toBeGreaterThan(0);
      expect(d.candidates.map((c) => c.action)).toContain(d.played);
      expect(d.candidates[0]!.action).toBe(d.best);
      for (const c of d.candidates) {
        expect(c.action).toMatch(ACTION);
        expect(c.ci_low).toBeLessThanOrEqual(c.mean);
        expect(c.ci_high).toBeGreaterThanOrEqual(c.mean);
        expect(c.danger === null).toBe(!c.action.startsWith('discard '));
      }
      const played = d.candidates.find((c) => c.action === d.played)!;
      const coach = d.candidates.find((c) => c.action === d.coach)!;
      expect(d.loss).toBeCloseTo(coach.mean - played.mean, 1);
      expect(d.loss).toBeGreaterThanOrEqual(0);
      expect(d.event).toBeGreaterThan(0);
      expect(d.event).toBeLessThanOrEqual(rec.hands[0]!.events.length);
    }
    const s = j.summary;
    expect(s.decisions).toBe(mine.length);
    expect(s.mistake_rule).toMatch(/at least 2 points against the coach's move whose 95% interval \(paired, as shown\) lies above 0/);
    expect(s.ranked.map((x) => x.loss)).toEqual([...s.ranked.map((x) => x.loss)].sort((a, b) => b - a));
    expect(s.total_loss).toBeCloseTo(j.decisions.filter((d) => !d.forced).reduce((t, d) => t + d.loss, 0), 1);
    expect(s.agreement).toBeCloseTo(j.decisions.filter((d) => !d.forced && d.loss === 0).length / s.valued, 2);
    expect(s.mistakes).toBe(j.decisions.filter((d) => d.mistake).length);
  });

  it('is reproducible from its seed, and another seed gives other worlds', async () => {
    const a = await review(['--seed', '5']);
    expect(await review(['--seed', '5'])).toEqual(a);
    expect(await review(['--seed', '6'])).not.toEqual(a);
  });

  it('the text names the seat by wind and the tiles in notation, marks the played and coach moves, states the mistake rule', async () => {
    const r = await mjlabIn(['review', '--record', file, '--seat', '0', '--coach', 'search:budget=8']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^mjlab review: seat E \(harr\)/);
    expect(r.stdout).toMatch(/hand 1, decision 1 \(answers event 1: the deal\) · turn · E holds /);
    expect(r.stdout).toMatch(/← played/);
    expect(r.stdout).toMatch(/← coach/);
    expect(r.stdout).toMatch(/summary: 11 decisions of E .* agreement with the coach \d+%; total expected loss [\d.]+ points; \d+ mistakes? \(a mistake: /);
    expect(r.stdout).not.toMatch(/seat \d/);
  });

  it('bad input: one line, exit 2', async () => {
    for (const args of [
      ['review', '--record', file],
      ['review', '--record', file, '--seat', 'X'],
      ['review', '--record', join(tmp, 'missing.json'), '--seat', 'E'],
      ['review', '--record', file, '--seat', 'E', '--coach', 'nosuch'],
      ['review', '--record', file, '--seat', 'E', '--coach', 'search:budget=1'],
    ]) {
      const r = await mjlabIn(args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr.trimEnd().split('\n'), r.stderr).toHaveLength(1);
    }
  });

  it('a plug-in coach rolls out in its own thread under the contract: one that loops is stopped, one line', async () => {
    const r = await mjlabIn(['review', '--record', file, '--seat', 'E', '--coach', join(FIXTURES, 'loop.mjs'), '--decision-timeout', '0.5']);
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/^mjlab: coach ".*loop\.mjs" at seat \d took longer than 0.5 s over one decision/);
  });
});

/** A hand of four harr stopped at decision `stop`. */
function position(game: number, stop: number): HandState {
  const r = ruleSet('harr');
  const s = createHandState(r, r.limit, r.flowers, 4);
  startHand(s, { dealer: game % 4, prevailing: 0, scores: [0, 0, 0, 0], chance: seededWalls((w) => makeStream(game, 0, `wall:0:${w}`)) });
  const params = applyParams(harr, [], 'harr');
  const agents = [0, 1, 2, 3].map((seat) => harr.create({ seat, players: 4, rules: r, rng: makeStream(1, seat, 'h'), params }));
  for (let k = 0; k < stop && !isOver(s); k++) apply(s, agents[s.flow.seat]!.act(viewFor(s, s.flow.seat)));
  return s;
}

describe('the coach reads the seat view only', () => {
  it('two true states that give the seat the same view give the same values', async () => {
    const coach = coachOf(await resolveStrategy('search:budget=4'));
    const streams = () => ({ worlds: makeStream(1, 0, 'w'), rollout: (i: number) => makeStream(1, 0, `r${i}`), danger: makeStream(1, 0, 'd') });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 50 }), (game, stop) => {
        const s = position(game, stop);
        fc.pre(!isOver(s));
        const seat = s.flow.seat;
        const other = sampleWorld(s, seat, makeStream(game, 1, 'another truth'));
        expect(JSON.stringify(panelOf(viewFor(other, seat), coach, undefined, streams()))).toBe(JSON.stringify(panelOf(viewFor(s, seat), coach, undefined, streams())));
      }),
      { numRuns: 12 },
    );
  });
});
