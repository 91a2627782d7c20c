/**
 * Harr 1922, Part I, "Example of hands and how they are scored", examples 1–20, errata applied
 * (Harr I and its score card (docs/rules.md "The books"); docs/rules.md "harr").
 * The book gives the breakdown only; each test builds a concrete hand that realises it and checks every line
 * (order-free), the points before doubling, the doubles and the final score.
 */
import { describe, expect, it } from 'vitest';
import { score, summary, E, S, W, N, type Opts } from './helpers.js';

function check(hand: string, o: Opts, lines: string[], points: number, doubles: number, final: number) {
  const r = score('harr', hand, o);
  expect([...summary(r)].sort()).toEqual([...lines].sort());
  expect([r.points, r.doubles, r.score, r.limit]).toEqual([points, doubles, final, false]);
  return r;
}

describe('harr Part I examples', () => {
  it('example 1: punged the 2 dot to complete; 20 + 3 twos exposed 2 = 22', () => {
    // 22p/55m double-pair wait: two kinds win, so no "only place".
    const r = check('123m 456s 789s 22p 55m +2p', { seat: S }, ['Mah-Jongg=20', '3 twos (exposed)=2'], 22, 0, 22);
    expect(r.pattern).toBe('mixed');
  });

  it('example 2: chowed the 1 character; Mah-Jongg 20 + no other score 10 = 30', () => {
    // 23m waits on 1m or 4m: not the only place.
    check('23m 456s 789s 123p 55m +1m', { seat: S }, ['Mah-Jongg=20', 'No other score than Mah-Jongg=10'], 30, 0, 30);
  });

  it('example 3 (errata: +2 for the pair of dragons): 34 + 16 + 2 = 52', () => {
    check(
      '111m 333p 5z [555s] [444m] +5z',
      { seat: S, win: 'self-draw' },
      [
        'Mah-Jongg=20',
        'No sequence=10',
        'Drawing winning piece=2',
        'Filling only place to win=2',
        '3 ones (concealed)=8',
        '3 threes (concealed)=4',
        '3 fives (exposed)=2',
        '3 fours (exposed)=2',
        '2 dragons=2',
      ],
      52,
      0,
      52,
    );
  });

  it('example 4: North draws the winning 6 dot; 44 doubled for red dragons = 88', () => {
    check(
      '66p 77m [222s] [777z] [333m] +6p',
      { seat: N, win: 'self-draw' },
      [
        'Mah-Jongg=20',
        'No sequence=10',
        'Drawing winning piece=2',
        '3 sixes (concealed)=4',
        '3 twos (exposed)=2',
        '3 dragons (exposed)=4',
        '3 threes (exposed)=2',
        'Double once for red dragons x1',
      ],
      44,
      1,
      88,
    );
  });

  it('example 5: 48, green dragons and one suit with honours = 192', () => {
    const r = check(
      '5m [222m] [999m] [111m] [666z] +5m',
      { seat: S, win: 'self-draw' },
      [
        'Mah-Jongg=20',
        'No sequence=10',
        'Drawing winning piece=2',
        'Filling only place to win=2',
        '3 twos (exposed)=2',
        '3 nines (exposed)=4',
        '3 ones (exposed)=4',
        '3 dragons (exposed)=4',
        'Double once for green dragons x1',
        'Double once for all one suit except winds or dragons x1',
      ],
      48,
      2,
      192,
    );
    expect(r.pattern).toBe('one-suit-honours');
  });

  it('example 6: 80, all one suit three times = 640', () => {
    const r = check(
      '111s 444s 8s (9999s) [777s] +8s',
      { seat: S, win: 'self-draw' },
      [
        'Mah-Jongg=20',
        'No sequence=10',
        'Drawing winning piece=2',
        'Filling only place to win=2',
        '4 nines (concealed)=32',
        '3 sevens (exposed)=2',
        '3 fours (concealed)=4',
        '3 ones (concealed)=8',
        'Double three times for all one suit x3',
      ],
      80,
      3,
      640,
    );
    expect(r.pattern).toBe('pure');
  });

  it('example 7 (errata: the punged dragons exposed): nearest realisable hand, 86 x 64 = 5504', () => {
    // Errata: "the three Dragons completed by a pung should be exposed", so they score 4, not 8 (86, not 90).
    // docs/rules.md: the illustration is a single wait yet lists no "only place"; this hand waits on green dragons or
    // West (two kinds), which realises the book's bonus lines (Mah-Jongg, no sequence) exactly.
    const lines = [
      'Mah-Jongg=20',
      'No sequence=10',
      '4 dragons (concealed)=32',
      '4 winds (exposed)=16',
      '3 dragons (exposed)=4',
      '3 dragons (exposed)=4',
      'Double three times for all one suit (honours) x3',
      'Double once for white dragons x1',
      'Double once for red dragons x1',
      'Double once for green dragons x1',
    ];
    const r = check('(5555z) [1111z] [777z] 66z 33z +6z', { seat: N }, lines, 86, 6, 5504);
    expect(r.pattern).toBe('all-honours');
    // "If this hand is held by the East Wind he may double again for having a set of his own wind."
    check('(5555z) [1111z] [777z] 66z 33z +6z', { seat: E }, [...lines, 'Double once for own wind x1'], 86, 7, 11008);
  });

  it('example 8: nearest realisable hand realising 46, white and green dragons = 184', () => {
    // docs/rules.md: the illustration is a single wait without the "only place" bonus. Here the eights are punged
    // from a double-pair wait (8s or 3m), so the breakdown is the book's line for line.
    check(
      '555z 88s 33m [666z] [444p] +8s',
      { seat: S },
      [
        'Mah-Jongg=20',
        'No sequence=10',
        '3 dragons (exposed)=4',
        '3 fours (exposed)=2',
        '3 eights (exposed)=2',
        '3 dragons (concealed)=8',
        'Double once for white dragons x1',
        'Double once for green dragons x1',
      ],
      46,
      2,
      184,
    );
  });

  it('example 9: all runs, no other score; 30 three times doubled = 240 (a 6 character would have won also)', () => {
    check(
      '123m 345m 78m 99m [456m] +9m',
      { seat: S },
      ['Mah-Jongg=20', 'No other score than Mah-Jongg=10', 'Double three times for all one suit x3'],
      30,
      3,
      240,
    );
  });

  it('example 10: loose-tile win with four kongs, 124, red and green = 496', () => {
    check(
      '(1111m) [9999p] [7777z] [6666z] 5m +5m',
      { seat: S, win: 'loose-tile' },
      [
        'Mah-Jongg=20',
        'No sequence=10',
        'Winning on loose tile draw=10',
        'Drawing winning piece=2',
        'Filling only place to win=2',
        '4 nines (exposed)=16',
        '4 ones (concealed)=32',
        '4 dragons (exposed)=16',
        '4 dragons (exposed)=16',
        'Double once for red dragons x1',
        'Double once for green dragons x1',
      ],
      124,
      2,
      496,
    );
  });

  it('example 11: North, all concealed, 60; one suit with honours, red, own wind = 480', () => {
    check(
      '444z 777z 222p 99p 55p +9p',
      { seat: N, win: 'self-draw' },
      [
        'Mah-Jongg=20',
        'No sequence=10',
        'Drawing winning piece=2',
        '3 winds (concealed)=8',
        '3 dragons (concealed)=8',
        '3 twos (concealed)=4',
        '3 nines (concealed)=8',
        'Double once for all one suit except winds or dragons x1',
        'Double once for red dragons x1',
        'Double once for own wind x1',
      ],
      60,
      3,
      480,
    );
  });

  it('example 12: 28 with a pair of red dragons; one suit with honours = 56', () => {
    check(
      '123s 67s 77z [555s] [333z] +8s',
      { seat: E },
      [
        'Mah-Jongg=20',
        '3 fives (exposed)=2',
        '3 winds (exposed)=4',
        '2 dragons=2',
        'Double once for all one suit except winds or dragons x1',
      ],
      28,
      1,
      56,
    );
  });

  it('example 13: East; nearest realisable hand, 46 doubled three times = 368 (book: 48, 384)', () => {
    // docs/rules.md "Harr's examples that contradict the score card": the book scores the exposed dragon pung 8 and
    // gives its single wait no "only place". With all four sets exposed the pair is the only wait, so the score
    // card gives 2 for it and the exposed dragons score 4: 20 + 10 + 2 + 4 + 4 + 2 + 4 = 46.
    check(
      '5m [111z] [111m] [444m] [777z] +5m',
      { seat: E },
      [
        'Mah-Jongg=20',
        'No sequence=10',
        'Filling only place to win=2',
        '3 winds (exposed)=4',
        '3 ones (exposed)=4',
        '3 fours (exposed)=2',
        '3 dragons (exposed)=4',
        'Double once for all one suit except winds or dragons x1',
        'Double once for red dragons x1',
        'Double once for own wind x1',
      ],
      46,
      3,
      368,
    );
  });

  it('example 14 (errata: +2 for the pair of dragons): West, 86, all honours and own wind = 1376', () => {
    check(
      '111z 22z 55z (4444z) [333z] +2z',
      { seat: W, win: 'self-draw' },
      [
        'Mah-Jongg=20',
        'No sequence=10',
        'Drawing winning piece=2',
        '3 winds (concealed)=8',
        '3 winds (concealed)=8',
        '4 winds (concealed)=32',
        '3 winds (exposed)=4',
        '2 dragons=2',
        'Double three times for all one suit (honours) x3',
        'Double once for own wind x1',
      ],
      86,
      4,
      1376,
    );
  });

  it('example 15: East, four kongs of one suit, 112 three times doubled = 896 (East collects 1792)', () => {
    check(
      '(1111p) (9999p) [4444p] [7777p] 5p +5p',
      { seat: E },
      [
        'Mah-Jongg=20',
        'No sequence=10',
        'Filling only place to win=2',
        '4 ones (concealed)=32',
        '4 nines (concealed)=32',
        '4 fours (exposed)=8',
        '4 sevens (exposed)=8',
        'Double three times for all one suit x3',
      ],
      112,
      3,
      896,
    );
  });

  it("example 16: East's original hand, 32, three times and red dragons = 512 (East collects 1024)", () => {
    // docs/rules.md "Original hand": no bonus for drawing or for the only place.
    check(
      '444s 777z 123m 99m 78s +9s',
      { seat: E, win: 'self-draw', firstTurn: true },
      [
        'Mah-Jongg=20',
        '3 fours (concealed)=4',
        '3 dragons (concealed)=8',
        'Double three times for winning on original hand x3',
        'Double once for red dragons x1',
      ],
      32,
      4,
      512,
    );
  });

  it('example 17: South fills the middle by draw, 70, one suit with honours = 140', () => {
    check(
      '111m 444m 13m 22z (4444z) +2m',
      { seat: S, win: 'self-draw' },
      [
        'Mah-Jongg=20',
        'Drawing winning piece=2',
        'Filling only place to win=2',
        '3 ones (concealed)=8',
        '3 fours (concealed)=4',
        '4 winds (concealed)=32',
        '2 own wind=2',
        'Double once for all one suit except winds or dragons x1',
      ],
      70,
      1,
      140,
    );
  });

  it('example 18 (errata: the punged dragons exposed, 4 not 8): North, 114, green dragons = 228', () => {
    check(
      '(1111m) [9999p] (9999s) 66z 55p +6z',
      { seat: N },
      [
        'Mah-Jongg=20',
        'No sequence=10',
        '4 ones (concealed)=32',
        '4 nines (exposed)=16',
        '4 nines (concealed)=32',
        '3 dragons (exposed)=4',
        'Double once for green dragons x1',
      ],
      114,
      1,
      228,
    );
  });

  it('example 19: West, 32; one suit with honours, white dragons, own wind = 256', () => {
    check(
      '333z 23p 456p 99p [555z] +4p',
      { seat: W },
      [
        'Mah-Jongg=20',
        '3 winds (concealed)=8',
        '3 dragons (exposed)=4',
        'Double once for all one suit except winds or dragons x1',
        'Double once for white dragons x1',
        'Double once for own wind x1',
      ],
      32,
      3,
      256,
    );
  });

  it('example 20: East, four concealed kongs of honours on a loose tile, 172 doubled seven times = 22016', () => {
    check(
      '(5555z) (6666z) (7777z) (1111z) 2z +2z',
      { seat: E, win: 'loose-tile' },
      [
        'Mah-Jongg=20',
        'No sequence=10',
        'Winning on loose tile draw=10',
        'Drawing winning piece=2',
        'Filling only place to win=2',
        '4 dragons (concealed)=32',
        '4 dragons (concealed)=32',
        '4 dragons (concealed)=32',
        '4 winds (concealed)=32',
        'Double three times for all one suit (honours) x3',
        'Double once for green dragons x1',
        'Double once for white dragons x1',
        'Double once for red dragons x1',
        'Double once for own wind x1',
      ],
      172,
      7,
      22016,
    );
  });
});
