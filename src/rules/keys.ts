/**
 * Every rule a variant file may set (docs/rules.md "Variants"), one row per key: its path in the rule-set
 * description (procedure.ts, tables/<ruleset>.ts), the values allowed, what it is, and where each book says it.
 * `mjlab rules show|diff`, `score --explain`, `settle --explain` and the variant loader (variant.ts) read this table;
 * nothing else names the keys.
 */
import type { RuleSetId } from './types.js';

/** The values a key allows. */
export type KeyKind =
  | { readonly kind: 'int'; readonly min: number; readonly max: number; readonly nullable?: boolean }
  | { readonly kind: 'bool' }
  | { readonly kind: 'enum'; readonly values: readonly (string | null)[] }
  | { readonly kind: 'pair'; readonly max: number }
  | { readonly kind: 'ints'; readonly length: number; readonly max: number }
  | { readonly kind: 'pairs'; readonly fields: readonly string[]; readonly max: number }
  | { readonly kind: 'list'; readonly values: readonly string[] };

/** Where the books say it: a group of rules shares one passage per book (SOURCES). */
export type SourceGroup =
  | 'players' | 'limit' | 'tiles' | 'wind' | 'wall' | 'claims' | 'kongs' | 'washing' | 'drawn' | 'match' | 'first-turn'
  | 'penalty' | 'settle' | 'sets' | 'bonus' | 'doubles' | 'limit-hands';

export interface RuleKey {
  /** Dotted path in the rule-set description: `limit`, `table.mahjong`, `table.sets.pungSimple`. */
  readonly key: string;
  readonly allowed: KeyKind;
  readonly group: SourceGroup;
  /** What the rule is, in a few words. */
  readonly what: string;
}

const SCORE = 1000;
const int = (max = SCORE, min = 0): KeyKind => ({ kind: 'int', min, max });
const doubles = int(8);
const bool: KeyKind = { kind: 'bool' };
const pair: KeyKind = { kind: 'pair', max: SCORE };
const SET_KEYS = ['pungSimple', 'pungHead', 'kongSimple', 'kongHead'] as const;
const SET_WORDS: Readonly<Record<(typeof SET_KEYS)[number], string>> = {
  pungSimple: 'pung of 2-8', pungHead: 'pung of heads', kongSimple: 'kong of 2-8', kongHead: 'kong of heads',
};
export const LIMIT_HAND_IDS = [
  'heaven', 'earth', 'thirteen-heads', 'heads-only', 'four-winds', 'three-winds-pair', 'four-kongs', 'three-dragons',
  'heavenly-twins', 'nine-sons', 'all-honours', 'all-terminals',
] as const;

