// Notation per docs/notation.md.
import { describe, expect, it } from 'vitest';
import { formatHand, formatTiles, parseHand, parseTiles, tileCode, isHead, WHITE, RED } from '../../src/tiles/index.js';
import { UserError } from '../../src/errors.js';

describe('tile notation (docs/notation.md)', () => {
  it('digits before one letter share it', () => {
    expect(parseTiles('123m')).toEqual([0, 1, 2]);
    expect(parseTiles('5577z')).toEqual([WHITE, WHITE, RED, RED]);
    expect(formatTiles(parseTiles('9p 1m 5z 2f'))).toBe('1m9p5z2f');
  });
  it('round-trips every tile code', () => {
    for (let t = 0; t < 42; t++) expect(parseTiles(tileCode(t))).toEqual([t]);
  });
  it('heads are terminals and honours', () => {
    expect(parseTiles('19m19p19s1234567z').every(isHead)).toBe(true);
    expect(parseTiles('2345678m').some(isHead)).toBe(false);
  });
  it('parses Harr example 4 as written in docs/notation.md', () => {
    const h = parseHand('66p 77m [222s] [777z] [333m] +6p');
    expect(h.concealed).toEqual(parseTiles('66p77m'));
    expect(h.melds.map((m) => m.type)).toEqual(['pung', 'pung', 'pung']);
    expect(h.winning).toBe(parseTiles('6p')[0]);
    expect(formatHand(h)).toBe('77m66p [222s] [777z] [333m] +6p');
  });
  it('reads concealed kongs, bonus tiles and runs', () => {
    const h = parseHand('(1111z) [345s] 1f 6f 55p');
    expect(h.melds).toEqual([
      { type: 'kong', tile: 27, concealed: true },
      { type: 'chow', tile: 20, concealed: false },
    ]);
    expect(h.bonus).toEqual([34, 39]);
  });
  it.each([
    ['12x', /unknown character/],
    ['123', /without a suit letter/],
    ['8z', /unreadable tile "8z"/],
    ['[124m]', /not a pung, kong or run/],
    ['11111m', /more than 4 of tile 1m/],
    ['1f 1f', /more than 1 of tile 1f/],
    ['(111m)', /only a kong/],
  ])('rejects %s with a message naming the problem', (text, msg) => {
    expect(() => parseHand(text)).toThrow(UserError);
    expect(() => parseHand(text)).toThrow(msg);
  });
});
