/** Sessions of `mjlab play` driven in-process by a scripted person (test/play). */
import { expect } from 'vitest';
import { resolveStrategy } from '../../src/lineup/registry.js';
import type { SeatMessage } from '../../src/play/message.js';
import { PlaySession, type SessionOptions } from '../../src/play/session.js';
import type { GameRecord } from '../../src/record/record.js';
import { ruleSet } from '../../src/rules/index.js';

export type Json = Record<string, unknown>;
type Action = { type: string; tile?: number };

export interface TableSpec {
  readonly rules: string;
  readonly players: 2 | 3 | 4;
  readonly unit: 'hand' | 'match';
  readonly seed: number;
  readonly seat: SessionOptions['seat'];
  readonly opponents: readonly string[];
  readonly flowers?: boolean;
}

export async function session(t: TableSpec, save: (r: GameRecord) => string): Promise<PlaySession> {
  const rules = ruleSet(t.rules);
  return new PlaySession({
    rules,
    limit: rules.limit,
    flowers: rules.flowers || (t.flowers ?? false),
    players: t.players,
    unit: t.unit,
    seed: t.seed,
    seat: t.seat,
    opponents: await Promise.all(t.opponents.map(resolveStrategy)),
    save,
  });
}

/**
 * A scripted person: Mah-Jongg whenever offered, otherwise one of the legal answers picked by the moment's token,
 * so that every kind of answer (claims, passes, kongs, washes) comes up over a game.
 */
export function scripted(m: SeatMessage): Action {
  const legal = m.view.legal as Action[];
  const win = legal.find((a) => a.type === 'mahjong' || a.type === 'rob');
  if (win) return win;
  return legal[(m.token * 7919) % legal.length]!;
}

/** Play the session's game to its end with `choose`: every message the person was sent, as JSON over the wire. */
export function playGame(s: PlaySession, choose: (m: SeatMessage) => Action = scripted): { messages: Json[]; phases: Map<string, number> } {
  const messages: Json[] = [];
  const phases = new Map<string, number>();
  const wire = (): SeatMessage => {
    const m = JSON.parse(JSON.stringify(s.message())) as SeatMessage;
    messages.push(m as unknown as Json);
    return m;
  };
  for (let m = wire(); ; m = wire()) {
    if (m.status === 'decide') {
      const phase = String(m.view.phase);
      phases.set(phase, (phases.get(phase) ?? 0) + 1);
      const a = s.act({ token: m.token, action: choose(m) });
      expect(a).toEqual({ ok: true });
    } else if (m.status === 'hand-over') expect(s.nextHand({ token: m.token })).toEqual({ ok: true });
    else break;
  }
  return { messages, phases };
}
