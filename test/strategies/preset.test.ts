// Presets as strategies (docs/strategies.md, "Presets"): a .json file of best.json's shape is accepted wherever a strategy is,
// plays exactly like the same parameters written inline, is labelled by its file name, and a preset naming an
// unknown strategy or parameter is one line on stderr with exit status 2.
import { describe, expect, it } from 'vitest';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolveLineup, resolveStrategy } from '../../src/lineup/registry.js';
import { tableConfig } from '../../src/runner/table.js';
import { createEngine } from '../../src/game/play.js';
import { gameSetup } from '../../src/game/setup.js';
import { parseCsv, read, ROOT, tempDir } from '../runner/helpers.js';
import { mjlabIn } from '../helpers/cli.js';

const tmp = tempDir('preset');
const PARAMS = { minPairs: 3, minTiles: 8, lateWall: 22, poorShanten: 3 };
const INLINE = `harr:${Object.entries(PARAMS).map(([k, v]) => `${k}=${v}`).join(':')}`;

function write(name: string, obj: unknown): string {
  const path = join(tmp, name);
  writeFileSync(path, typeof obj === 'string' ? obj : JSON.stringify(obj, null, 2));
  return path;
}

const best = write('best.json', { strategy: 'harr', params: PARAMS, tune: { note: 'provenance is carried, not read' } });

describe('a preset plays exactly like its parameters inline', () => {
  it('same hands, game by game, under every rule set', async () => {
    for (const rules of ['harr', 'harr-limit', 'babcock', 'code500']) {
      const spec = { rules, players: 4 as const, unit: 'hand' as const, seed: 5, duplicate: true, flowers: rules === 'code500', limit: null };
      const a = await tableConfig({ ...spec, strategies: `${best},harr,harr,harr` });
      const b = await tableConfig({ ...spec, strategies: `${INLINE},harr,harr,harr` });
      expect(a.lineup[0]!.params).toEqual(b.lineup[0]!.params);
      const ea = createEngine(a);
      const eb = createEngine(b);
      for (let g = 0; g < 120; g++) {
        const ha = ea.play(gameSetup(a, g), { record: false }).hands;
        const hb = eb.play(gameSetup(b, g), { record: false }).hands;
        expect(ha, `${rules} game ${g}`).toEqual(hb);
      }
    }
  });

  it('mjlab simulate: the same summary rows, the preset labelled by its file name', async () => {
    const run = async (strategies: string, out: string) => {
      const r = await mjlabIn(['simulate', '--rules', 'harr', '--strategies', strategies, '--games', '400', '--duplicate', '--workers', '1', '--no-progress', '--out', out], { cwd: tmp });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      return parseCsv(read(out, 'summary.csv'));
    };
    const p = await run('./best.json,harr,harr,harr', join(tmp, 'p'));
    const i = await run(`${INLINE},harr,harr,harr`, join(tmp, 'i'));
    expect(p.map((r) => r.strategy)).toEqual(['best.json', 'harr']);
    expect(i.map((r) => r.strategy)).toEqual([INLINE, 'harr']);
    const strip = (rows: Record<string, string>[]) => rows.map(({ strategy: _s, ...rest }) => rest);
    expect(strip(p)).toEqual(strip(i));
  });
});

describe('resolving presets', () => {
  it('overrides after a preset win; a preset may name a strategy file beside it', async () => {
    const s = await resolveStrategy(`${best}:minPairs=1`);
    expect(s.label).toBe('best.json:minPairs=1');
    expect(s.params).toMatchObject({ ...PARAMS, minPairs: 1, washMin: 9 });
    mkdirSync(join(tmp, 'sub'), { recursive: true });
    copyFileSync(join(ROOT, 'strategies', 'example-user-bot.js'), join(tmp, 'sub', 'bot.js'));
    const u = await resolveStrategy(write('sub/bot-preset.json', { strategy: './bot.js', params: { keepHonours: true } }));
    expect(u.strategy.name).toBe('example-user-bot');
    expect(u.params.keepHonours).toBe(true);
  });

  it('two different presets of one file name in a lineup are refused; the same one twice is fine', async () => {
    mkdirSync(join(tmp, 'other'), { recursive: true });
    const other = write('other/best.json', { strategy: 'harr', params: { minPairs: 1 } });
    await expect(resolveLineup(`${best},${other},harr,harr`, 4)).rejects.toThrow(/share the label "best\.json"/);
    const same = await resolveLineup(`${best},${best},harr,harr`, 4);
    expect(same.map((l) => l.label)).toEqual(['best.json', 'best.json', 'harr', 'harr']);
  });
});

