/**
 * The shared predicates that turn one reading of a hand into points and doubles, driven by a rule set's table
 * (src/scoring/tables/). Numbers first; book-style lines only when a sink is passed, so the scorer can compare
 * every arrangement cheaply and describe only the best (docs/rules.md, each rule set's section).
 */
import { EAST, WHITE, GREEN, RED, isHead, FIRST_BONUS } from '../tiles/index.js';
import { isNineUnitedSons } from '../hand/special.js';
import type { ScoreContext, ScoreLine } from './types.js';
import type { LimitHandId, Pair2, ScoreTable, SetValues } from '../rules/index.js';
import { CHOW, KONG, type Candidate, type Facts, type Group } from './shape.js';

export interface Evaluation {
  points: number;
  doubles: number;
  /** A limit hand, or null. */
  limitHand: LimitHandId | null;
}

/** Group of a line, for the Harr-style printout (bonus items, subtotal, combinations, total, doublings). */
export type LineGroup = 'bonus' | 'set' | 'double' | 'limit';

export interface BookLine extends ScoreLine {
  readonly group: LineGroup;
}

const RANK_WORDS = ['ones', 'twos', 'threes', 'fours', 'fives', 'sixes', 'sevens', 'eights', 'nines'];
const DRAGON_WORDS: Record<number, string> = { [WHITE]: 'white dragons', [GREEN]: 'green dragons', [RED]: 'red dragons' };
const TIMES = ['', 'once', 'twice', 'three times', 'four times', 'five times', 'six times'];

function tileWord(t: number): string {
  return t < 27 ? RANK_WORDS[t % 9]! : t < WHITE ? 'winds' : 'dragons';
}

function groupLabel(g: Group): string {
  const n = g.kind === KONG ? 4 : 3;
  return `${n} ${tileWord(g.tile)} (${g.concealed ? 'concealed' : 'exposed'})`;
}

function times(n: number): string {
  return TIMES[n] ?? `${n} times`;
}

/** The rule key of a set's value: `table.sets.pungHead` and the like (src/rules/keys.ts). */
function setKey(winner: boolean, g: Group): string {
  const head = isHead(g.tile);
  return `table.${winner ? 'winnerSets' : 'sets'}.${g.kind === KONG ? (head ? 'kongHead' : 'kongSimple') : head ? 'pungHead' : 'pungSimple'}`;
}

/** The rule key of a pair's value (the first where two add up). */
function pairKey(t: ScoreTable, p: number, own: number, round: number): string {
  if (p >= WHITE) return 'table.pairDragon';
  if (p === own && p === round && t.pairOwnWindOwnRound !== null) return 'table.pairOwnWindOwnRound';
  return p === own ? 'table.pairOwnWind' : 'table.pairRoundWind';
}

function setValue(v: SetValues, g: Group): number {
  const head = isHead(g.tile);
  const row: Pair2 = g.kind === KONG ? (head ? v.kongHead : v.kongSimple) : head ? v.pungHead : v.pungSimple;
  return row[g.concealed ? 1 : 0];
}

function pairValue(t: ScoreTable, p: number, own: number, round: number): number {
  if (p >= WHITE) return t.pairDragon;
  if (p < EAST) return 0;
  const isOwn = p === own;
  const isRound = p === round;
  if (isOwn && isRound && t.pairOwnWindOwnRound !== null) return t.pairOwnWindOwnRound;
  return (isOwn ? t.pairOwnWind : 0) + (isRound ? t.pairRoundWind : 0);
}

function pairLabel(p: number, own: number, round: number): string {
  if (p >= WHITE) return '2 dragons';
  if (p === own && p === round) return '2 own wind in own wind round';
  return p === own ? '2 own wind' : "2 of the round's wind";
}

function isDrawn(ctx: ScoreContext): boolean {
  return ctx.win === 'self-draw' || ctx.win === 'loose-tile';
}

/** East going out on his dealt fourteen. */
export function isOriginalHand(ctx: ScoreContext): boolean {
  return ctx.seatWind === 0 && ctx.firstTurn && ctx.win === 'self-draw';
}

