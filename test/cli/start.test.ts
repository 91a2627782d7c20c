/**
 * Fast start (issue 28, point 3): a command loads only what it uses. Every module the built CLI resolves is logged by
 * a resolve hook (node:module register), and `--version`, `score` and `simulate --help` must not reach the parts
 * they do not run: yargs for --version; the runner, the engine's suit-shape table, the experiments, vega, the play
 * server and the viewer for score. The timing itself is in `npm run bench` (src/bench/start.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { ROOT } from '../support/doc.js';

const tmp = mkdtempSync(join(tmpdir(), 'mjlab-start-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const hooks = join(tmp, 'hooks.mjs');
writeFileSync(hooks, `export async function resolve(s, c, next) { const r = await next(s, c); process.stderr.write('LOADED ' + r.url + '\\n'); return r; }\n`);
const boot = join(tmp, 'boot.mjs');
writeFileSync(boot, `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`);

function loaded(args: string[]): string[] {
  const r = spawnSync(process.execPath, ['--import', pathToFileURL(boot).href, join(ROOT, 'bin', 'mjlab.js'), ...args], { cwd: ROOT, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return r.stderr.split('\n').filter((l) => l.startsWith('LOADED ')).map((l) => l.slice(7));
}

it('--version loads neither yargs nor any command', () => {
  const urls = loaded(['--version']);
  expect(urls.some((u) => u.endsWith('/dist/src/cli/main.js'))).toBe(true);
  expect(urls.filter((u) => /node_modules\/yargs|\/cli\/commands\//.test(u))).toEqual([]);
});

it('score loads the scorer, not the runner, the engine tables, the experiments, charts, the play server or the viewer', () => {
  const urls = loaded(['score', '--rules', 'harr', '66p 77m [222s] [777z] [333m] +6p']);
  expect(urls.some((u) => u.endsWith('/dist/src/scoring/index.js'))).toBe(true);
  expect(urls.filter((u) => /\/dist\/src\/(runner\/(run|pool|merge)|engine|experiments|play|viewer|tune|charts)\/|suit-shapes|node_modules\/vega/.test(u))).toEqual([]);
});

it('simulate --help loads its options, not the runner', () => {
  const urls = loaded(['simulate', '--help']);
  expect(urls.filter((u) => /\/dist\/src\/(runner\/(run|pool)|experiments|engine)\/?|node_modules\/vega/.test(u))).toEqual([]);
});
