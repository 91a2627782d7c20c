/**
 * Settlement (docs/rules.md "harr" Settling and the four layouts of Harr Part I "Illustrations of score
 * settling", errata applied: East 480 not 608, West 272 not 400; West 2562 not 2816; 368 / 184 not 304 / 152).
 */
import { describe, expect, it } from 'vitest';
import { ruleSet } from '../../src/rules/index.js';
import { settle } from '../../src/scoring/index.js';

const harr = ruleSet('harr');
// Seats indexed E S W N, East at 0.
const sum = (a: number[]) => a.reduce((x, y) => x + y, 0);

describe('Harr Part I settlement layouts', () => {
  it('layout 1: East Mah-Jonggs with 480 (errata), West 272 (errata), South 64, North 16', () => {
    // East collects 960 from each; West collects 208 from South and 256 from North; South 48 from North.
    const nets = settle(harr, { winner: 0, scores: [480, 64, 272, 16], east: 0, limit: null });
    expect(nets).toEqual([2880, -960 - 208 + 48, -960 + 208 + 256, -960 - 256 - 48]);
    expect(sum(nets)).toBe(0);
  });

  it('layout 2: North Mah-Jonggs with 22; West 2562 (errata), South 8, East 4', () => {
    // North: 44 from East, 22 from West and South. West: (2562-4)x2 from East, 2554 from South. South: 4x2 from East.
    const nets = settle(harr, { winner: 3, scores: [4, 8, 2562, 22], east: 0, limit: null });
    expect(nets).toEqual([-44 - 5116 - 8, -22 - 2554 + 8, -22 + 5116 + 2554, 88]);
  });

  it('layout 3: North Mah-Jonggs with 416; West 64, South 10, East 56', () => {
    // "North Wind then takes 832 from East Wind, and 416 from West and South Winds. West Wind collects 54 from
    // South Wind and 16 from East Wind; East Wind then collects 46 doubled or 92 from South Wind."
    const nets = settle(harr, { winner: 3, scores: [56, 10, 64, 416], east: 0, limit: null });
    expect(nets).toEqual([-832 - 16 + 92, -416 - 54 - 92, -416 + 54 + 16, 1664]);
  });

  it('layout 4: North Mah-Jonggs with 184 (errata: 368 from East, 184 from West and South)', () => {
    // The book gives only the differences: East 16 over West, 32 over South; West 16 over South.
    const nets = settle(harr, { winner: 3, scores: [40, 8, 24, 184], east: 0, limit: null });
    expect(nets).toEqual([-368 + 32 + 64, -184 - 64 - 16, -184 - 32 + 16, 736]);
  });
});

describe('settlement rules', () => {
  it('a drawn hand scores nothing except in code500, where all settle differences (East double)', () => {
    for (const id of ['harr', 'harr-limit', 'babcock']) {
      expect(settle(ruleSet(id), { winner: null, scores: [10, 20, 30, 40], east: 0, limit: null })).toEqual([0, 0, 0, 0]);
    }
    const nets = settle(ruleSet('code500'), { winner: null, scores: [10, 20, 30, 40], east: 1, limit: 500 });
    // East is seat 1 here: pairs with seat 1 are doubled.
    // Pairs: 0-1 10x2, 0-2 20, 0-3 30, 1-2 10x2, 1-3 20x2, 2-3 10.
    expect(nets).toEqual([-20 - 20 - 30, 20 - 20 - 40, 20 + 20 - 10, 30 + 40 + 10]);
    expect(sum(nets)).toBe(0);
  });

  it('harr-limit: the winner collects at most the limit (East double), differences capped at the limit', () => {
    const hl = ruleSet('harr-limit');
    expect(settle(hl, { winner: 1, scores: [0, 640, 0, 0], east: 0, limit: 300 })).toEqual([-600, 1200, -300, -300]);
    // Losers' difference 400 - 0 is capped at 300; double with East.
    const nets = settle(hl, { winner: 1, scores: [0, 20, 400, 0], east: 0, limit: 300 });
    expect(nets).toEqual([-40 - 600, 80, -20 + 600 + 300, -20 - 300]);
  });

  it('harr-limit penalty: the discarder pays all the losses, the others\' mutual settlement cancelled', () => {
    const hl = ruleSet('harr-limit');
    const nets = settle(hl, { winner: 2, scores: [50, 10, 100, 30], east: 0, limit: 300, payer: 3 });
    expect(nets).toEqual([0, 0, 400, -400]);
  });

  it('works for 3- and 2-player tables', () => {
    expect(settle(harr, { winner: 1, scores: [4, 22, 10], east: 0, limit: null })).toEqual([-44 - 12, 44 + 22, -22 + 12]);
    expect(settle(harr, { winner: 0, scores: [30, 100], east: 0, limit: null })).toEqual([60, -60]);
  });

  it('babcock: the limit applies to each hand\'s score', () => {
    const nets = settle(ruleSet('babcock'), { winner: 1, scores: [0, 500, 0, 0], east: 0, limit: 300 });
    expect(nets).toEqual([-600, 1200, -300, -300]);
  });
});
