/**
 * The danger of a discard is usable from a plug-in (docs/strategies.md "The danger of a discard"):
 * fixtures/wary.mjs, a strategy file as a user writes it, imports discardDanger from the built library and replaces
 * harr's discard when it is too dangerous. It loads and plays through the lineup like any strategy file, and in play
 * its danger reads change some of harr's discards.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Strategy } from '../../src/agent/types.js';
import { mjlab, tempDir } from '../runner/helpers.js';

const WARY = join(import.meta.dirname, 'fixtures', 'wary.mjs');

describe('a plug-in reading the danger of its discards', () => {
  it('plays through the lineup as a strategy file', () => {
    const r = mjlab(['simulate', '--rules', 'harr-limit', '--strategies', `${WARY}:worlds=8,harr,harr,harr`, '--games', '4', '--seed', '5', '--workers', '1', '--no-progress', '--out', tempDir('wary')]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  }, 120_000);

  it('departs from harr where the danger says so, every answer legal', async () => {
    const mod = (await import(pathToFileURL(WARY).href)) as { default: Strategy; seen: { reads: number; departed: number; worst: number } };
    // The built library, as the plug-in imports it (a world is the engine's own object: one copy of the engine).
    const dist = (path: string): Promise<unknown> => import(pathToFileURL(join(import.meta.dirname, '../../dist', path)).href);
    const { applyParams } = (await dist('src/agent/params.js')) as typeof import('../../src/agent/params.js');
    const { seededWalls } = (await dist('src/engine/chance.js')) as typeof import('../../src/engine/chance.js');
    const { createHandState } = (await dist('src/engine/state.js')) as typeof import('../../src/engine/state.js');
    const { apply, startHand } = (await dist('src/engine/step.js')) as typeof import('../../src/engine/step.js');
    const { makeStream } = (await dist('src/rng/streams.js')) as typeof import('../../src/rng/streams.js');
    const { ruleSet } = (await dist('src/rules/index.js')) as typeof import('../../src/rules/index.js');
    const { viewFor } = (await dist('src/view/view.js')) as typeof import('../../src/view/view.js');
    const { harr } = (await dist('strategies/harr.js')) as typeof import('../../strategies/harr.js');
    const wary = mod.default;
    const r = ruleSet('harr-limit');
    for (let g = 0; g < 12; g++) {
      const s = createHandState(r, r.limit, r.flowers, 4);
      startHand(s, { dealer: g % 4, prevailing: 0, scores: [0, 0, 0, 0], chance: seededWalls((w) => makeStream(9, g, `wall:${w}`)) });
      const agents = [0, 1, 2, 3].map((seat) => {
        const st = seat === 0 ? wary : harr;
        return st.create({ seat, players: 4, rules: r, rng: makeStream(9, g, `seat:${seat}`), params: applyParams(st, [], st.name) });
      });
      // apply throws on an answer not in the legal list.
      while (s.flow.phase !== 'over') apply(s, agents[s.flow.seat]!.act(viewFor(s, s.flow.seat)));
    }
    expect(mod.seen.reads).toBeGreaterThan(50);
    expect(mod.seen.worst).toBeGreaterThan(0.1);
    expect(mod.seen.departed).toBeGreaterThan(0);
  }, 120_000);
});