describe('presets in a run', () => {
  it('a preset naming a strategy file beside it plays in simulate from elsewhere; a changed preset is not resumed', async () => {
    mkdirSync(join(tmp, 'elsewhere'), { recursive: true });
    copyFileSync(join(ROOT, 'strategies', 'example-user-bot.js'), join(tmp, 'elsewhere', 'bot.js'));
    const preset = write('elsewhere/bot.json', { strategy: './bot.js', params: { keepHonours: true } });
    const args = ['simulate', '--strategies', `${preset},greedy,greedy,greedy`, '--games', '40', '--workers', '1', '--no-progress', '--out', join(tmp, 'run')];
    const r = await mjlabIn(args, { cwd: ROOT });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const m = JSON.parse(read(join(tmp, 'run'), 'manifest.json'));
    expect(Object.keys(m.identity.plugins)).toEqual([preset, join(tmp, 'elsewhere', './bot.js')]);
    write('elsewhere/bot.json', { strategy: './bot.js', params: { keepHonours: false } });
    const again = await mjlabIn([...args, '--resume'], { cwd: ROOT });
    expect(again.status).toBe(2);
    expect(again.stderr).toMatch(/bot\.json changed since .* checkpoint was written/);
  });
});

describe('a preset naming its strategy file by an absolute path', () => {
  it('plays, and the file is hashed by that path', async () => {
    mkdirSync(join(tmp, 'abs'), { recursive: true });
    const bot = join(tmp, 'abs', 'bot.js');
    copyFileSync(join(ROOT, 'strategies', 'example-user-bot.js'), bot);
    const preset = write('abs-bot.json', { strategy: bot, params: {} });
    expect((await resolveStrategy(preset)).files).toEqual([preset, bot]);
    const r = await mjlabIn(['simulate', '--strategies', `${preset},greedy,greedy,greedy`, '--games', '8', '--workers', '1', '--no-progress', '--out', join(tmp, 'abs-run')], { cwd: ROOT });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(Object.keys(JSON.parse(read(join(tmp, 'abs-run'), 'manifest.json')).identity.plugins)).toEqual([preset, bot]);
  });
});

describe('bad presets: one line, exit 2', () => {
  const cases: [string, unknown, RegExp][] = [
    ['unknown-strategy.json', { strategy: 'harrr', params: {} }, /unknown strategy "harrr"/],
    ['unknown-param.json', { strategy: 'harr', params: { minPair: 3 } }, /strategy "harr" has no parameter "minPair"/],
    ['wrong-type.json', { strategy: 'harr', params: { minPairs: '3' } }, /parameter "minPairs" of harr must be a number/],
    ['not-finite.json', '{"strategy": "harr", "params": {"minPairs": 1e999}}', /must be a finite number/],
    ['misspelt-key.json', { strategy: 'harr', param: { minPairs: 3 } }, /unknown key "param"/],
    ['nested.json', { strategy: './best.json', params: {} }, /not another preset/],
    ['with-params.json', { strategy: 'harr:minPairs=3', params: {} }, /parameters go in "params"/],
    ['not-json.json', '{"strategy": "harr",', /is not valid JSON/],
    ['array.json', '[1, 2]', /must be a JSON object/],
  ];
  for (const [name, body, message] of cases) {
    it(name, async () => {
      write(name, body);
      const r = await mjlabIn(['simulate', '--strategies', `./${name},harr,harr,harr`, '--games', '4', '--no-progress', '--out', join(tmp, 'bad')], { cwd: tmp });
      expect(r.status).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(message);
    });
  }

  it('a missing preset file', async () => {
    const r = await mjlabIn(['replay', '--rules', 'harr', '--strategies', './gone.json,harr,harr,harr', '--seed', '1', '--game', '0'], { cwd: tmp });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^mjlab: preset \.\/gone\.json not found\n$/);
  });
});
