/** Defaults and plain words: a lineup for 2 and 3 players; --duplicate games that are not whole wall sets refused. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

describe('simulate defaults', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'mjlab-defaults-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it.each([
    [3, 'chow-mixer,suit-hunter,harr'],
    [2, 'chow-mixer,harr'],
  ])('--players %i runs with its own default lineup', async (players, lineup) => {
    const out = join(tmp, `p${players}`);
    const r = await runCli(['simulate', '--players', String(players), '--games', '6', '--workers', '1', '--out', out, '--no-progress', '--quiet']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')).identity.strategies).toBe(lineup);
  });

  it('--duplicate with games that are not a multiple of the seats is refused, naming the nearest valid counts', async () => {
    const r = await runCli(['simulate', '--duplicate', '--games', '1001', '--out', join(tmp, 'dup'), '--no-progress']);
    expect(r.code).toBe(2);
    expect(r.err).toBe('mjlab: --duplicate plays every wall once in each of the 4 seats, so --games must be a multiple of 4; 1001 is not: use 1000 or 1004\n');
    const small = await runCli(['simulate', '--duplicate', '--players', '3', '--games', '2', '--out', join(tmp, 'dup3'), '--no-progress']);
    expect(small.err).toMatch(/multiple of 3; 2 is not: use 3\n$/);
  });
});