export const RULE_KEYS: readonly RuleKey[] = [
  // --- procedure (procedure.ts) ---
  { key: 'players', allowed: { kind: 'int', min: 2, max: 4 }, group: 'players', what: 'players at the table (--players replaces it)' },
  { key: 'limit', allowed: { kind: 'int', min: 1, max: 100_000, nullable: true }, group: 'limit', what: 'hand limit (null: none)' },
  { key: 'flowers', allowed: bool, group: 'tiles', what: 'flowers and seasons in the wall' },
  { key: 'flowersOptional', allowed: bool, group: 'tiles', what: '--flowers may switch them on' },
  { key: 'prevailingWind', allowed: bool, group: 'wind', what: 'a prevailing (round) wind' },
  { key: 'deadWall', allowed: int(40), group: 'wall', what: 'tiles left undrawn when play ends' },
  { key: 'outOfTurnMahjong', allowed: { kind: 'enum', values: ['pung-or-pair', 'any'] }, group: 'claims', what: 'what a Mah-Jongg claim on a discard may complete' },
  { key: 'chowFrom', allowed: { kind: 'enum', values: ['next', 'any'] }, group: 'claims', what: 'who may take a discard for a chow: the next player only, or any' },
  { key: 'claimPriority', allowed: { kind: 'enum', values: ['mahjong-pung-chow', 'mahjong-nearest'] }, group: 'claims', what: 'how claims on a discard rank (ties: the nearest in turn)' },
  { key: 'lastDiscardMahjongOnly', allowed: bool, group: 'claims', what: 'the last discard may be taken only for Mah-Jongg' },
  { key: 'noKongAfterClaim', allowed: bool, group: 'kongs', what: 'no own-turn kong straight after a pung or chow' },
  { key: 'washing', allowed: bool, group: 'washing', what: 'washing the tiles with 9 or more different heads' },
  { key: 'washPayments', allowed: { kind: 'ints', length: 5, max: SCORE }, group: 'washing', what: 'a washer collects from each player, with 9, 10, 11, 12, 13 heads' },
  { key: 'washEastDouble', allowed: bool, group: 'washing', what: 'East pays and receives a wash eastFactor times' },
  { key: 'eastKeepsDealOnDraw', allowed: bool, group: 'drawn', what: 'East deals again after a drawn hand' },
  { key: 'scoreDrawnHand', allowed: bool, group: 'drawn', what: 'a drawn hand is scored and settled' },
  { key: 'startingScore', allowed: int(100_000), group: 'match', what: 'points each player starts a match with' },
  { key: 'firstTurnUntilOwnTurn', allowed: bool, group: 'first-turn', what: "a first-turn win lasts until the player's own first turn is over" },
  { key: 'discarderPaysAll', allowed: bool, group: 'penalty', what: 'the discarder of a penalised win pays all' },
  { key: 'losersSettle', allowed: bool, group: 'settle', what: 'each pair of losers settles its difference' },
  { key: 'eastFactor', allowed: int(4, 1), group: 'settle', what: 'East pays and receives this many times a payment' },
  // --- combinations (tables/<ruleset>.ts) ---
  ...SET_KEYS.map((k): RuleKey => ({ key: `table.sets.${k}`, allowed: pair, group: 'sets', what: `${SET_WORDS[k]}, every hand: [exposed, concealed]` })),
  ...SET_KEYS.map((k): RuleKey => ({ key: `table.winnerSets.${k}`, allowed: pair, group: 'sets', what: `${SET_WORDS[k]}, the winner's: [exposed, concealed]` })),
  { key: 'table.pairsScoreFor', allowed: { kind: 'enum', values: ['all', 'winner'] }, group: 'sets', what: 'whose pairs score' },
  { key: 'table.pairDragon', allowed: int(), group: 'sets', what: 'pair of dragons' },
  { key: 'table.pairOwnWind', allowed: int(), group: 'sets', what: 'pair of own wind' },
  { key: 'table.pairRoundWind', allowed: int(), group: 'sets', what: 'pair of the prevailing wind' },
  { key: 'table.pairOwnWindOwnRound', allowed: { kind: 'int', min: 0, max: SCORE, nullable: true }, group: 'sets', what: 'pair of own wind in own wind round, instead of both (null: both score)' },
  { key: 'table.finalPair', allowed: { kind: 'pairs', fields: ['simple', 'head', 'ownWindOwnRound'], max: SCORE }, group: 'sets', what: 'final pair completing the hand: [punged, drawn] each (null: none)' },
  { key: 'table.fillRun', allowed: { kind: 'pairs', fields: ['closed', 'open'], max: SCORE }, group: 'sets', what: 'run completing the hand: [by chow, by draw] each (null: none)' },
  { key: 'table.flowerPoints', allowed: int(), group: 'sets', what: 'points per flower or season' },
  // --- winner's bonus points ---
  { key: 'table.mahjong', allowed: int(), group: 'bonus', what: 'Mah-Jongg' },
  { key: 'table.noSequences', allowed: int(), group: 'bonus', what: 'no sequences' },
  { key: 'table.noSequencesNotForFourKongs', allowed: bool, group: 'bonus', what: 'four kongs take the all-kongs double instead of no-sequence points' },
  { key: 'table.allChows', allowed: int(), group: 'bonus', what: 'all chows' },
  { key: 'table.noOtherScore', allowed: int(), group: 'bonus', what: 'no other score than Mah-Jongg' },
  { key: 'table.drawn', allowed: int(), group: 'bonus', what: 'drawing the winning tile' },
  { key: 'table.drawnIncludesLoose', allowed: bool, group: 'bonus', what: 'a loose-tile win also scores drawing the winning tile' },
  { key: 'table.looseTile', allowed: int(), group: 'bonus', what: 'winning on a loose tile' },
  { key: 'table.onlyPlace', allowed: int(), group: 'bonus', what: 'filling the only place' },
  { key: 'table.robbingKong', allowed: int(), group: 'bonus', what: 'robbing a kong' },
  { key: 'table.lastTile', allowed: int(), group: 'bonus', what: 'Mah-Jongg on the last tile drawn' },
  { key: 'table.lastOfKind', allowed: int(), group: 'bonus', what: 'Mah-Jongg on the last possible tile' },
  // --- doubles ---
  { key: 'table.dDragonSet', allowed: doubles, group: 'doubles', what: 'set of dragons' },
  { key: 'table.dOwnWindSet', allowed: doubles, group: 'doubles', what: 'set of own wind' },
  { key: 'table.dOwnWindSetOwnRound', allowed: doubles, group: 'doubles', what: 'set of own wind in own wind round' },
  { key: 'table.dRoundWindSet', allowed: doubles, group: 'doubles', what: 'set of the prevailing wind' },
  { key: 'table.dOwnBonus', allowed: doubles, group: 'doubles', what: 'own flower or season' },
  { key: 'table.dBouquet', allowed: doubles, group: 'doubles', what: 'bouquet (all four flowers or seasons)' },
  { key: 'table.suitDoublesFor', allowed: { kind: 'enum', values: ['all', 'winner'] }, group: 'doubles', what: 'whose hands take the suit doubles' },
  { key: 'table.dOneSuitHonours', allowed: doubles, group: 'doubles', what: 'one suit with honours' },
  { key: 'table.dPureSuit', allowed: doubles, group: 'doubles', what: 'one suit only' },
  { key: 'table.dAllHonours', allowed: doubles, group: 'doubles', what: 'honours only' },
  { key: 'table.dNoSequences', allowed: doubles, group: 'doubles', what: "no sequences (winner's)" },
  { key: 'table.dLastTile', allowed: doubles, group: 'doubles', what: "winning on the last tile of the wall (winner's)" },
  { key: 'table.dLooseTile', allowed: doubles, group: 'doubles', what: "winning on a loose tile (winner's)" },
  { key: 'table.dRobbingKong', allowed: doubles, group: 'doubles', what: "robbing the kong (winner's)" },
  { key: 'table.dTotallyConcealed', allowed: doubles, group: 'doubles', what: "totally concealed hand (winner's)" },
  { key: 'table.dTerminalsHonours', allowed: doubles, group: 'doubles', what: "all terminals and honours (winner's)" },
  { key: 'table.dAllKongs', allowed: doubles, group: 'doubles', what: "all kongs (winner's)" },
  { key: 'table.dOriginalHand', allowed: doubles, group: 'doubles', what: "East winning on his dealt fourteen" },
  // --- limit hands ---
  { key: 'table.limitHands', allowed: { kind: 'list', values: LIMIT_HAND_IDS }, group: 'limit-hands', what: 'the limit hands played' },
  { key: 'table.firstDiscard', allowed: { kind: 'enum', values: ['half-limit-or-own', null] }, group: 'first-turn', what: "winning on East's first discard (null: nothing special)" },
];

