/**
 * harr-limit's discarder-pays-all penalty as the book has it (docs/rules.md harr-limit "Penalties"; Harr Part II,
 * "Penalties" 2): condition 4 and example 4 (only the discard of the fourth wind is penalised, not one to the other
 * pair), and the second excuse with example 1's hand (the discarder "was waiting for the winning tile which would
 * give him more than two doubling honors"). The hands are in penalty-examples.ts; West (seat 2) wins on East's discard.
 */
import { describe, expect, it } from 'vitest';
import { example1, example4 } from './penalty-examples.js';

describe('condition 4 (Harr II "Penalties" 2.4 and example 4): three sets of winds exposed, the discard of the other wind', () => {
  it('the discard of the fourth wind (East) is penalised, East paying for all; a discard to the other pair (3s) is not', () => {
    const wind = example4('1z');
    expect(wind).toMatchObject({ winner: 2, winBy: 'discard', discarder: 0, penaltyPayer: 0 });
    expect(wind.nets[1]).toBe(0);
    expect(wind.nets[3]).toBe(0);
    const pair = example4('3s');
    expect(pair).toMatchObject({ winner: 2, winBy: 'discard', discarder: 0, penaltyPayer: null });
    expect(pair.nets[1]).toBeLessThan(0);
    expect(pair.nets[3]).toBeLessThan(0);
  });
});

describe('the second excuse (Harr II "Penalties" 2 and example 1): waiting for a tile that would give more than two doubling honours', () => {
  it('East, with one set of dragons, waits on his own wind, which in the East round doubles twice: excused', () => {
    // Waiting on 1z: three doubles (white dragons once, own wind in own wind round twice); with only one complete
    // doubling honour the first excuse does not apply.
    const own = example1('1z');
    expect(own).toMatchObject({ winner: 2, winBy: 'discard', discarder: 0, penaltyPayer: null });
    expect(own.nets[1]).toBeLessThan(0);
    // The same hand waiting on West wind instead (two doubles at most) is penalised.
    const west = example1('3z');
    expect(west).toMatchObject({ winner: 2, winBy: 'discard', discarder: 0, penaltyPayer: 0 });
    expect(west.nets[1]).toBe(0);
  });
});