function limitHandOf(t: ScoreTable, c: Candidate, f: Facts, ctx: ScoreContext, melds: number): LimitHandId | null {
  const L = t.limitHands;
  if (c.special !== null) return c.special;
  if (L.includes('heaven') && isOriginalHand(ctx)) return 'heaven';
  if (L.includes('earth') && ctx.seatWind !== 0 && ctx.firstTurn) return 'earth';
  if (L.includes('nine-sons') && melds === 0 && isNineUnitedSons(f.all)) return 'nine-sons';
  if (L.includes('all-honours') && f.suitMask === 0) return 'all-honours';
  if (L.includes('all-terminals') && f.allHeads && !f.honours) return 'all-terminals';
  if (L.includes('heads-only') && f.allHeads) return 'heads-only';
  let winds = 0;
  let dragons = 0;
  let kongs = 0;
  let windMask = 0;
  for (const g of c.groups) {
    if (g.kind === KONG) kongs++;
    if (g.kind === CHOW) continue;
    if (g.tile >= WHITE) dragons++;
    else if (g.tile >= EAST) {
      winds++;
      windMask |= 1 << (g.tile - EAST);
    }
  }
  if (L.includes('four-winds') && winds === 4) return 'four-winds';
  if (L.includes('three-winds-pair') && winds === 3 && c.pair >= EAST && c.pair < WHITE && !(windMask & (1 << (c.pair - EAST)))) {
    return 'three-winds-pair';
  }
  if (L.includes('four-kongs') && kongs === 4) return 'four-kongs';
  if (L.includes('three-dragons') && dragons === 3) return 'three-dragons';
  return null;
}

export const LIMIT_LABELS: Record<LimitHandId, string> = {
  heaven: "East's original hand, Gift from Heaven (limit hand)",
  earth: 'Gift from Earth (limit hand)',
  'thirteen-heads': 'Thirteen different heads with a pair (limit hand)',
  'heads-only': 'Sets of heads only (limit hand)',
  'four-winds': 'Four sets of winds (limit hand)',
  'three-winds-pair': 'Three sets of winds and a pair of the fourth (limit hand)',
  'four-kongs': 'Four kongs (limit hand)',
  'three-dragons': 'Three sets of dragons (limit hand)',
  'heavenly-twins': 'Heavenly Twins (limit hand)',
  'nine-sons': 'Nine United Sons (limit hand)',
  'all-honours': 'All honours (limit hand)',
  'all-terminals': 'All terminals (limit hand)',
};

/**
 * Points and doubles of one reading. `winning` is the Mah-Jongg tile, or -1 for a losing hand; `bonus` are the
 * exposed flowers and seasons; `sink`, when given, receives the book-style lines.
 */