/** Where each book says a group of rules: the book's passage, then this project's page. */
export const SOURCES: Readonly<Record<SourceGroup, Readonly<Record<RuleSetId, string>> & { readonly docs: string }>> = {
  players: { docs: 'docs/rules.md "Players" (R15, R16)', harr: 'Harr II "Two and three-handed games" p. 76 (four; three and two alike)', 'harr-limit': 'Harr II "Two and three-handed games" p. 76 (four; three and two alike)', babcock: 'Babcock: four players, the only table it describes', code500: 'Code: four players, the only table it describes' },
  limit: { docs: 'docs/rules.md "The limit"', harr: 'Harr I: no limit', 'harr-limit': 'Harr II "The limit hand" p. 60', babcock: 'Babcock "Scoring" (limit 300)', code500: 'Code "Special hands" (limit 500)' },
  tiles: { docs: 'docs/rules.md "Tiles"', harr: 'Harr I "Use of the Mandarins" p. 29', 'harr-limit': 'Harr I "Use of the Mandarins" p. 29', babcock: 'Babcock "The Set"', code500: 'Code "Definition of some essential terms"' },
  wind: { docs: 'docs/rules.md harr-limit "Wind rounds"', harr: 'Harr I "A. East Wind" p. 13 (no wind rounds)', 'harr-limit': 'Harr II "The procedure of play" p. 57', babcock: 'Babcock "The Deal" (no wind rounds)', code500: 'Code "Points for all hands"' },
  wall: { docs: 'docs/rules.md "Drawn hand" (R24), harr-limit "The last 14 tiles"', harr: 'Harr I "B. Building and breaking the wall" p. 13', 'harr-limit': 'Harr II "The procedure of play" p. 57', babcock: 'Babcock "The Deal"', code500: 'Code "End of game"' },
  claims: { docs: 'docs/rules.md "Claims on the last discard"', harr: 'Harr I "E. To Chow" p. 18, "F. To Pung" p. 19', 'harr-limit': 'Harr I "E. To Chow" p. 18, "F. To Pung" p. 19', babcock: 'Babcock "Play"', code500: 'Code "Extra notes"' },
  kongs: { docs: 'docs/rules.md "Own-turn kongs"', harr: 'Harr I "Four of a kind" p. 22', 'harr-limit': 'Harr I "Four of a kind" p. 22', babcock: 'Babcock "Play"', code500: 'Code "Extra notes"' },
  washing: { docs: 'docs/rules.md harr-limit "Washing the tiles"', harr: 'Harr I: no washing', 'harr-limit': 'Harr II "Washing the tiles" p. 61', babcock: 'Babcock: no washing', code500: 'Code: no washing' },
  drawn: { docs: 'docs/rules.md "Drawn hand", code500 "Dead round"', harr: 'Harr I "A. East Wind" p. 13', 'harr-limit': 'Harr II "The procedure of play" p. 57', babcock: 'Babcock "A Drawn Game"', code500: 'Code "End of game"' },
  match: { docs: 'docs/rules.md "Players" (R17)', harr: 'Harr II "The procedure of play" p. 57', 'harr-limit': 'Harr II "The procedure of play" p. 57', babcock: 'Babcock "Settling" (2,000 each)', code500: 'Code: none given' },
  'first-turn': { docs: 'docs/rules.md harr-limit "Winning on East\'s first discard", "Original hand"', harr: 'Harr I score card (original hand)', 'harr-limit': 'Harr II "Explanation of items" p. 66', babcock: 'Babcock "Scoring" (Hand from Earth)', code500: 'Code "Special hands" (Gift from Earth)' },
  penalty: { docs: 'docs/rules.md harr-limit "Penalties"', harr: 'Harr I: no such penalty', 'harr-limit': 'Harr II "Penalties" p. 67', babcock: 'Babcock: no such penalty', code500: 'Code "Penalties"' },
  settle: { docs: 'docs/rules.md harr "Settling", harr-limit "Settling"', harr: 'Harr I "Settling the scores" p. 25', 'harr-limit': 'Harr II "The limit hand" p. 60', babcock: 'Babcock "Settling"', code500: 'Code "End of game"' },
  sets: { docs: 'docs/rules.md harr "Combinations", harr-limit "Winner\'s table", "Every other hand"', harr: 'Harr I score card p. 29', 'harr-limit': 'Harr II "Scoring values" p. 65', babcock: 'Babcock "Scoring"', code500: 'Code "Points for all hands"' },
  bonus: { docs: 'docs/rules.md harr "Winner\'s bonuses", harr-limit "Winner\'s table"', harr: 'Harr I score card p. 29 (bonus items 1-6)', 'harr-limit': 'Harr II "Bonus scores" p. 62', babcock: 'Babcock "Scoring"', code500: 'Code "Mah Jongg hands only"' },
  doubles: { docs: 'docs/rules.md harr "Doubling honours", harr-limit "Doubles"', harr: 'Harr I score card p. 29 (doubling honours)', 'harr-limit': 'Harr II "Doubling honor scores" p. 67', babcock: 'Babcock "Scoring"', code500: 'Code "Doubles for all hands", "Double for Mah Jongg hand"' },
  'limit-hands': { docs: 'docs/rules.md harr-limit "Limit hands", code500 "Special hands"', harr: 'Harr I: no limit hands', 'harr-limit': 'Harr II "Limit hands" p. 62', babcock: 'Babcock "Scoring" (Hand from Heaven)', code500: 'Code "Special hands"' },
};

