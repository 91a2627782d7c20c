/**
 * Renders a game record for a player to read (`mjlab replay`): the seats, each hand's deal, every draw, flower,
 * claim, kong and discard in order, the end, each seat's score breakdown and the settlement, in tile notation
 * (docs/notation.md). Seats are named by their wind in the hand and their strategy (in the header and a match's final
 * scores, by the wind of the first hand), and every event is numbered by its place in the hand, 1 the first: the
 * number `mjlab review`, the viewer and the play page give it (docs/replay.md, "A review"). Every line is made printable
 * (src/text.ts): a record's labels are untrusted text.
 */
import type { ScoreLine } from '../scoring/types.js';
import { washPaidText } from '../scoring/wash.js';
import { printable } from '../text.js';
import type { HandEvent } from './events.js';
import type { GameRecord, HandRecord } from './record.js';
import { firstWind } from './names.js';

const WIN_BY: Readonly<Record<string, string>> = {
  discard: 'on a discard',
  'self-draw': 'by drawing the winning tile',
  'loose-tile': 'on a loose tile',
  'robbing-kong': 'by robbing the kong',
};

function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

/**
 * A line of the breakdown. A line with neither points nor doubles states the hand's score itself (the limit, or
 * half of it on East's first discard; docs/rules.md): its label carries the number, so no figure follows it (a
 * "Limit 300: 0" read as a limit worth nothing).
 */
function line(l: ScoreLine): string {
  if (l.doubles !== undefined) return `${l.label}: double${l.doubles === 1 ? '' : ` ${l.doubles} times`}`;
  if (l.points === undefined) return `${l.label} (the hand's score)`;
  return `${l.label}: ${l.points}`;
}

function renderHand(rec: GameRecord, h: HandRecord, out: string[]): void {
  const deal = h.events.find((e) => e.e === 'deal');
  const winds = deal && deal.e === 'deal' ? deal.winds : rec.strategies.map(() => '?');
  const who = (seat: number): string => `${winds[seat]} (${rec.strategies[seat]})`;
  const w = (seat: number): string => winds[seat] ?? '?';
  out.push('');
  out.push(
    `Hand ${h.hand + 1}: East is ${rec.strategies[h.dealer]}` +
      (h.prevailing !== null ? `, prevailing wind ${h.prevailing}` : ''),
  );
  h.events.forEach((ev: HandEvent, i) => {
    const at = out.length;
    switch (ev.e) {
      case 'deal':
        out.push(`  Deal (${ev.wall} tiles left to draw):`);
        ev.hands.forEach((hand, seat) => out.push(`    ${who(seat).padEnd(24)} ${hand}`));
        break;
      case 'flower':
        out.push(`    ${w(ev.seat)} exposes ${ev.tile}`);
        break;
      case 'draw':
        out.push(`    ${w(ev.seat)} draws ${ev.tile}  (${ev.wall} left)`);
        break;
      case 'loose':
        out.push(`    ${w(ev.seat)} takes loose tile ${ev.tile}  (${ev.wall} left)`);
        break;
      case 'discard':
        out.push(`    ${w(ev.seat)} discards ${ev.tile}`);
        break;
      case 'claim':
        out.push(`    ${w(ev.seat)} ${ev.type}s ${ev.tile} from ${w(ev.from)} → ${ev.meld}`);
        break;
      case 'kong':
        out.push(`    ${w(ev.seat)} declares a ${ev.type === 'concealed' ? 'concealed kong' : 'kong (adds to his pung)'} of ${ev.tile}`);
        break;
      case 'wash':
        out.push(`  ${who(ev.seat)} washes the tiles: ${ev.heads} different heads in ${ev.hand}, collects ${washPaidText(ev)}; reshuffle`);
        break;
      case 'mahjong':
        out.push(
          `  Mah-Jongg! ${who(ev.seat)} ${WIN_BY[ev.by] ?? ev.by} ${ev.tile}` +
            (ev.from !== null ? ` from ${w(ev.from)}` : '') +
            `: ${ev.hand}`,
        );
        break;
      case 'exhausted':
        out.push(`  Drawn hand: no drawable tile left (${ev.wall}).`);
        break;
      case 'score':
        out.push(`    ${who(ev.seat).padEnd(24)} ${ev.hand}  → ${ev.score}`);
        for (const l of ev.lines) out.push(`        ${line(l)}`);
        break;
      case 'settle':
        out.push(
          `  Settlement: ${ev.nets.map((n, seat) => `${w(seat)} ${signed(n)}`).join(', ')}` +
            (ev.payer !== null ? `  (penalty: ${w(ev.payer)} pays for all)` : ''),
        );
        break;
    }
    // The event's number before its first line.
    out[at] = `${String(i + 1).padStart(3)}  ${out[at]!.trimStart()}`;
    if (ev.e === 'mahjong' || ev.e === 'exhausted') {
      if (h.events.some((x) => x.e === 'score')) out.push('  Scores:');
    }
  });
  const r = h.result;
  out.push(
    r.winner_seat === null
      ? '  Result: drawn hand'
      : `  Result: ${r.winner_wind} (${r.winner_strategy}) wins by ${r.win_by}, hand score ${r.winner_score ?? '?'}${r.limit_hit ? ' (limit)' : ''}`,
  );
}

export function renderRecord(rec: GameRecord): string {
  const out: string[] = [];
  out.push(
    `mjlab replay: rules ${rec.rules}, seed ${rec.seed}, game ${rec.game}, ${rec.players} players, unit ${rec.unit}` +
      `, limit ${rec.limit ?? 'none'}${rec.flowers ? ', flowers' : ''}${rec.duplicate ? `, duplicate (wall ${rec.stream_game})` : ''}`,
  );
  const first = (seat: number): string => firstWind(rec.players, rec.hands[0]?.dealer ?? 0, seat);
  out.push(`Seats (by their wind in the first hand): ${rec.strategies.map((s, i) => `${first(i)} ${s}`).join(' | ')}`);
  for (const h of rec.hands) renderHand(rec, h, out);
  if (rec.unit === 'match') {
    out.push('');
    out.push(`Final scores (seats by their wind in the first hand): ${rec.result.final_scores.map((s, i) => `${first(i)} (${rec.strategies[i]}) ${s}`).join(', ')}`);
  }
  // Labels come from the record as written (a hand-written one holds anything): shown, never obeyed.
  return out.map(printable).join('\n') + '\n';
}
