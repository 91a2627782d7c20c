/**
 * The committed policy model (src/infer/model.ts) is what its fit makes (docs/strategies.md, "Reading the table"): a fit on fewer hands of
 * the same self-play lands near it, so the constants are not typed in by hand and a change to the fit shows here.
 */
import { describe, expect, it } from 'vitest';
import { fitPolicyModel } from '../../experiments/fits/inference-fit.js';
import { POLICY_MODEL, FIT_HANDS } from '../../src/infer/model.js';

describe('the policy model', () => {
  it('a fit on a tenth of the hands lands near the committed constants', () => {
    const m = fitPolicyModel(Math.round(FIT_HANDS / 10));
    expect(m.tau).toBeGreaterThanOrEqual(POLICY_MODEL.tau / 2);
    expect(m.tau).toBeLessThanOrEqual(POLICY_MODEL.tau * 2);
    expect(Math.abs(m.decay - POLICY_MODEL.decay)).toBeLessThan(0.1);
    // harr's own ranking, shanten first, fits its newest discard better than the shape value alone (beta 0).
    expect(m.beta).toBeGreaterThan(0);
    expect(POLICY_MODEL.beta).toBeGreaterThan(0);
    expect(m.beta).toBeGreaterThanOrEqual(POLICY_MODEL.beta / 4);
    expect(m.beta).toBeLessThanOrEqual(POLICY_MODEL.beta * 4);
    // A tile let pass is less likely to complete the hand, or to be held twice, than another tile discarded.
    expect(m.passWin).toBeLessThan(0);
    expect(POLICY_MODEL.passWin).toBeLessThan(0);
    expect(Math.abs(m.passWin - POLICY_MODEL.passWin)).toBeLessThan(0.6);
    // Read in the order of play, and only where the rules let it be claimed, a winning tile is almost never let
    // pass (harr always takes a Mah-Jongg it may): far below the seating order's reading (about -1).
    expect(m.passWin).toBeLessThan(-3);
    expect(m.passPair).toBeLessThan(0);
    // The prior still favours hands nearer complete than the record alone deals them, in mid-hand with no set
    // declared (a cell thick with samples), by about what the committed fit says.
    const cell = m.shantenPrior['harr-limit'][0]![2]!;
    expect(cell[0]!).toBeGreaterThan(cell[3]!);
    expect(Math.abs(cell[0]! - POLICY_MODEL.shantenPrior['harr-limit'][0]![2]![0]!)).toBeLessThan(1);
    // Each rule set its own prior: harr (no limit) hands with no set declared stay farther from complete in mid-hand.
    // (at shanten 3, 8 to 11 discards, no set declared: log ratio -0.28 under harr against -1.54 under babcock).
    expect(m.shantenPrior.harr[0]![2]![3]!).toBeGreaterThan(m.shantenPrior.babcock[0]![2]![3]! + 0.5);
  }, 120_000);
});