const BY_KEY: ReadonlyMap<string, RuleKey> = new Map(RULE_KEYS.map((k) => [k.key, k]));

export function ruleKey(key: string): RuleKey | undefined {
  return BY_KEY.get(key);
}

/** A key's value in a rule-set description (an object tree). */
export function valueAt(root: object, key: string): unknown {
  let v: unknown = root;
  for (const part of key.split('.')) v = (v as Record<string, unknown>)[part];
  return v;
}

/** The value written as a variant file writes it (JSON). */
export function showValue(v: unknown): string {
  return JSON.stringify(v);
}

/** "the values allowed" in words, for the one-line error naming a key. */
export function allowedText(k: KeyKind): string {
  switch (k.kind) {
    case 'int':
      return `a whole number from ${k.min} to ${k.max}${k.nullable ? ', or null' : ''}`;
    case 'bool':
      return 'true or false';
    case 'enum':
      return `one of ${k.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'pair':
      return `two whole numbers [a, b] from 0 to ${k.max}`;
    case 'ints':
      return `a list of ${k.length} whole numbers from 0 to ${k.max}`;
    case 'pairs':
      return `null or {${k.fields.map((f) => `"${f}": [a, b]`).join(', ')}} with whole numbers from 0 to ${k.max}`;
    case 'list':
      return `a list of distinct names from ${k.values.join(', ')}`;
  }
}

const isInt = (v: unknown, min: number, max: number): boolean => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
const isPair = (v: unknown, max: number): boolean => Array.isArray(v) && v.length === 2 && v.every((x) => isInt(x, 0, max));

/** Whether `v` is a value `k` allows. */
export function allows(k: KeyKind, v: unknown): boolean {
  switch (k.kind) {
    case 'int':
      return (k.nullable === true && v === null) || isInt(v, k.min, k.max);
    case 'bool':
      return typeof v === 'boolean';
    case 'enum':
      return k.values.includes(v as string | null);
    case 'pair':
      return isPair(v, k.max);
    case 'ints':
      return Array.isArray(v) && v.length === k.length && v.every((x) => isInt(x, 0, k.max));
    case 'pairs': {
      if (v === null) return true;
      if (typeof v !== 'object' || Array.isArray(v)) return false;
      const o = v as Record<string, unknown>;
      return Object.keys(o).length === k.fields.length && k.fields.every((f) => isPair(o[f], k.max));
    }
    case 'list':
      return Array.isArray(v) && v.every((x) => typeof x === 'string' && k.values.includes(x)) && new Set(v).size === v.length;
  }
}
