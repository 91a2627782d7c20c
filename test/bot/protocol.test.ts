// The bot protocol's messages against its JSON Schema (docs/protocol/schema.json; docs/protocol.md): every line the
// lab sends a bot in a few hands of every rule set (and 3 players, a match, flowers), the committed examples, and the
// answers the example bots give. The checker rejects what the schema forbids (its own positive controls below).
import { describe, expect, it } from 'vitest';
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { mjlab, ROOT, tempDir } from '../runner/helpers.js';
import { validate, validateMessage } from './json-schema.js';

const schema = JSON.parse(readFileSync(join(ROOT, 'docs', 'protocol', 'schema.json'), 'utf8')) as Record<string, unknown>;
const LOG_BOT = join(import.meta.dirname, 'fixtures', 'log-bot.mjs');
const tmp = tempDir('bot-protocol');

const TABLES: readonly { name: string; args: string[]; lineup: string[] }[] = [
  { name: 'harr', args: ['--rules', 'harr', '--games', '6'], lineup: ['harr', 'harr', 'random'] },
  { name: 'harr-limit', args: ['--rules', 'harr-limit', '--games', '6'], lineup: ['harr', 'chow-mixer', 'random'] },
  { name: 'babcock', args: ['--rules', 'babcock', '--games', '6'], lineup: ['harr', 'harr', 'random'] },
  { name: 'code500', args: ['--rules', 'code500', '--games', '6'], lineup: ['harr', 'harr', 'random'] },
  { name: 'babcock, 3 players, a match', args: ['--rules', 'babcock', '--players', '3', '--unit', 'match', '--games', '1'], lineup: ['harr', 'random'] },
  { name: 'harr with flowers and a limit', args: ['--rules', 'harr', '--flowers', '--limit', '500', '--games', '6'], lineup: ['harr', 'greedy', 'random'] },
];

function lines(path: string): Record<string, unknown>[] {
  return readFileSync(path, 'utf8').split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe('every message the lab sends is valid under the schema', () => {
  for (const t of TABLES) {
    it(t.name, () => {
      const log = join(tmp, `${t.name.replace(/\W+/g, '-')}.jsonl`);
      const r = mjlab(['simulate', ...t.args, '--strategies', [`cmd:node ${LOG_BOT} ${log}`, ...t.lineup].join(','), '--workers', '1', '--decision-timeout', '60', '--out', join(tmp, `out-${t.name.replace(/\W+/g, '-')}`), '--no-progress', '--quiet']);
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      const sent = lines(log);
      const types = new Set(sent.map((m) => m.type));
      expect([...types].sort()).toEqual(['decide', 'end_hand', 'hello']);
      for (const m of sent) expect(validateMessage(schema, m), JSON.stringify(m).slice(0, 300)).toEqual([]);
      // Every decision offered the legal actions, and the events name only other seats.
      for (const m of sent.filter((x) => x.type === 'decide')) {
        expect((m.events as { seat: number }[]).every((e) => e.seat !== m.seat)).toBe(true);
      }
    });
  }
});

describe('the committed examples', () => {
  it('docs/protocol/examples.jsonl: each line is valid, the lab side and the bot side', () => {
    const path = join(ROOT, 'docs', 'protocol', 'examples.jsonl');
    expect(existsSync(path)).toBe(true);
    const all = lines(path);
    expect(all.length).toBeGreaterThan(4);
    for (const m of all) expect(validateMessage(schema, m)).toEqual([]);
  });
});

describe('the checker bites', () => {
  const hello = { type: 'hello', protocol: 1, name: 'x', rules: { id: 'harr', title: 'H', limit: null, flowers: false, prevailingWind: false, deadWall: 0, washing: false, startingScore: 0, table: {} }, players: 4, seat: 0, unit: 'hand', maxHands: 1, limit: null, flowers: false, seed: '0123456789abcdef0123456789abcdef' };
  it('accepts a valid hello and refuses one with an extra field, a missing one, a bad seed', () => {
    expect(validateMessage(schema, hello)).toEqual([]);
    expect(validateMessage(schema, { ...hello, wall: ['1m'] })).not.toEqual([]);
    const { seat: _seat, ...noSeat } = hello;
    expect(validateMessage(schema, noSeat)).not.toEqual([]);
    expect(validateMessage(schema, { ...hello, seed: 'xyz' })).not.toEqual([]);
  });
  it('actions: a tile where one is named, none where none is', () => {
    expect(validateMessage(schema, { type: 'discard', tile: '5p' })).toEqual([]);
    expect(validateMessage(schema, { type: 'pass' })).toEqual([]);
    expect(validateMessage(schema, { type: 'discard' })).not.toEqual([]);
    expect(validateMessage(schema, { type: 'pass', tile: '5p' })).not.toEqual([]);
    expect(validateMessage(schema, { type: 'discard', tile: '0m' })).not.toEqual([]);
    expect(validate(schema, { $ref: '#/$defs/meld' }, '(111z)')).not.toEqual([]);
  });
});
