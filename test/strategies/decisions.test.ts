/**
 * Single decisions on constructed views: each strategy's signature move (docs/rules.md "Playing advice"; Harr,
 * "suggestions for careful playing of hands"), and the harr-limit penalty rule (docs/rules.md harr-limit "Penalties").
 */
import { describe, expect, it } from 'vitest';
import type { Action, AgentInit, Strategy } from '../../src/agent/types.js';
import { makeStream } from '../../src/rng/streams.js';
import { ruleSet } from '../../src/rules/index.js';
import { applyParams } from '../../src/lineup/registry.js';
import { parseTiles, countsOf, type Tile } from '../../src/tiles/index.js';
import { shanten } from '../../src/hand/index.js';
import { greedy } from '../../strategies/greedy.js';
import { chowMixer } from '../../strategies/chow-mixer.js';
import { suitHunter } from '../../strategies/suit-hunter.js';
import { defender } from '../../strategies/defender.js';
import { harr } from '../../strategies/harr.js';
import { chow, makeView, pung } from './views.js';

const t = (s: string): Tile => parseTiles(s)[0]!;

function agent(s: Strategy, rules = 'harr', overrides: string[] = []) {
  const init: AgentInit = { seat: 0, players: 4, rules: ruleSet(rules), rng: makeStream(1, 0, 'seat:0'), params: applyParams(s, overrides, s.name) };
  return s.create(init);
}

describe('greedy', () => {
  it('declares Mah-Jongg when offered, on its turn and on a discard', () => {
    const win: Action = { type: 'mahjong' };
    const turn = makeView({ concealed: '123m456p789s11122z', legal: [{ type: 'discard', tile: t('1m') }, win] });
    expect(agent(greedy).act(turn)).toEqual(win);
    const claim = makeView({ phase: 'claim', concealed: '123m456p789s1112z', lastDiscard: { tile: t('2z'), by: 3 }, legal: [{ type: 'pass' }, win] });
    expect(agent(greedy).act(claim)).toEqual(win);
  });
  it('discards to the least shanten', () => {
    const v = makeView({ concealed: '123m456p789s11z2z5z7z' });
    const a = agent(greedy).act(v);
    expect(a.type).toBe('discard');
    const c = countsOf(v.concealed);
    const after = (x: Tile) => { const d = c.slice(); d[x]!--; return shanten(d, 0); };
    const best = Math.min(...[...new Set(v.concealed)].map(after));
    expect(after((a as { tile: Tile }).tile)).toBe(best);
  });
  it('claims a pung that brings the hand nearer, passes one that does not', () => {
    const legal: Action[] = [{ type: 'pass' }, { type: 'pung' }];
    const near = makeView({ phase: 'claim', concealed: '123m456p789s55z13z', lastDiscard: { tile: t('5z'), by: 2 }, legal });
    expect(agent(greedy).act(near).type).toBe('pung');
    // Already waiting on 5z as the pair / 1z: punging 1z breaks nothing but gains nothing (still waiting).
    const none = makeView({ phase: 'claim', concealed: '123m456p789s11z5z', lastDiscard: { tile: t('1z'), by: 2 }, legal });
    expect(agent(greedy).act(none).type).toBe('pass');
  });
});

describe('suit-hunter', () => {
  it('discards off-suit tiles while hunting a suit with pairs', () => {
    const v = makeView({ concealed: '11234578p5566p12m9s', discardCount: 2 });
    const a = agent(suitHunter).act(v) as { type: string; tile: Tile };
    expect(a.type).toBe('discard');
    expect(a.tile < 9 || (a.tile >= 18 && a.tile < 27)).toBe(true); // a character or bamboo, not dots
  });
  it('claims only tiles of its suit or honours', () => {
    const legal: Action[] = [{ type: 'pass' }, { type: 'pung' }];
    const off = makeView({ phase: 'claim', concealed: '1123455778p99m1z', discardCount: 3, lastDiscard: { tile: t('9m'), by: 2 }, legal });
    expect(agent(suitHunter).act(off).type).toBe('pass');
    const honour = makeView({ phase: 'claim', concealed: '1123455778p55z9m', discardCount: 3, lastDiscard: { tile: t('5z'), by: 2 }, legal });
    expect(agent(suitHunter).act(honour).type).toBe('pung');
  });
  it('gives the suit up when another player visibly collects it', () => {
    const melds = { 2: [pung(t('2p')), chow(t('5p'))] };
    const v = makeView({ concealed: '11234578p5566p12m9s', discardCount: 2, melds });
    const a = agent(suitHunter).act(v) as { type: string; tile: Tile };
    // No longer hunting dots: a lone bamboo or character is not forced out first; it plays for the quickest hand.
    const c = countsOf(v.concealed);
    const d = c.slice();
    d[a.tile]!--;
    expect(shanten(d, 0)).toBe(shanten(c, 0));
  });
});

