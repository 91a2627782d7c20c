/**
 * Decisions in a game record (docs/notation.md "Game records"): "SEAT TYPE [TILE]", e.g. "0 discard 5p",
 * "2 pass", "1 chow 3m" (the run's lowest tile), "3 mahjong". The same text a person writes in a scenario.
 */
import { type Action, actionHasTile } from '../core/action.js';
import { UserError } from '../errors.js';
import { parseTile, tileCode } from '../tiles/index.js';

const TYPES: ReadonlySet<string> = new Set(['discard', 'concealed-kong', 'add-kong', 'mahjong', 'wash', 'pass', 'chow', 'pung', 'kong', 'rob']);

export function actionText(a: Action): string {
  const tile = (a as { tile?: number }).tile;
  return tile === undefined ? a.type : `${a.type} ${tileCode(tile)}`;
}

export interface RecordedAction {
  readonly seat: number;
  readonly action: Action;
}

/** Parse one recorded decision; `where` names it in the error. */
export function parseRecordedAction(text: unknown, where: string): RecordedAction {
  if (typeof text !== 'string') throw new UserError(`${where}: a decision must be a string "SEAT TYPE [TILE]", got ${JSON.stringify(text)}`);
  const m = /^\s*(\d+)\s+([a-z-]+)(?:\s+(\S+))?\s*$/.exec(text);
  if (!m) throw new UserError(`${where}: "${text}" is not "SEAT TYPE [TILE]"`);
  const type = m[2]!;
  if (!TYPES.has(type)) throw new UserError(`${where}: "${text}": unknown action "${type}" (known: ${[...TYPES].join(', ')})`);
  const needsTile = actionHasTile(type);
  if (needsTile !== (m[3] !== undefined)) {
    throw new UserError(`${where}: "${text}": ${type} ${needsTile ? 'names a tile' : 'takes no tile'}`);
  }
  let action: Action;
  if (needsTile) {
    let tile: number;
    try {
      tile = parseTile(m[3]!);
    } catch (e) {
      throw new UserError(`${where}: "${text}": ${(e as Error).message}`);
    }
    action = { type, tile } as Action;
  } else action = { type } as Action;
  return { seat: Number(m[1]), action };
}
