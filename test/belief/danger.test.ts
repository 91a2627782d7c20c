/**
 * The danger of a discard from the belief (docs/belief.md "The danger of a discard", src/belief/danger.ts): for each
 * kind, 1 − Π over the other seats of (1 − the model's chance that the seat goes Mah-Jongg on it). Everything that
 * reads danger uses it when a model is given: `discardDanger(view, rng, { belief })` (the plug-ins' call), the
 * coach's values (`mjlab review --belief FILE`) and `mjlab play`'s hint (`--coach S --belief FILE`); the values
 * themselves stay the coach's worlds'.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { selfPlay } from '../../experiments/self-play.js';
import type { AgentView } from '../../src/agent/types.js';
import { beliefDanger } from '../../src/belief/danger.js';
import { readBeliefModel } from '../../src/belief/model-file.js';
import { beliefPredict } from '../../src/belief/predict.js';
import { startPlay, type Play, type PlayArgs } from '../../src/cli/play-command.js';
import { coachOf } from '../../src/coach/coach.js';
import { panelOf } from '../../src/coach/panel.js';
import type { HandState } from '../../src/engine/state.js';
import { discardDanger } from '../../src/infer/danger.js';
import { resolveStrategy } from '../../src/lineup/registry.js';
import type { PlaySession } from '../../src/play/session.js';
import { makeStream } from '../../src/rng/streams.js';
import { actionText } from '../../src/record/actions.js';
import { viewFor } from '../../src/view/view.js';
import { worldStateCopy } from '../../src/view/world.js';
import { mjlabIn } from '../helpers/cli.js';
import { oneLine, tempDir } from '../runner/helpers.js';
import { randomBeliefBytes, randomBeliefModel } from './helpers.js';

/** Turns of a few self-play hands: a state with the seat's view (a copy, so the view stays open). */
function turns(): { s: HandState; view: AgentView }[] {
  const out: { s: HandState; view: AgentView }[] = [];
  selfPlay('harr', 2, 17, (_s, view) => {
    if (view.phase === 'turn' && out.length < 24) {
      const c = worldStateCopy(view.sampleWorld(makeStream(0, 0, 'copy')));
      out.push({ s: c, view: viewFor(c, view.seat) });
    }
  });
  return out;
}

const round2 = (x: number): number => Math.round(x * 100) / 100;

describe("the belief's danger", () => {
  const model = randomBeliefModel(21);
  const ts = turns();

  it('is 1 − Π (1 − P(seat k wins on it)) over the other seats, and what discardDanger returns with the model, drawing nothing', () => {
    let differs = 0;
    for (const { view } of ts) {
      const p = beliefPredict(model, view);
      const d = beliefDanger(model, view);
      for (let t = 0; t < 34; t++) {
        const safe = (1 - p.waitP[t]!) * (1 - p.waitP[34 + t]!) * (1 - p.waitP[68 + t]!);
        expect(d[t]).toBeCloseTo(1 - safe, 12);
        expect(d[t]).toBeGreaterThanOrEqual(Math.max(p.waitP[t]!, p.waitP[34 + t]!, p.waitP[68 + t]!) - 1e-12);
      }
      const rng = makeStream(4, 0, 'danger');
      expect(Array.from(discardDanger(view, rng, { belief: model }))).toEqual(Array.from(d));
      expect(rng.next()).toBe(makeStream(4, 0, 'danger').next());
      // Without the model: the danger over worlds, another estimate.
      if (Array.from(discardDanger(view, makeStream(4, 0, 'danger'), { worlds: 4 })).join() !== Array.from(d).join()) differs++;
    }
    expect(ts.length).toBe(24);
    expect(differs).toBe(ts.length);
  }, 60_000);

  it("is the danger of the coach's values with a belief model; the values stay the worlds'", async () => {
    const inst = await resolveStrategy('search:budget=4');
    const streams = () => ({ worlds: makeStream(1, 0, 'w'), rollout: (i: number) => makeStream(1, 0, `r${i}`), danger: makeStream(1, 0, 'd') });
    for (const { view } of ts.slice(0, 6)) {
      const withBelief = panelOf(view, coachOf(inst, model), undefined, streams());
      const without = panelOf(view, coachOf(inst), undefined, streams());
      const d = beliefDanger(model, view);
      const discards = withBelief.candidates.filter((c) => c.danger !== null);
      expect(discards.length).toBeGreaterThan(1);
      for (const c of withBelief.candidates) {
        const m = /^discard (.+)$/.exec(c.action);
        if (m === null) continue;
        const kind = view.legal.find((a) => a.type === 'discard' && actionText(a) === c.action);
        expect(kind, c.action).toBeDefined();
        expect(c.danger).toBe(round2(d[(kind as { tile: number }).tile]!));
      }
      expect(withBelief.candidates.map((c) => [c.action, c.mean])).toEqual(without.candidates.map((c) => [c.action, c.mean]));
    }
  }, 120_000);
});

