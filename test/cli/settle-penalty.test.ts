/**
 * `mjlab settle --penalty SEAT` (docs/notation.md "Settling on the command line"; docs/rules.md harr-limit
 * "Penalties"): the discarder of a penalised win pays the other losers' shares and their mutual settlement is
 * cancelled. Harr's penalty examples, played by the engine (test/engine/penalty-examples.ts), settle from the command
 * line to the engine's nets; rule sets without the penalty refuse the option in one line, exit status 2.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { mjlab } from '../runner/helpers.js';
import { example1, example4 } from '../engine/penalty-examples.js';
import type { HandResult } from '../../src/engine/types.js';

const WINDS = ['E', 'S', 'W', 'N'];
const scoresOf = (h: HandResult) => h.scores.map((s, i) => `${WINDS[i]}=${s}`).join(',');
const netsOf = (h: HandResult) => Object.fromEntries(h.nets.map((n, i) => [WINDS[i], n]));

async function settle(args: string[]): Promise<Record<string, number>> {
  const r = await runCli(['settle', '--rules', 'harr-limit', ...args, '--json']);
  expect(r.err).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.out) as Record<string, number>;
}

describe('mjlab settle --penalty', () => {
  it('the discarder pays what the winner collects from everyone; the others pay and collect nothing', async () => {
    // Without the penalty West collects 50 from South and North, 100 from East, and the losers settle among
    // themselves (South pays East 60 and North 20, North pays East 20).
    expect(await settle(['--winner', 'W', '--scores', 'E=40,S=10,W=50,N=30'])).toEqual({ E: -100 + 60 + 20, S: -50 - 60 - 20, W: 200, N: -50 + 20 - 20 });
    expect(await settle(['--winner', 'W', '--scores', 'E=40,S=10,W=50,N=30', '--penalty', 'S'])).toEqual({ E: 0, S: -200, W: 200, N: 0 });
    expect(await settle(['--winner', 'S', '--scores', 'E=40,S=10,W=50', '--penalty', 'e'])).toEqual({ E: -30, S: 30, W: 0 });
  });

  it("Harr's example 4: East's discard of the fourth wind; the discard to the other pair settles normally", async () => {
    const wind = example4('1z');
    expect(wind.penaltyPayer).toBe(0);
    expect(await settle(['--winner', 'W', '--scores', scoresOf(wind), '--penalty', 'E'])).toEqual(netsOf(wind));
    expect(netsOf(wind)).toEqual({ E: -1200, S: 0, W: 1200, N: 0 }); // four sets of winds: the limit, East double
    // docs/notation.md's example: the winner's hand from `mjlab score`, the losers' scores counting for nothing.
    const r = await runCli(['score', '--rules', 'harr-limit', '--seat', 'W', '--round', 'E', '--win', 'discard', '--json', '1z1z 3s3s [222z] [333z] [444z] +1z']);
    expect(JSON.parse(r.out)).toMatchObject({ score: 300, limit: true });
    expect(await settle(['--winner', 'W', '--scores', 'E=16,S=8,W=300,N=16', '--penalty', 'E'])).toEqual(netsOf(wind));
    const pair = example4('3s');
    expect(await settle(['--winner', 'W', '--scores', scoresOf(pair)])).toEqual(netsOf(pair));
  });

  it("Harr's example 1: East penalised waiting on West wind; excused waiting on his own wind in his own round", async () => {
    const penalised = example1('3z');
    expect(penalised.penaltyPayer).toBe(0);
    expect(await settle(['--winner', 'W', '--scores', scoresOf(penalised), '--penalty', 'E'])).toEqual(netsOf(penalised));
    const excused = example1('1z');
    expect(await settle(['--winner', 'W', '--scores', scoresOf(excused)])).toEqual(netsOf(excused));
  });

  it('is in --help', async () => {
    expect(mjlab(['settle', '--help']).stdout).toMatch(/^ {2}--penalty +E\|S\|W\|N: harr-limit penalty, this discarder pays for all losers +\[string\]$/m);
  });

  it.each([
    [['--rules', 'harr', '--winner', 'W', '--scores', 'E=40,S=10,W=50,N=30', '--penalty', 'S'], /--penalty: harr has no discarder-pays-all penalty \(only harr-limit has\)/],
    [['--rules', 'babcock', '--winner', 'W', '--scores', 'E=40,S=10,W=50,N=30', '--penalty', 'S'], /--penalty: babcock has no discarder-pays-all penalty/],
    [['--rules', 'code500', '--winner', 'W', '--scores', 'E=40,S=10,W=50,N=30', '--penalty', 'S'], /--penalty: code500 has no discarder-pays-all penalty/],
    [['--rules', 'harr-limit', '--winner', 'W', '--scores', 'E=40,S=10,W=50,N=30', '--penalty', 'W'], /--penalty W is the winner/],
    [['--rules', 'harr-limit', '--winner', 'W', '--scores', 'E=40,S=10,W=50', '--penalty', 'N'], /--penalty N has no score in --scores/],
    [['--rules', 'harr-limit', '--winner', 'none', '--scores', 'E=40,S=10,W=50,N=30', '--penalty', 'S'], /--penalty needs a winner/],
    [['--rules', 'harr-limit', '--winner', 'W', '--scores', 'E=40,S=10,W=50,N=30', '--penalty', 'X'], /--penalty must be E, S, W or N/],
  ])('refused in one line, exit 2: %j', async (args, pattern) => {
    const r = await runCli(['settle', ...args]);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err.trim().split('\n')).toHaveLength(1);
    expect(r.err).toMatch(pattern);
  });
});
