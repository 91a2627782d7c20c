// A preset as search's policy (docs/strategies.md, "Presets"): `search:policy=FILE.json` takes the best.json `mjlab tune`
// writes wherever a policy name goes (the lineup, overrides after the file, a preset's own values), plays exactly
// as the same policy spelt out by hand, puts the file's hash in the run's identity like a plug-in's, and a missing
// or malformed preset is one line on stderr with exit status 2.
import { describe, expect, it } from 'vitest';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolveStrategy } from '../../src/lineup/registry.js';
import { tableConfig } from '../../src/runner/table.js';
import { createEngine } from '../../src/game/play.js';
import { gameSetup } from '../../src/game/setup.js';
import { sha256 } from '../../src/runner/checkpoint.js';
import { parseCsv, read, ROOT, tempDir } from '../runner/helpers.js';
import { mjlabIn } from '../helpers/cli.js';

const tmp = tempDir('policy-preset');
// A committed tuned plan: harr tuned under babcock (results/tuned-plans/).
const PLAN = join(ROOT, 'results', 'tuned-plans', 'tunes', 'harr', 'babcock', 'seed-1', 'best.json');
const PLAN_PARAMS = {
  minPairs: 1, minTiles: 10, limitMinPairs: 1, limitMinTiles: 10, honourPairs: 1, honourBias: 10, lateWall: 16, threatMelds: 5,
  keepShanten: 2, poorShanten: 4, rivalTiles: 6, washMin: 9, planBy: 4,
};
const BY_HAND = `harr/${Object.entries(PLAN_PARAMS).map(([k, v]) => `${k}=${v}`).join('/')}`;

function write(name: string, obj: unknown): string {
  const path = join(tmp, name);
  writeFileSync(path, typeof obj === 'string' ? obj : JSON.stringify(obj, null, 2));
  return path;
}

copyFileSync(PLAN, join(tmp, 'plan.json'));

/** Every hand's decisions, in order, of `games` games of each lineup. */
async function decisions(rules: string, strategies: string, games: number): Promise<string[][]> {
  const config = await tableConfig({ rules, strategies, players: 4, unit: 'hand', seed: 3, duplicate: true, flowers: rules === 'code500', limit: null });
  const engine = createEngine(config);
  const out: string[][] = [];
  for (let g = 0; g < games; g++) {
    const rec = engine.play(gameSetup(config, g), { record: true }).record as { hands: { actions: string[] }[] };
    out.push(...rec.hands.map((h) => h.actions));
  }
  return out;
}

describe('a preset policy plays as the policy spelt out by hand', () => {
  it('is read by the lineup and passed on spelt out; its file is among the instance files', async () => {
    const s = await resolveStrategy(`search:policy=${PLAN}:budget=8`);
    expect(s.params.policy).toBe(BY_HAND);
    expect(s.files).toEqual([PLAN]);
    const o = await resolveStrategy(`search:policy=${PLAN}/lateWall=12/minPairs=2`);
    expect(o.params.policy).toBe(`${BY_HAND}/lateWall=12/minPairs=2`);
  });

  it('the same decisions, hand by hand, under every rule set; and not those of the default policy', async () => {
    let differ = 0;
    for (const rules of ['harr', 'harr-limit', 'babcock', 'code500']) {
      const preset = await decisions(rules, `search:policy=${PLAN}:budget=8,harr,chow-mixer,harr`, 3);
      const byHand = await decisions(rules, `search:policy=${BY_HAND}:budget=8,harr,chow-mixer,harr`, 3);
      expect(preset, rules).toEqual(byHand);
      const plain = await decisions(rules, 'search:policy=harr:budget=8,harr,chow-mixer,harr', 3);
      if (JSON.stringify(plain) !== JSON.stringify(preset)) differ += 1;
    }
    // The plan's values reach the rollouts: the default policy plays otherwise.
    expect(differ).toBeGreaterThan(0);
  });

  it("a preset of search may name its policy preset beside it; overrides in the lineup read from the working directory", async () => {
    mkdirSync(join(tmp, 'plans'), { recursive: true });
    copyFileSync(PLAN, join(tmp, 'plans', 'harr-babcock.json'));
    const outer = write('plans/search.json', { strategy: 'search', params: { budget: 16, policy: './harr-babcock.json' } });
    const s = await resolveStrategy(outer);
    expect(s.params).toMatchObject({ budget: 16, policy: BY_HAND });
    expect(s.files).toEqual([outer, join(tmp, 'plans', 'harr-babcock.json')]);
    const o = await resolveStrategy(`${outer}:policy=${PLAN}/planBy=2`);
    expect(o.params.policy).toBe(`${BY_HAND}/planBy=2`);
    expect(o.files).toEqual([outer, join(tmp, 'plans', 'harr-babcock.json'), PLAN]);
  });
});