describe('--belief FILE on the command line', () => {
  const dir = tempDir('belief-danger');
  writeFileSync(join(dir, 'good.mjbelief'), randomBeliefBytes(22));
  const altered = randomBeliefBytes(22);
  altered[4000]! ^= 2;
  writeFileSync(join(dir, 'altered.mjbelief'), altered);
  const running: Play[] = [];
  afterAll(async () => {
    for (const p of running) await p.server.close();
  });

  it("mjlab review --belief: each discard's danger from the model, the values unchanged, the model named by its SHA-256; a bad model one line", async () => {
    const rec = await mjlabIn(['replay', '--rules', 'harr', '--strategies', 'harr,harr,harr,harr', '--seed', '3', '--game', '0', '--json']);
    expect(rec.status).toBe(0);
    const file = join(dir, 'game.json');
    writeFileSync(file, rec.stdout);
    type J = { belief?: { file: string; sha256: string }; decisions: { candidates: { action: string; mean: number; danger: number | null }[] }[] };
    const review = async (extra: string[]): Promise<J> => {
      const r = await mjlabIn(['review', '--record', file, '--seat', 'E', '--coach', 'search:budget=4', '--json', ...extra], { cwd: dir });
      expect(r.status, r.stderr).toBe(0);
      return JSON.parse(r.stdout) as J;
    };
    const plain = await review([]);
    const belief = await review(['--belief', 'good.mjbelief']);
    expect(plain.belief).toBeUndefined();
    expect(belief.belief).toEqual({ file: 'good.mjbelief', sha256: readBeliefModel(join(dir, 'good.mjbelief')).sha256 });
    const means = (j: J) => j.decisions.map((d) => d.candidates.map((c) => [c.action, c.mean]));
    const dangers = (j: J) => j.decisions.map((d) => d.candidates.map((c) => c.danger));
    expect(means(belief)).toEqual(means(plain));
    expect(dangers(belief)).not.toEqual(dangers(plain));
    const text = await mjlabIn(['review', '--record', file, '--seat', 'E', '--coach', 'search:budget=4', '--belief', 'good.mjbelief'], { cwd: dir });
    expect(text.stdout).toMatch(/danger: .*the belief model good\.mjbelief, SHA-256 [0-9a-f]{12}/);
    expect(oneLine(await mjlabIn(['review', '--record', file, '--seat', 'E', '--belief', 'altered.mjbelief'], { cwd: dir }))).toMatch(/^mjlab: belief model file altered\.mjbelief .*checksum/);
    expect(oneLine(await mjlabIn(['review', '--record', file, '--seat', 'E', '--belief', 'none.mjbelief'], { cwd: dir }))).toMatch(/^mjlab: belief model file none\.mjbelief not found/);
  }, 300_000);

  it("mjlab play --coach S --belief FILE: the hint's danger is the model's; --belief without --coach, or a bad model, refused", async () => {
    const args = (over: Partial<PlayArgs>): PlayArgs => ({ rules: 'harr', seat: 'E', unit: 'hand', players: 4, flowers: false, port: 0, host: '127.0.0.1', open: false, 'record-dir': join(dir, 'records'), seed: 5, ...over });
    await expect(startPlay(args({ belief: join(dir, 'good.mjbelief') }))).rejects.toThrow(/--belief: .*give --coach too/);
    await expect(startPlay(args({ coach: 'search:budget=4', belief: join(dir, 'altered.mjbelief') }))).rejects.toThrow(/checksum/);
    const p = await startPlay(args({ coach: 'search:budget=4', belief: join(dir, 'good.mjbelief') }));
    running.push(p);
    const session = p.session as PlaySession;
    const h = session.hint();
    expect(h.ok).toBe(true);
    if (!h.ok) return;
    const view = viewFor(session.state, session.person);
    const d = beliefDanger(readBeliefModel(join(dir, 'good.mjbelief')), view);
    let checked = 0;
    for (const c of h.hint.panel.candidates) {
      const a = view.legal.find((x) => x.type === 'discard' && actionText(x) === c.action);
      if (a === undefined || a.type !== 'discard') continue;
      expect(c.danger).toBe(round2(d[a.tile]!));
      checked++;
    }
    expect(checked).toBeGreaterThan(1);
  }, 120_000);
});