export function evaluate(
  t: ScoreTable,
  c: Candidate,
  f: Facts,
  ctx: ScoreContext,
  winning: number,
  bonus: readonly number[],
  melds: number,
  sink: BookLine[] | null,
): Evaluation {
  const winner = winning >= 0;
  const own = EAST + ctx.seatWind;
  const round = ctx.prevailingWind === null ? -1 : EAST + ctx.prevailingWind;
  if (winner) {
    const lim = limitHandOf(t, c, f, ctx, melds);
    if (lim !== null) {
      if (sink) sink.push({ label: LIMIT_LABELS[lim], group: 'limit', rule: 'table.limitHands' });
      return { points: 0, doubles: 0, limitHand: lim };
    }
  }
  const claimed = ctx.win === 'discard' || ctx.win === 'robbing-kong';
  const original = winner && isOriginalHand(ctx);
  const sets = winner ? t.winnerSets : t.sets;
  let points = 0;
  let doubles = 0;
  let chows = 0;
  let kongs = 0;
  // Combinations first, bonus items after: the bonus list depends on them ("no other score").
  let setPoints = 0;
  const setLines: BookLine[] | null = sink ? [] : null;
  const dblLines: BookLine[] | null = sink ? [] : null;
  for (let i = 0; i < c.groups.length; i++) {
    const g = c.groups[i]!;
    if (g.kind === CHOW) {
      chows++;
      if (winner && i === c.winIdx && t.fillRun !== null) {
        const w = winning;
        const closed = w === g.tile + 1 || (w === g.tile + 2 && g.tile % 9 === 0) || (w === g.tile && g.tile % 9 === 6);
        const v = (closed ? t.fillRun.closed : t.fillRun.open)[claimed ? 0 : 1];
        if (v > 0) {
          setPoints += v;
          if (setLines) {
            const how = claimed ? 'by chow' : 'by draw';
            const where = w === g.tile + 1 ? 'in the middle' : closed ? 'on the only open end' : 'open at both ends';
            setLines.push({ label: `Filling a sequence ${where} ${how} to win`, points: v, group: 'set', rule: 'table.fillRun' });
          }
        }
      }
      continue;
    }
    if (g.kind === KONG) kongs++;
    const v = setValue(sets, g);
    setPoints += v;
    if (setLines && v > 0) setLines.push({ label: groupLabel(g), points: v, group: 'set', rule: setKey(winner, g) });
    let d = 0;
    if (g.tile >= WHITE) {
      d = t.dDragonSet;
      if (dblLines && d > 0) dblLines.push({ label: `Double ${times(d)} for ${DRAGON_WORDS[g.tile]}`, doubles: d, group: 'double', rule: 'table.dDragonSet' });
    } else if (g.tile >= EAST) {
      if (g.tile === own) {
        const dd = g.tile === round ? t.dOwnWindSetOwnRound : t.dOwnWindSet;
        d += dd;
        if (dblLines && dd > 0) {
          const what = g.tile === round && t.dRoundWindSet === 0 ? 'own wind in own wind round' : 'own wind';
          dblLines.push({ label: `Double ${times(dd)} for ${what}`, doubles: dd, group: 'double', rule: g.tile === round ? 'table.dOwnWindSetOwnRound' : 'table.dOwnWindSet' });
        }
      }
      if (g.tile === round && t.dRoundWindSet > 0) {
        d += t.dRoundWindSet;
        if (dblLines) dblLines.push({ label: `Double ${times(t.dRoundWindSet)} for prevailing wind`, doubles: t.dRoundWindSet, group: 'double', rule: 'table.dRoundWindSet' });
      }
    }
    doubles += d;
  }
  // Pairs.
  const pairsCount = winner || t.pairsScoreFor === 'all';
  if (winner && c.pair >= 0) {
    let v: number;
    let label: string;
    let rule = 'table.finalPair';
    if (t.finalPair !== null && c.winIdx === -1) {
      const fp = t.finalPair;
      const ownOwn = c.pair === own && c.pair === round;
      v = (ownOwn ? fp.ownWindOwnRound : isHead(c.pair) ? fp.head : fp.simple)[claimed ? 0 : 1];
      label = `Pair of ${ownOwn ? "own wind in own wind round" : isHead(c.pair) ? 'heads' : '2 to 8'} ${claimed ? 'punged' : 'drawn'} to complete hand`;
    } else {
      v = pairValue(t, c.pair, own, round);
      label = pairLabel(c.pair, own, round);
      rule = pairKey(t, c.pair, own, round);
    }
    setPoints += v;
    if (setLines && v > 0) setLines.push({ label, points: v, group: 'set', rule });
  } else if (pairsCount) {
    for (const p of c.pairs) {
      const v = pairValue(t, p, own, round);
      setPoints += v;
      if (setLines && v > 0) setLines.push({ label: pairLabel(p, own, round), points: v, group: 'set', rule: pairKey(t, p, own, round) });
    }
  }
  // Flowers and seasons (every hand).
  if (bonus.length > 0) {
    let flowers = 0;
    let seasons = 0;
    let ownCount = 0;
    for (const b of bonus) {
      if (b < FIRST_BONUS + 4) flowers++;
      else seasons++;
      if ((b - FIRST_BONUS) % 4 === ctx.seatWind) ownCount++;
    }
    if (t.flowerPoints > 0) {
      const v = t.flowerPoints * bonus.length;
      setPoints += v;
      if (setLines) setLines.push({ label: `${bonus.length} flowers and seasons`, points: v, group: 'set', rule: 'table.flowerPoints' });
    }
    // A bouquet's 4 doubles include the own-bonus double of that kind.
    let ownD = ownCount * t.dOwnBonus;
    let bouquetD = 0;
    if (t.dBouquet > 0) {
      if (flowers === 4) {
        bouquetD += t.dBouquet;
        if (bonus.includes(FIRST_BONUS + ctx.seatWind)) ownD -= t.dOwnBonus;
      }
      if (seasons === 4) {
        bouquetD += t.dBouquet;
        if (bonus.includes(FIRST_BONUS + 4 + ctx.seatWind)) ownD -= t.dOwnBonus;
      }
    }
    doubles += ownD + bouquetD;
    if (dblLines && ownD > 0) dblLines.push({ label: `Double ${times(ownD)} for own flower or season`, doubles: ownD, group: 'double', rule: 'table.dOwnBonus' });
    if (dblLines && bouquetD > 0) dblLines.push({ label: `Double ${times(bouquetD)} for bouquet`, doubles: bouquetD, group: 'double', rule: 'table.dBouquet' });
  }
  // Suit doubles.
  if (winner || t.suitDoublesFor === 'all') {
    let d = 0;
    let what = '';
    let rule = 'table.dAllHonours';
    if (f.suitMask === 0) {
      d = t.dAllHonours;
      what = 'all one suit (honours)';
    } else if ((f.suitMask & (f.suitMask - 1)) === 0) {
      if (f.honours) {
        d = t.dOneSuitHonours;
        what = 'all one suit except winds or dragons';
        rule = 'table.dOneSuitHonours';
      } else {
        d = t.dPureSuit;
        what = 'all one suit';
        rule = 'table.dPureSuit';
      }
    }
    doubles += d;
    if (dblLines && d > 0) dblLines.push({ label: `Double ${times(d)} for ${what}`, doubles: d, group: 'double', rule });
  }
  // Winner's bonus items and doubles.
  const bonusLines: BookLine[] | null = sink ? [] : null;
  let bonusPoints = 0;
  if (winner) {
    // Each item with its rule's key in the rule-set description (src/rules/keys.ts), for `score --explain`.
    const add = (v: number, label: string, rule: string): void => {
      if (v <= 0) return;
      bonusPoints += v;
      if (bonusLines) bonusLines.push({ label, points: v, group: 'bonus', rule });
    };
    const dbl = (d: number, label: string, rule: string): void => {
      if (d <= 0) return;
      doubles += d;
      if (dblLines) dblLines.push({ label: `Double ${times(d)} for ${label}`, doubles: d, group: 'double', rule });
    };
    add(t.mahjong, 'Mah-Jongg', 'table.mahjong');
    if (chows === 0) {
      if (!(t.noSequencesNotForFourKongs && kongs === 4)) add(t.noSequences, 'No sequence', 'table.noSequences');
      dbl(t.dNoSequences, 'no sequences', 'table.dNoSequences');
    }
    if (chows === 4) add(t.allChows, 'All chows', 'table.allChows');
    if (ctx.win === 'loose-tile') add(t.looseTile, 'Winning on loose tile draw', 'table.looseTile');
    if (!original && (ctx.win === 'self-draw' || (ctx.win === 'loose-tile' && t.drawnIncludesLoose))) {
      add(t.drawn, 'Drawing winning piece', 'table.drawn');
    }
    if (!original && f.waits === 1) add(t.onlyPlace, 'Filling only place to win', 'table.onlyPlace');
    if (ctx.win === 'robbing-kong') {
      add(t.robbingKong, 'Robbing the kong', 'table.robbingKong');
      dbl(t.dRobbingKong, 'robbing the kong', 'table.dRobbingKong');
    }
    if (ctx.lastTile && isDrawn(ctx)) {
      add(t.lastTile, 'Mah-Jongg on the last tile drawn', 'table.lastTile');
      dbl(t.dLastTile, 'winning on the last tile of the wall', 'table.dLastTile');
    }
    if (ctx.lastOfKind === true && f.waits === 1) add(t.lastOfKind, 'Mah-Jongg on the last possible tile', 'table.lastOfKind');
    if (ctx.win === 'loose-tile') dbl(t.dLooseTile, 'winning on a loose tile', 'table.dLooseTile');
    if (f.noExposed && (ctx.win === 'self-draw' || ctx.win === 'loose-tile')) dbl(t.dTotallyConcealed, 'totally concealed hand', 'table.dTotallyConcealed');
    if (f.allHeads && f.honours && f.suitMask !== 0) dbl(t.dTerminalsHonours, 'all terminals and honours', 'table.dTerminalsHonours');
    if (kongs === 4) dbl(t.dAllKongs, 'all kongs', 'table.dAllKongs');
    if (original) dbl(t.dOriginalHand, 'winning on original hand', 'table.dOriginalHand');
    // "No other score than Mah-Jongg": the Mah-Jongg points are the whole score before doubling.
    if (bonusPoints === t.mahjong && setPoints === 0) add(t.noOtherScore, 'No other score than Mah-Jongg', 'table.noOtherScore');
  }
  points = bonusPoints + setPoints;
  if (sink) sink.push(...bonusLines!, ...setLines!, ...dblLines!);
  return { points, doubles, limitHand: null };
}
