// Plug-ins are shown by their own name (docs/strategies.md, "Labels"): two strategy files in different folders that
// export one `name` appear as `name` and `name#2` (in lineup order) in every table, CSV, chart and page of a
// simulate run and of a league, and no path of theirs appears there; the manifest names both files with their
// SHA-256. The paths appear only where they must: the reproducing command and the manifest.
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mjlab, read, tempDir } from './helpers.js';

const tmp = tempDir('plugin-labels');

const bot = (pick: string) => `export default {
  name: 'walker',
  description: 'plays one end of the legal actions',
  params: [],
  create: () => ({ act: (view) => view.legal[${pick}] }),
};
`;
const files = { a: join(tmp, 'first', 'bot.mjs'), b: join(tmp, 'second', 'bot.mjs') };
const texts = { a: bot('0'), b: bot('view.legal.length - 1') };
for (const k of ['a', 'b'] as const) {
  mkdirSync(join(files[k], '..'), { recursive: true });
  writeFileSync(files[k], texts[k]);
}
const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const hashes = { [files.a]: sha(texts.a), [files.b]: sha(texts.b) };

/** A page with its reproducing command and its folded manifest taken out: what a reader sees as tables and charts. */
function shown(html: string): string {
  return html.replace(/<pre id="command">[^<]*<\/pre>/g, '').replace(/<details id="manifest-fold">[\s\S]*?<\/details>/g, '');
}

/** Every output file of a run directory (not its checkpoint, ownership marker or binary files), without what must name the paths. */
function outputs(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of readdirSync(dir)) {
    if (f.startsWith('.') || statSync(join(dir, f)).isDirectory() || !/\.(csv|svg|html|json|md)$/.test(f) || f === 'manifest.json') continue;
    const text = read(dir, f);
    out[f] = f.endsWith('.html') ? shown(text) : f === 'README.md' ? text.replace(/```sh[\s\S]*?```/g, '') : text;
  }
  return out;
}

function expectNoPaths(dir: string): void {
  const out = outputs(dir);
  expect(Object.keys(out).length).toBeGreaterThan(2);
  for (const [f, text] of Object.entries(out)) {
    for (const path of [files.a, files.b, 'first/', 'second/', 'bot.mjs']) expect(text, f).not.toContain(path);
  }
}

describe('plug-ins sharing one name', () => {
  it('simulate: every table, CSV and page shows walker and walker#2, the manifest both files with their SHA-256', () => {
    const out = join(tmp, 'sim');
    const r = mjlab(['simulate', '--strategies', `random,${files.a},${files.b},greedy`, '--games', '8', '--seed', '1', '--duplicate', '--games-csv', '--no-progress', '--out', out]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^\d\s+walker\s/m);
    expect(r.stdout).toMatch(/^\d\s+walker#2\s/m);
    expect(r.stdout).not.toContain('bot.mjs');
    expectNoPaths(out);
    // In lineup order: the first file is walker, the second walker#2.
    expect(read(out, 'games.csv').split('\n')[1]).toContain(',random,0,walker,0,walker#2,0,greedy,0');
    expect(JSON.parse(read(out, 'aggregate.json')).labels).toEqual(['random', 'walker', 'walker#2', 'greedy']);
    for (const f of ['summary.csv', 'pairwise.csv', 'report.html']) {
      expect(read(out, f), f).toContain('walker#2');
      expect(read(out, f), f).toMatch(/walker(?!#)/);
    }
    const m = JSON.parse(read(out, 'manifest.json')) as { identity: { strategies: string; plugins: Record<string, string> } };
    expect(m.identity.plugins).toEqual(hashes);
    expect(m.identity.strategies).toBe(`random,${files.a},${files.b},greedy`);
  }, 60_000);

  it('league: the tables, chart and page show walker and walker#2; the manifest keeps the files and their SHA-256', () => {
    const out = join(tmp, 'league');
    const r = mjlab(['league', '--strategies', `${files.a},${files.b},greedy`, '--games', '8', '--seed', '1', '--no-progress', '--out', out]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).not.toContain('bot.mjs');
    expectNoPaths(out);
    for (const f of ['league.csv', 'matrix.csv', 'league.svg', 'league.html', 'README.md']) {
      expect(read(out, f), f).toContain('walker#2');
      expect(read(out, f), f).toMatch(/walker(?!#)/);
    }
    const m = JSON.parse(read(out, 'manifest.json')) as { members: string[]; labels: string[]; plugins: Record<string, string> };
    expect(m.members).toEqual([files.a, files.b, 'greedy']);
    expect(m.labels).toEqual(['walker', 'walker#2', 'greedy']);
    expect(m.plugins).toEqual(hashes);
    // Each pairing's own files name its two members as the league does, whatever their order in its lineup.
    const dirs = readdirSync(join(out, 'runs')).sort();
    expect(dirs).toHaveLength(6);
    for (const d of dirs) {
      const [i, j] = d.split('-').map(Number) as [number, number];
      const dir = join(out, 'runs', d);
      const rows = (f: string) => read(dir, f).trimEnd().split('\n').slice(1).map((l) => l.split(',')[0]);
      expect(rows('summary.csv'), d).toEqual([m.labels[i], m.labels[j]]);
      expect(read(dir, 'pairwise.csv'), d).toContain(`${m.labels[i]},${m.labels[j]}`);
      expect(shown(read(dir, 'report.html')), d).toMatch(new RegExp(`${m.labels[i]}(?![#\\w])[^]*${m.labels[j]}(?![#\\w])`));
    }
  }, 120_000);
});
