/** `npm test` shows progress while it runs (docs/performance.md, "`npm test`'s time"): a count of files first, then a line per finished file. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from '../support/doc.js';

it('prints the number of files, then [k/n], the seconds and the CPU seconds of each file as it ends', () => {
  const r = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', 'test/tiles/notation.test.ts', 'test/rng/streams.test.ts'], {
    cwd: ROOT, encoding: 'utf8', timeout: 300_000, env: { ...process.env, CI: '' },
  });
  expect(r.status, `${r.stdout}${r.stderr}`).toBe(0);
  expect(r.stderr).toMatch(/^mjlab tests: 2 files$/m);
  expect(r.stderr).toMatch(/^\[1\/2\] test\/\S+\.test\.ts {2}\d+\.\d+s {2}\d+\.\d+s CPU {2}passed {2}\(\d+s in\)$/m);
  expect(r.stderr).toMatch(/^\[2\/2\] /m);
});
