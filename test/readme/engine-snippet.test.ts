// The README's engine snippet ("The engine as a state machine") runs as printed: saved in the repository's root
// and run with node, it plays a hand of four harr players through the state machine and prints the four nets,
// which settle to zero.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../runner/helpers.js';

describe('the README\'s engine snippet', () => {
  it('runs as printed from the repository root and prints four nets that sum to zero', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## The engine as a state machine'));
    const code = /```js\n([^]*?)```/.exec(section)?.[1];
    expect(code, 'no js block in the section').toBeDefined();
    expect(code).toMatch(/^\/\/ engine\.mjs, saved in the repository's root/);
    // As `node engine.mjs` in the root: the same module, read from standard input with the root's relative imports.
    const r = spawnSync(process.execPath, ['--input-type=module'], { cwd: ROOT, input: code, encoding: 'utf8', timeout: 60_000 });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const nets = JSON.parse(r.stdout.trim().replace(/\s+/g, '')) as number[];
    expect(nets).toHaveLength(4);
    expect(nets.every(Number.isInteger)).toBe(true);
    expect(nets.reduce((a, b) => a + b, 0)).toBe(0);
    expect(nets.some((n) => n !== 0)).toBe(true);
  });
});