describe('defender', () => {
  it('discards a dead tile when an opponent shows three exposed sets', () => {
    // Opponent at seat 2 has three sets out. 9s: the other three are in the discards (dead, cannot be punged).
    const melds = { 2: [pung(t('1z')), pung(t('6z')), chow(t('2m'))] };
    const v = makeView({ concealed: '1559m367p289s2347z', melds, discards: { 1: '9s9s', 3: '9s7z' } });
    const a = agent(defender).act(v) as { type: string; tile: Tile };
    expect(a).toEqual({ type: 'discard', tile: t('9s') });
  });
  it('plays normally (least shanten) with a good hand and no threat', () => {
    // One step from ready (shanten 1) is "good" with poorShanten=2.
    const v = makeView({ concealed: '123m456p789s11z2z5z7z', wallCount: 70, discardCount: 2 });
    const a = agent(defender, 'harr', ['poorShanten=2']).act(v) as { tile: Tile };
    const c = countsOf(v.concealed);
    const after = (x: Tile) => { const d = c.slice(); d[x]!--; return shanten(d, 0); };
    expect(after(a.tile)).toBe(Math.min(...[...new Set(v.concealed)].map(after)));
  });
  it('under harr-limit never gives the third dragon set to a player with two exposed', () => {
    // docs/rules.md harr-limit Penalties (3): two sets of dragons exposed, the discard gives the third.
    const melds = { 1: [pung(t('5z')), pung(t('6z'))] };
    const v = makeView({ rules: 'harr-limit', concealed: '123m456p789s11z7z9m', melds, wallCount: 70, discardCount: 2 });
    const a = agent(defender, 'harr-limit').act(v) as { tile: Tile };
    expect(a.tile).not.toBe(t('7z'));
  });
  it('under harr-limit never gives the fourth wind to a player with three wind sets exposed, and may give him anything else', () => {
    // docs/rules.md harr-limit Penalties (4), Harr II example 4: only the discard of the other wind is penalised
    // ("a discard to the other pair ... would not be penalized"). Shedding 1z would leave the hand ready.
    const melds = { 1: [pung(t('2z')), pung(t('3z')), pung(t('4z'))] };
    const v = makeView({ rules: 'harr-limit', concealed: '123m456p789s55p1z23s', melds, wallCount: 70, discardCount: 6 });
    const a = agent(defender, 'harr-limit').act(v) as { tile: Tile };
    expect(a.tile).not.toBe(t('1z'));
    expect(agent(defender, 'harr').act(makeView({ rules: 'harr', concealed: '123m456p789s55p1z23s', melds, wallCount: 70, discardCount: 6 }))).toEqual({ type: 'discard', tile: t('1z') });
  });
  it('passes claims while defending a poor hand', () => {
    const legal: Action[] = [{ type: 'pass' }, { type: 'pung' }];
    const v = makeView({ phase: 'claim', concealed: '159m19p19s123z66z', lastDiscard: { tile: t('6z'), by: 3 }, legal });
    expect(agent(defender).act(v).type).toBe('pass');
  });
});

describe('chow-mixer and harr', () => {
  it('chow-mixer takes a chow that brings the hand nearer', () => {
    const legal: Action[] = [{ type: 'pass' }, { type: 'chow', tile: t('3m') }];
    const v = makeView({ phase: 'claim', concealed: '45m789p123s11z59s7z', lastDiscard: { tile: t('3m'), by: 3 }, legal });
    expect(agent(chowMixer).act(v)).toEqual({ type: 'chow', tile: t('3m') });
  });
  it('harr washes with nine or more different heads when allowed, and not otherwise', () => {
    const legal: Action[] = [{ type: 'pass' }, { type: 'wash' }];
    const wash = makeView({ rules: 'harr-limit', phase: 'wash', concealed: '19m19p19s1234z58m', legal, discardCount: 0 });
    expect(agent(harr, 'harr-limit').act(wash).type).toBe('wash');
    expect(agent(harr, 'harr-limit', ['washMin=11']).act(wash).type).toBe('pass');
  });
  it('harr under harr-limit keeps a lone dragon that would give a penalised third dragon set', () => {
    // docs/rules.md harr-limit Penalties (3). The same hand under harr (no penalty) sheds the lone dragon first: the
    // quick plan sheds lone honours, so the guard, not the plan, keeps it.
    const melds = { 1: [pung(t('5z')), pung(t('6z'))] };
    const hand = { concealed: '123m456p789s55p7z19s', melds, wallCount: 70, discardCount: 2 };
    const free = agent(harr, 'harr').act(makeView({ rules: 'harr', ...hand })) as { type: string; tile: Tile };
    expect(free).toEqual({ type: 'discard', tile: t('7z') });
    const limited = agent(harr, 'harr-limit').act(makeView({ rules: 'harr-limit', ...hand })) as { type: string; tile: Tile };
    expect(limited.type).toBe('discard');
    expect(limited.tile).not.toBe(t('7z'));
  });
  it('harr plans all one suit from a suit with pairs and sheds the other suits first', () => {
    // Harr: "play a strong suit regardless of others"; pairs in the suit (11p, 55p) make the plan.
    const v = makeView({ concealed: '1123455789p2m8s4z7z', wallCount: 70, discardCount: 2 });
    const a = agent(harr).act(v) as { type: string; tile: Tile };
    expect(a.type).toBe('discard');
    expect([t('2m'), t('8s')]).toContain(a.tile);
  });
  it('harr hunts a suit on the unlimited thresholds under a --limit cap on harr, the stricter ones in harr-limit', () => {
    // Seven dots with two pairs: enough for minPairs 2 / minTiles 7, not for limitMinPairs 3 / limitMinTiles 9.
    const hand = { concealed: '1134557p269m378s4z', wallCount: 70, discardCount: 2 };
    const offSuit = [t('2m'), t('6m'), t('9m'), t('3s'), t('7s'), t('8s')];
    const capped = agent(harr, 'harr').act(makeView({ rules: 'harr', limit: 300, ...hand })) as { type: string; tile: Tile };
    expect(capped.type).toBe('discard');
    expect(offSuit).toContain(capped.tile);
    const book = agent(harr, 'harr-limit').act(makeView({ rules: 'harr-limit', ...hand })) as { type: string; tile: Tile };
    expect(book).toEqual({ type: 'discard', tile: t('4z') });
  });
  it('parameters are validated by the registry', () => {
    expect(() => applyParams(suitHunter, ['minPair=2'], 'suit-hunter:minPair=2')).toThrow(/no parameter "minPair"/);
    expect(applyParams(suitHunter, ['minPairs=3'], 'x').minPairs).toBe(3);
  });
});
