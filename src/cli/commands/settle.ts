/**
 * `mjlab settle`: what each seat gains or loses (docs/notation.md "Settling on the command line").
 * Seats are the winds given in --scores (2, 3 or 4 of them); East pays and receives double. --penalty names the
 * discarder of a penalised win (docs/rules.md harr-limit "Penalties"), who pays what every loser would have paid.
 */
import type { CommandModule } from 'yargs';
import { UserError } from '../../errors.js';
import { citeRule, ruleSet, ruleSetChoices, rulesName, type RuleSet } from '../../rules/index.js';
import { RULE_KEYS, valueAt } from '../../rules/keys.js';
import { settle, type Payment } from '../../scoring/index.js';

const WINDS = ['E', 'S', 'W', 'N'] as const;

/**
 * Largest hand score settled exactly: a seat's net is at most 4 × (players − 1) times the largest score (East
 * doubles, and the winner collects from every loser while they settle among themselves), so below 2^53 / 16 every
 * net is an exact integer.
 */
export const MAX_SETTLE_SCORE = Math.floor(Number.MAX_SAFE_INTEGER / 16);

export interface SettleArgs {
  rules: string;
  winner: string;
  scores: string;
  limit?: number;
  penalty?: string;
  json?: boolean;
  explain?: boolean;
}

/** Parse, validate and settle; returns the nets by wind letter (tests call this). */
export function runSettle(a: SettleArgs): Record<string, number> {
  return settleWithPayments(a).nets;
}

/** `--explain`: each payment with the rules that gave it and where the book says them. */
export function explainSettle(a: SettleArgs): string {
  const { rules, payments, winds, drawn } = settleWithPayments(a);
  const name = (s: number) => WINDS[winds[s]!]!;
  const cite = (key: string) => `    ${citeRule(rules, key)}`;
  const out = ['Which rule gave each payment:'];
  if (drawn && !rules.scoreDrawnHand) out.push('  A drawn hand: nobody pays', cite('scoreDrawnHand'));
  for (const p of payments) {
    const what = p.why === 'winner' ? `the winner's score ${p.score}` : p.why === 'losers' ? `two losers' difference ${p.score}` : 'the penalised discarder pays what every loser would have';
    out.push(`  ${name(p.from)} pays ${name(p.to)} ${p.amount}: ${what}`);
    if (p.why === 'losers') out.push(cite('losersSettle'));
    if (p.why === 'penalty') out.push(cite('discarderPaysAll'));
    if (p.east) out.push(cite('eastFactor'));
    if (p.capped) out.push(cite('limit'));
  }
  if (!drawn && !rules.losersSettle) out.push('  The losers do not settle among themselves', cite('losersSettle'));
  return out.join('\n');
}

function settleWithPayments(a: SettleArgs): { nets: Record<string, number>; rules: RuleSet; payments: Payment[]; winds: number[]; drawn: boolean } {
  const rules = ruleSet(a.rules);
  const byWind = new Map<number, number>();
  for (const part of a.scores.split(',').map((p) => p.trim()).filter((p) => p.length > 0)) {
    const m = /^([ESWN])=(\d+)$/i.exec(part);
    if (!m) throw new UserError(`--scores: cannot read "${part}" (expected e.g. E=0,S=22,W=2562,N=8)`);
    const w = WINDS.indexOf(m[1]!.toUpperCase() as (typeof WINDS)[number]);
    if (byWind.has(w)) throw new UserError(`--scores: ${WINDS[w]} given twice`);
    if (BigInt(m[2]!) > BigInt(MAX_SETTLE_SCORE)) {
      throw new UserError(`--scores: ${part} is too large to settle exactly (a score may be at most ${MAX_SETTLE_SCORE})`);
    }
    byWind.set(w, Number(m[2]));
  }
  if (byWind.size < 2) throw new UserError('--scores: give at least two seats');
  if (!byWind.has(0)) throw new UserError('--scores: East must be one of the seats (East pays and receives double)');
  const winds = [...byWind.keys()].sort((x, y) => x - y);
  let winner: number | null = null;
  if (a.winner.toLowerCase() !== 'none') {
    const w = WINDS.indexOf(a.winner.toUpperCase() as (typeof WINDS)[number]);
    if (w < 0) throw new UserError(`--winner must be E, S, W, N or none (got "${a.winner}")`);
    winner = winds.indexOf(w);
    if (winner < 0) throw new UserError(`--winner ${WINDS[w]} has no score in --scores`);
  }
  if (a.limit !== undefined && (!Number.isSafeInteger(a.limit) || a.limit <= 0)) {
    throw new UserError(`--limit must be a positive whole number (got ${a.limit})`);
  }
  const limit = a.limit ?? rules.limit;
  checkScores(rules, byWind, winner === null ? null : winds[winner]!, limit);
  const payer = a.penalty === undefined ? null : penaltyPayer(rules, a.penalty, winds, winner);
  const payments: Payment[] = [];
  const nets = settle(rules, {
    winner,
    scores: winds.map((w) => byWind.get(w)!),
    east: 0,
    limit,
    payer,
  }, payments);
  const out: Record<string, number> = {};
  winds.forEach((w, i) => (out[WINDS[w]!] = nets[i]!));
  return { nets: out, rules, payments, winds, drawn: winner === null };
}

