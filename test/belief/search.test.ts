/**
 * Search with worlds from the belief on the command line (docs/belief.md "Worlds from the belief"): the model file
 * named by `search:belief=FILE` is read and checked by the lineup before anything runs (missing, cut short or altered:
 * one line, exit 2, no output written), its SHA-256 is part of the run's identity (the manifest), a resume with the
 * file changed is refused, and the games are the same from the same seed on one worker or two.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { oneLine, tempDir } from '../runner/helpers.js';
import { mjlabIn } from '../helpers/cli.js';
import { randomBeliefBytes } from './helpers.js';

describe('search:belief=FILE in a run', () => {
  const dir = tempDir('belief-search');
  const good = randomBeliefBytes(11);
  writeFileSync(join(dir, 'good.mjbelief'), good);
  writeFileSync(join(dir, 'cut.mjbelief'), good.subarray(0, 2000));
  const altered = Buffer.from(good);
  altered[3000]! ^= 8;
  writeFileSync(join(dir, 'altered.mjbelief'), altered);
  const sim = (lineup: string, out: string, more: string[] = []): ReturnType<typeof mjlabIn> =>
    mjlabIn(['simulate', '--rules', 'harr-limit', '--strategies', lineup, '--duplicate', '--games', '8', '--seed', '3', '--games-csv', '--out', join(dir, out), '--no-progress', ...(more.includes('--workers') ? [] : ['--workers', '1']), ...more], { cwd: dir });

  it('a missing, cut or altered model, or belief with infer, is refused in one line, exit 2, before anything runs', async () => {
    const cases: [string, RegExp][] = [
      ['search:budget=4:belief=none.mjbelief', /^mjlab: belief model file none\.mjbelief not found$/],
      ['search:budget=4:belief=cut.mjbelief', /^mjlab: belief model file cut\.mjbelief .*(cut short|length)/],
      ['search:budget=4:belief=altered.mjbelief', /^mjlab: belief model file altered\.mjbelief .*checksum/],
      ['search:budget=4:belief=good.mjbelief:infer=true', /^mjlab: .*belief and infer both choose how the worlds are dealt/],
    ];
    for (const [i, [entry, message]] of cases.entries()) {
      expect(oneLine(await sim(`${entry},harr,harr,harr`, `bad${i}`))).toMatch(message);
      expect(existsSync(join(dir, `bad${i}`)), entry).toBe(false);
    }
  });

  it("plays with the model's SHA-256 in the identity; a resume with the model changed is refused; one worker or two play the same games", async () => {
    const lineup = 'search:budget=8:belief=good.mjbelief,harr,harr,harr';
    const one = await sim(lineup, 'one');
    expect(one.status, one.stderr).toBe(0);
    const manifest = JSON.parse(readFileSync(join(dir, 'one', 'manifest.json'), 'utf8')) as { identity: { plugins?: Record<string, string> } };
    expect(manifest.identity.plugins).toEqual({ 'good.mjbelief': createHash('sha256').update(good).digest('hex') });
    const two = await sim(lineup, 'two', ['--workers', '2']);
    expect(two.status, two.stderr).toBe(0);
    const games = (d: string): string => readFileSync(join(dir, d, 'games.csv'), 'utf8');
    expect(games('two')).toBe(games('one'));
    // Today's search on the same walls plays otherwise: the belief's worlds were in play.
    const plain = await sim('search:budget=8,harr,harr,harr', 'plain');
    expect(plain.status, plain.stderr).toBe(0);
    expect(games('plain').replaceAll('search:budget=8', lineup.split(',')[0]!)).not.toBe(games('one'));
    // Another model in the same file: the run's games were played with the old one.
    writeFileSync(join(dir, 'good.mjbelief'), randomBeliefBytes(12));
    expect(oneLine(await sim(lineup, 'one', ['--resume']))).toMatch(/good\.mjbelief changed since .*checkpoint was written/);
  }, 300_000);
});