describe('in a run', () => {
  it('simulate: the same summary as the policy by hand; the preset hashed in the identity, a changed one not resumed', async () => {
    const run = async (strategies: string, out: string, extra: string[] = []) => {
      const r = await mjlabIn(['simulate', '--rules', 'babcock', '--strategies', strategies, '--games', '8', '--workers', '1', '--no-progress', '--out', out, ...extra], { cwd: tmp });
      return r;
    };
    const args = 'search:policy=./plan.json:budget=8,harr,harr,harr';
    const p = await run(args, join(tmp, 'p'));
    expect(p.stderr).toBe('');
    expect(p.status).toBe(0);
    const h = await run(`search:policy=${BY_HAND}:budget=8,harr,harr,harr`, join(tmp, 'h'));
    expect(h.status).toBe(0);
    const strip = (rows: Record<string, string>[]) => rows.map(({ strategy: _s, ...rest }) => rest);
    expect(strip(parseCsv(read(join(tmp, 'p'), 'summary.csv')))).toEqual(strip(parseCsv(read(join(tmp, 'h'), 'summary.csv'))));
    const m = JSON.parse(read(join(tmp, 'p'), 'manifest.json'));
    expect(m.identity.plugins).toEqual({ './plan.json': sha256(read(tmp, 'plan.json')) });
    write('plan.json', { strategy: 'harr', params: { ...PLAN_PARAMS, lateWall: 20 } });
    const again = await run(args, join(tmp, 'p'), ['--resume']);
    expect(again.status).toBe(2);
    expect(again.stderr).toMatch(/plan\.json changed since .* checkpoint was written/);
    copyFileSync(PLAN, join(tmp, 'plan.json'));
  });
});

describe('a missing or malformed policy preset: one line, exit 2', () => {
  const cases: [string, string, unknown, RegExp][] = [
    ['missing', './gone.json', null, /^mjlab: preset \.\/gone\.json not found\n$/],
    ['not JSON', './broken.json', '{"strategy": "harr",', /preset \.\/broken\.json is not valid JSON/],
    ['unknown parameter', './typo.json', { strategy: 'harr', params: { minPair: 3 } }, /preset \.\/typo\.json: strategy "harr" has no parameter "minPair"/],
    ['wrong type', './type.json', { strategy: 'harr', params: { minPairs: 'three' } }, /parameter "minPairs" of harr must be a number/],
    ['unknown strategy', './who.json', { strategy: 'harrr', params: {} }, /unknown strategy "harrr"/],
    ['a strategy file', './file.json', { strategy: './bot.js', params: {} }, /a policy is a built-in strategy, not a strategy file/],
    ['search itself', './self.json', { strategy: 'search', params: {} }, /search cannot be its own policy/],
    ['a bad override after it', './plan.json/minPair=2', null, /preset \.\/plan\.json as search's policy: strategy "harr" has no parameter "minPair"/],
  ];
  for (const [name, value, body, message] of cases) {
    it(name, async () => {
      if (body !== null) write(value.slice(2), body);
      const r = await mjlabIn(['simulate', '--strategies', `search:policy=${value}:budget=4,harr,harr,harr`, '--games', '4', '--no-progress', '--out', join(tmp, 'bad')], { cwd: tmp });
      expect(r.status).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(message);
    });
  }
});
