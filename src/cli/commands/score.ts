/**
 * `mjlab score`: score one hand, exactly as docs/notation.md "Scoring on the command line" specifies.
 * Without --json the breakdown reads like Harr's score tables; bad input is a UserError (one line, exit 2).
 */
import type { CommandModule } from 'yargs';
import { UserError } from '../../errors.js';
import { citeRule, ruleSet, ruleSetChoices, rulesName, type RuleSet } from '../../rules/index.js';
import { parseHand, tileCode, type HandSpec } from '../../tiles/index.js';
import { formatBreakdown, scoreHand, type ScoreContext, type ScoreResult, type WinBy } from '../../scoring/index.js';

const WINDS = ['E', 'S', 'W', 'N'] as const;
const WIN_BY = ['discard', 'self-draw', 'loose-tile', 'robbing-kong'] as const;

export interface ScoreArgs {
  rules: string;
  seat?: string;
  round?: string;
  win?: string;
  lastTile?: boolean;
  firstTurn?: boolean;
  limit?: number;
  json?: boolean;
  explain?: boolean;
  hand: string;
}

function windIndex(w: string, what: string): number {
  const i = (WINDS as readonly string[]).indexOf(w.toUpperCase());
  if (i < 0) throw new UserError(`${what} must be one of E, S, W, N (got "${w}")`);
  return i;
}

/** Tiles counted toward the 14 (13 for a loser): a kong counts as three; bonus tiles do not count. */
function checkCount(h: HandSpec): void {
  const n = h.concealed.length + 3 * h.melds.length + (h.winning === null ? 0 : 1);
  const want = h.winning === null ? 13 : 14;
  if (n !== want) {
    const kind = h.winning === null ? 'a losing hand (no +TILE)' : 'a winning hand';
    throw new UserError(`wrong tile count: ${n} tiles (a kong counts as three), ${kind} has ${want}`);
  }
}

/** Parse, validate and score: what the handler prints, as data (tests call this). */
export function runScore(a: ScoreArgs): { result: ScoreResult; json: object; text: string } {
  const rules = ruleSet(a.rules);
  const hand = parseHand(a.hand);
  checkCount(hand);
  // Only what the rule set can have (docs/rules.md): its tiles, and a round wind where it plays wind rounds.
  if (hand.bonus.length > 0 && !rules.flowers && !rules.flowersOptional) {
    throw new UserError(`${rules.id} is played without flowers and seasons: ${hand.bonus.map(tileCode).join(' ')} is not one of its tiles`);
  }
  if (a.round !== undefined) {
    windIndex(a.round, '--round');
    if (!rules.prevailingWind) throw new UserError(`${rules.id} has no prevailing (round) wind (docs/rules.md); drop --round`);
  }
  if (a.limit !== undefined && (!Number.isInteger(a.limit) || a.limit <= 0)) {
    throw new UserError(`--limit must be a positive whole number (got ${a.limit})`);
  }
  const win = a.win ?? 'discard';
  if (!(WIN_BY as readonly string[]).includes(win)) throw new UserError(`--win must be one of ${WIN_BY.join(', ')} (got "${win}")`);
  const ctx: ScoreContext = {
    seatWind: windIndex(a.seat ?? 'E', '--seat'),
    prevailingWind: rules.prevailingWind ? windIndex(a.round ?? 'E', '--round') : null,
    win: hand.winning === null ? null : (win as WinBy),
    lastTile: a.lastTile ?? false,
    firstTurn: a.firstTurn ?? false,
    limit: a.limit ?? rules.limit,
  };
  const result = scoreHand(rules, hand, ctx);
  const json = {
    rules: rulesName(rules),
    score: result.score,
    points: result.points,
    doubles: result.doubles,
    limit: result.limit,
    pattern: result.pattern,
    lines: result.lines.map((l) => ({
      ...(l.doubles !== undefined ? { label: l.label, doubles: l.doubles } : l.points !== undefined ? { label: l.label, points: l.points } : { label: l.label }),
      ...(a.explain && l.rule !== undefined ? { rule: l.rule, source: citeRule(rules, l.rule) } : {}),
    })),
  };
  return { result, json, text: a.explain ? `${formatBreakdown(result)}\n\n${explainScore(rules, result)}` : formatBreakdown(result) };
}

/** `--explain`: each line of the breakdown with the rule that gave it and where the book says it. */
function explainScore(rules: RuleSet, r: ScoreResult): string {
  return ['Which rule gave each line:', ...r.lines.filter((l) => l.rule !== undefined).map((l) => `  ${l.label}\n    ${citeRule(rules, l.rule!)}`)].join('\n');
}

export const scoreCommand: CommandModule<object, ScoreArgs> = {
  command: 'score <hand>',
  describe: 'Score one hand (notation as in docs/notation.md), winner or loser',
  builder: (y) =>
    y
      .positional('hand', { type: 'string', demandOption: true, describe: 'the hand, e.g. "66p 77m [222s] [777z] [333m] +6p"' })
      .option('rules', { type: 'string', demandOption: true, describe: `rule set: ${ruleSetChoices()}` })
      .option('seat', { type: 'string', default: 'E', describe: "the player's own wind: E|S|W|N" })
      .option('round', { type: 'string', describe: 'prevailing wind where the rule set has one: E|S|W|N (default E)' })
      .option('win', { type: 'string', default: 'discard', describe: 'discard | self-draw | loose-tile | robbing-kong' })
      .option('last-tile', { type: 'boolean', default: false, describe: 'won on the last drawable tile' })
      .option('first-turn', { type: 'boolean', default: false, describe: 'won on the original hand or the first discard' })
      .option('limit', { type: 'number', describe: "hand limit (default: the rule set's)" })
      .option('json', { type: 'boolean', default: false, describe: 'print one JSON object' })
      .option('explain', { type: 'boolean', default: false, describe: 'say which rule gave each line and where the book says it' }) as never,
  handler: (argv) => {
    const out = runScore(argv);
    process.stdout.write(argv.json ? `${JSON.stringify(out.json)}\n` : `${out.text}\n`);
  },
};