/** Every point item of the score table is even (the four books'; a variant may change that). */
function evenTable(rules: RuleSet): boolean {
  const values = RULE_KEYS.filter((k) => k.group === 'sets' || k.group === 'bonus').flatMap((k) => [valueAt(rules, k.key)].flat(2));
  return values.flatMap((v) => (v !== null && typeof v === 'object' ? Object.values(v).flat() : [v])).every((v) => typeof v !== 'number' || v % 2 === 0);
}

/**
 * The seat index of --penalty's discarder: only where the rule set has the discarder-pays-all penalty (harr-limit),
 * a seat of the table, not the winner, and only for a won hand (a drawn hand has no discarder).
 */
function penaltyPayer(rules: RuleSet, given: string, winds: readonly number[], winner: number | null): number {
  if (!rules.discarderPaysAll) throw new UserError(`--penalty: ${rules.id} has no discarder-pays-all penalty (only harr-limit has)`);
  const w = WINDS.indexOf(given.toUpperCase() as (typeof WINDS)[number]);
  if (w < 0) throw new UserError(`--penalty must be E, S, W or N, the discarder who pays for all (got "${given}")`);
  const seat = winds.indexOf(w);
  if (seat < 0) throw new UserError(`--penalty ${WINDS[w]} has no score in --scores`);
  if (winner === null) throw new UserError('--penalty needs a winner: a drawn hand has no discarder to pay for all');
  if (seat === winner) throw new UserError(`--penalty ${WINDS[w]} is the winner; the discarder who pays for all is another seat`);
  return seat;
}

/**
 * Scores a hand of this rule set can have (docs/rules.md, the score tables): none above the limit in force (every
 * hand's score is capped at it); a winner's at least the Mah-Jongg bonus (or the limit, if lower); and even, as
 * every item of every table is, unless the score is the limit or half of it (a first-turn win in harr-limit).
 */
function checkScores(rules: RuleSet, byWind: ReadonlyMap<number, number>, winner: number | null, limit: number | null): void {
  const capped = limit !== null && [limit, Math.floor(limit / 2), Math.ceil(limit / 2)];
  for (const [w, score] of byWind) {
    const seat = `${WINDS[w]}=${score}`;
    if (limit !== null && score > limit) throw new UserError(`--scores: ${seat} is above the limit of ${limit} in force (a hand scores at most the limit)`);
    if (score % 2 !== 0 && !(capped && capped.includes(score)) && evenTable(rules)) {
      throw new UserError(`--scores: ${seat} is odd, but every item of ${rulesName(rules)}'s score table is even, so every hand's score is`);
    }
  }
  if (winner !== null) {
    const least = Math.min(rules.table.mahjong, limit ?? Infinity);
    const won = byWind.get(winner)!;
    if (won < least) throw new UserError(`--scores: the winner ${WINDS[winner]} scored ${won}, but a ${rules.id} Mah-Jongg hand scores at least ${least}`);
  }
}

export const settleCommand: CommandModule<object, SettleArgs> = {
  command: 'settle',
  describe: 'Settle one hand: what each seat gains or loses',
  builder: (y) =>
    y
      .option('rules', { type: 'string', demandOption: true, describe: `rule set: ${ruleSetChoices()}` })
      .option('winner', { type: 'string', demandOption: true, describe: 'E|S|W|N, or none for a drawn hand' })
      .option('scores', { type: 'string', demandOption: true, describe: 'each seat\'s hand score, e.g. E=480,S=64,W=272,N=16' })
      .option('limit', { type: 'number', describe: "limit (default: the rule set's)" })
      .option('penalty', { type: 'string', describe: 'E|S|W|N: harr-limit penalty, this discarder pays for all losers' })
      .option('json', { type: 'boolean', default: false, describe: 'print one JSON object' })
      .option('explain', { type: 'boolean', default: false, describe: 'say which rule gave each payment and where the book says it' }) as never,
  handler: (argv) => {
    if (argv.explain && argv.json) throw new UserError('--explain prints text, --json one object: give one of them');
    const nets = runSettle(argv);
    if (argv.json) process.stdout.write(`${JSON.stringify(nets)}\n`);
    else process.stdout.write(`${Object.entries(nets).map(([w, n]) => `${w} ${n > 0 ? '+' : ''}${n}`).join('\n')}\n`);
    if (argv.explain && !argv.json) process.stdout.write(`\n${explainSettle(argv)}\n`);
  },
};
