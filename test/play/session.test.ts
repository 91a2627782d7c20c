// `mjlab play`'s session (docs/play.md): a scripted person plays whole games under every rule set and table shape; every
// message it is sent is its seat's view and the public events, nothing else (seat-check.ts); the saved record is an
// ordinary game record that `replay --record` re-executes byte for byte; the same seed and answers give the same
// game; bad, illegal and stale answers are refused and change nothing.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readScenario, replayRecordFile } from '../../src/game/replay.js';
import { SEAT_WINDS } from '../../src/engine/state.js';
import { recordDir, recordText, saveRecord } from '../../src/play/records.js';
import type { GameRecord } from '../../src/record/record.js';
import { checkSeatMessages } from './seat-check.js';
import { replayRecord } from '../../src/cli/replay-command.js';
import { compareSeat } from '../../src/game/compare.js';
import { resolveStrategy } from '../../src/lineup/registry.js';
import { seatStream } from '../../src/rng/streams.js';
import { viewFor } from '../../src/view/view.js';
import { type Json, type TableSpec, playGame, scripted, session } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'mjlab-play-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const TABLES: readonly TableSpec[] = [
  { rules: 'harr', players: 4, unit: 'hand', seed: 11, seat: 'E', opponents: ['harr', 'harr', 'harr'] },
  { rules: 'babcock', players: 3, unit: 'match', seed: 4, seat: 'W', opponents: ['chow-mixer', 'greedy'] },
  { rules: 'code500', players: 2, unit: 'hand', seed: 7, seat: 'W', opponents: ['suit-hunter'] },
  { rules: 'harr-limit', players: 4, unit: 'match', seed: 3, seat: 'random', opponents: ['harr', 'defender', 'greedy'] },
  { rules: 'harr', players: 4, unit: 'hand', seed: 2, seat: 'N', opponents: ['greedy', 'random', 'harr'], flowers: true },
];

describe('a person at the table', () => {
  for (const t of TABLES) {
    const name = `${t.rules}, ${t.players} players, ${t.unit}, seat ${t.seat}${t.flowers ? ', flowers' : ''}`;
    it(`${name}: every message is the seat's view and public events; the record replays byte for byte`, async () => {
      const saved: string[] = [];
      const out = join(dir, `${t.rules}-${t.players}-${t.unit}`);
      const s = await session(t, (r) => {
        const f = saveRecord(recordDir(out), r);
        saved.push(f);
        return f;
      });
      const { messages, phases } = playGame(s);
      expect(s.status).toBe('game-over');
      expect(saved).toHaveLength(1);
      const file = saved[0]!;
      const text = readFileSync(file, 'utf8');
      // An ordinary game record: re-executed through the engine to the same bytes.
      expect(recordText(replayRecordFile(file))).toBe(text);
      const record = JSON.parse(text) as GameRecord;
      expect(record.strategies.filter((l) => l === 'person')).toHaveLength(1);
      const seat = record.strategies.indexOf('person');
      expect(s.person).toBe(seat);
      if (t.unit === 'match') expect(record.hands.length).toBeGreaterThan(1);
      // The wind asked for is the person's in the first hand; the opponents follow in the order of play.
      const winds = SEAT_WINDS[t.players]!;
      const firstWind = 'ESWN'[winds[(seat - record.hands[0]!.dealer + t.players) % t.players]!];
      if (t.seat !== 'random') expect(firstWind).toBe(t.seat);
      t.opponents.forEach((o, i) => expect(record.strategies[(seat + 1 + i) % t.players]).toBe(o));
      const checked = checkSeatMessages(messages, record, readScenario(file), seat);
      expect(checked.decisions).toBe([...phases.values()].reduce((a, b) => a + b, 0));
      expect(checked.ends).toBe(record.hands.length);
      expect(phases.get('turn')).toBeGreaterThan(3);
      // The last message says where the record is, and how to watch and compare it.
      const last = messages.at(-1)! as { saved: { file: string; watch: string; compare: string } };
      expect(last.saved.file).toBe(file);
      expect(last.saved.compare).toBe(`node bin/mjlab.js review --record ${file} --seat ${firstWind}`);
      expect(last.saved.watch).toBe(`node bin/mjlab.js replay --record ${file} --html ${file.replace(/\.json$/, '.html')}`);
    });
  }

  it('the checker bites: a message leaking a draw, another hand or a changed view is refused', async () => {
    const t = TABLES[0]!;
    let record: GameRecord | null = null;
    const s = await session(t, (r) => ((record = r), 'x.json'));
    const { messages } = playGame(s);
    const file = join(dir, 'checker.json');
    writeFileSync(file, recordText(record!));
    const sc = readScenario(file);
    const seat = s.person;
    expect(() => checkSeatMessages(messages, record!, sc, seat)).not.toThrow();
    const mid = messages.findIndex((m) => (m.events as Json[]).some((e) => e.e === 'draw' && e.seat !== seat));
    expect(mid).toBeGreaterThanOrEqual(0);
    const tamper = (f: (m: Json) => void): Json[] =>
      messages.map((m, i) => {
        if (i !== mid) return m;
        const c = structuredClone(m);
        f(c);
        return c;
      });
    const leaks: ((m: Json) => void)[] = [
      (m) => {
        // another seat's drawn tile, as the record has it
        const e = (m.events as Json[]).findIndex((x) => x.e === 'draw' && x.seat !== seat);
        const h = record!.hands[m.hand as number]!;
        (m.events as Json[])[e] = h.events[e] as unknown as Json;
      },
      (m) => {
        const deal = (m.events as Json[])[0]!;
        deal.hands = (record!.hands[m.hand as number]!.events[0] as unknown as Json).hands;
      },
      (m) => {
        (m.view as Json).concealed = [...((m.view as Json).concealed as number[]), 0];
      },
      (m) => {
        m.wall = record!.hands[0]!.walls[0];
      },
    ];
    for (const leak of leaks) expect(() => checkSeatMessages(tamper(leak), record!, sc, seat)).toThrow();
  });

  it('the same seed and the same answers give the same record; another seed another game', async () => {
    const t: TableSpec = { rules: 'babcock', players: 4, unit: 'match', seed: 21, seat: 'S', opponents: ['harr', 'greedy', 'chow-mixer'] };
    const records: string[] = [];
    for (const seed of [21, 21, 22]) {
      let text = '';
      const s = await session({ ...t, seed }, (r) => ((text = recordText(r)), 'x.json'));
      playGame(s);
      records.push(text);
    }
    expect(records[0]!.length).toBeGreaterThan(1000);
    expect(records[1]).toBe(records[0]);
    expect(records[2]).not.toBe(records[0]);
  });

  it('new games follow the seed: game g deals as game g of a simulation, the seat rotates with the dealer', async () => {
    const t: TableSpec = { rules: 'harr', players: 4, unit: 'hand', seed: 5, seat: 'E', opponents: ['harr', 'harr', 'harr'] };
    const got: GameRecord[] = [];
    const s = await session(t, (r) => (got.push(r), `g${r.game}.json`));
    for (let g = 0; g < 3; g++) {
      playGame(s);
      expect(s.newGame({ token: s.token })).toEqual({ ok: true });
    }
    expect(got.map((r) => r.game)).toEqual([0, 1, 2]);
    expect(got.map((r) => r.hands[0]!.dealer)).toEqual([0, 1, 2]);
    expect(got.map((r) => r.strategies.indexOf('person'))).toEqual([0, 1, 2]); // East each time
    expect(got.map((r) => r.hands[0]!.walls[0])).toEqual(
      await Promise.all(
        [0, 1, 2].map(async (g) => {
          const rec = await replayRecord({ rules: 'harr', strategies: 'harr,harr,harr,harr', seed: 5, game: g, players: 4, unit: 'hand', flowers: false, duplicate: false });
          return rec.hands[0]!.walls[0];
        }),
      ),
    );
    // random: drawn from the seed, the same each time
    const a = await session({ ...t, seat: 'random' }, () => 'x');
    const b = await session({ ...t, seat: 'random' }, () => 'x');
    expect(a.person).toBe(b.person);
  });

  for (const [what, game, seat, phase] of [
    ['washes the tiles', 172, 'W', 'wash'],
    ['robs a kong', 365, 'N', 'rob'],
  ] as const) {
    it(`a person answering as harr would plays game g exactly as simulate's game g: harr-limit seed 1 game ${game}, where the seat ${what}`, async () => {
      const harr = await resolveStrategy('harr');
      let record: GameRecord | null = null;
      const s = await session({ rules: 'harr-limit', players: 4, unit: 'hand', seed: 1, seat, opponents: ['harr', 'harr', 'harr'] }, (r) => ((record = r), 'x.json'));
      for (let g = 0; g < game; g++) {
        playGame(s, (m) => (m.view.legal as { type: string; tile?: number }[])[0]!);
        s.newGame({ token: s.token });
      }
      expect(s.game).toBe(game);
      const agent = harr.strategy.create({ seat: s.person, players: 4, rules: s.state.rules, rng: seatStream(1, game, s.person), params: harr.params });
      const { phases, messages } = playGame(s, () => agent.act(viewFor(s.state, s.person)) as { type: string; tile?: number });
      expect(phases.get(phase)).toBeGreaterThan(0);
      const sim = await replayRecord({ rules: 'harr-limit', strategies: 'harr,harr,harr,harr', seed: 1, game, players: 4, unit: 'hand', flowers: false, duplicate: false });
      const relabel = (r: GameRecord): GameRecord => JSON.parse(JSON.stringify(r).replaceAll('"person"', '"harr"')) as GameRecord;
      expect(relabel(record!)).toEqual(sim);
      expect(record!.hands[0]!.events.some((e) => (phase === 'wash' ? e.e === 'wash' && e.seat === s.person : e.e === 'mahjong' && e.by === 'robbing-kong' && e.seat === s.person))).toBe(true);
      // ...and replay --seat with harr finds no move where harr would differ.
      const file = join(dir, `as-harr-${game}.json`);
      writeFileSync(file, recordText(record!));
      expect(checkSeatMessages(messages, record!, readScenario(file), s.person).ends).toBe(1);
      const c = compareSeat(readScenario(file), file, s.person, harr);
      expect(c.decisions).toBe([...phases.values()].reduce((a, b) => a + b, 0));
      expect(c.differences).toEqual([]);
    });
  }

  it('refuses bad, illegal and stale answers and changes nothing', async () => {
    const s = await session({ rules: 'harr', players: 4, unit: 'hand', seed: 11, seat: 'E', opponents: ['harr', 'harr', 'harr'] }, () => 'x');
    const before = JSON.stringify(s.message());
    const m = s.message();
    const held = new Set(m.view.concealed as number[]);
    const notHeld = [...Array(34).keys()].find((t) => !held.has(t))!;
    const bad: [unknown, number, RegExp][] = [
      [null, 400, /an answer is/],
      ['discard', 400, /an answer is/],
      [{ token: m.token }, 400, /not an action/],
      [{ token: m.token, action: { type: 7 } }, 400, /not an action/],
      [{ token: m.token, action: { type: 'discard', tile: 1.5 } }, 400, /not an action/],
      [{ token: m.token, action: { type: 'discard', tile: notHeld } }, 400, /is not legal now \(turn\); you may: discard /],
      [{ token: m.token, action: { type: 'discard', tile: 99 } }, 400, /discard 99 is not legal now/],
      [{ token: m.token, action: { type: 'pung' } }, 400, /pung is not legal now/],
      [{ token: m.token, action: { type: '__proto__' } }, 400, /not legal now/],
      [{ token: m.token - 1, action: scripted(m) }, 409, /an earlier moment/],
      [{ token: String(m.token), action: scripted(m) }, 409, /an earlier moment/],
    ];
    for (const [body, status, msg] of bad) {
      const a = s.act(body);
      expect(a.ok, JSON.stringify(body)).toBe(false);
      if (!a.ok) {
        expect(a.status).toBe(status);
        expect(a.error).toMatch(msg);
      }
      expect(JSON.stringify(s.message())).toBe(before);
    }
    expect(s.nextHand({ token: m.token })).toMatchObject({ ok: false, status: 409 });
    expect(s.newGame({ token: m.token })).toMatchObject({ ok: false, status: 409, error: 'finish the hand first' });
    expect(JSON.stringify(s.message())).toBe(before);
    // A good answer goes through; the same answer sent again is stale.
    expect(s.act({ token: m.token, action: scripted(m) })).toEqual({ ok: true });
    expect(s.act({ token: m.token, action: scripted(m) })).toMatchObject({ ok: false, status: 409 });
  });

  it('an opponent that fails stops the game with its message; a new game goes on', async () => {
    const bot = join(dir, 'bad-bot.mjs');
    writeFileSync(bot, `let n = 0; export default { name: 'bad', params: [], create: () => ({ act(v) { if (++n > 12) throw new Error('boom'); return v.legal[0]; } }) };\n`);
    const s = await session({ rules: 'harr', players: 4, unit: 'hand', seed: 11, seat: 'E', opponents: ['harr', bot, 'harr'] }, () => 'x');
    for (let i = 0; i < 100 && s.status === 'decide'; i++) s.act({ token: s.token, action: scripted(s.message()) });
    expect(s.status).toBe('stopped');
    const m = s.message();
    expect(m.problem).toMatch(/^strategy ".*bad-bot\.mjs" at seat 2 threw: boom .*; the game cannot go on/);
    expect(s.act({ token: m.token, action: { type: 'pass' } })).toMatchObject({ ok: false, status: 409 });
    expect(s.newGame({ token: m.token })).toEqual({ ok: true });
    expect(s.game).toBe(1);
    expect(s.message().problem).toBeNull();
  });

  it('a record that cannot be saved is kept, said on the page, and saved again once it can be', async () => {
    const out = join(dir, 'readonly');
    let fail = true;
    const s = await session({ rules: 'harr', players: 4, unit: 'hand', seed: 11, seat: 'E', opponents: ['harr', 'harr', 'harr'] }, (r) => {
      if (fail) throw new Error(`cannot write in ${out} (ENOSPC)`);
      return saveRecord(recordDir(out), r);
    });
    playGame(s);
    const m = s.message();
    expect(m.status).toBe('game-over');
    expect(m.saved).toBeNull();
    expect(m.problem).toBe(`the record could not be saved: cannot write in ${out} (ENOSPC)`);
    expect(s.record).not.toBeNull();
    expect(s.saveAgain({ token: m.token })).toMatchObject({ ok: false, status: 409, error: /ENOSPC/ });
    fail = false;
    expect(s.saveAgain({ token: s.token })).toEqual({ ok: true });
    const file = s.message().saved!.file;
    expect(readFileSync(file, 'utf8')).toBe(recordText(s.record!));
    expect(s.saveAgain({ token: s.token })).toMatchObject({ ok: false, status: 409 });
  });
});

/** A small tmpfs of our own (root only), or null where none can be mounted. */
function tmpfs(path: string, opts: string): boolean {
  mkdirSync(path, { recursive: true });
  if (process.getuid?.() !== 0) return false;
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', opts, 'tmpfs', path], { stdio: 'ignore' });
    mounts.push(path);
    return true;
  } catch {
    return false;
  }
}
const mounts: string[] = [];
afterAll(() => {
  for (const m of mounts) execFileSync('umount', [m]);
});

describe('a full disk and a read-only one (a tmpfs of the test\'s own, where it can mount one)', () => {
  const full = join(dir, 'full');
  const ro = join(dir, 'ro-fs');
  const canFull = tmpfs(full, 'size=64k');
  const canRo = tmpfs(ro, 'ro,size=16k');
  if (!canFull) process.stdout.write('play session.test: cannot mount a tmpfs here; the full-disk case is skipped\n');
  it.skipIf(!canFull)('a game finished on a full disk keeps its record, says so, leaves no partial file, and saves once there is room', async () => {
    const out = recordDir(full);
    writeFileSync(join(out, 'filler'), Buffer.alloc(60 * 1024));
    const s = await session({ rules: 'harr', players: 4, unit: 'hand', seed: 11, seat: 'E', opponents: ['harr', 'harr', 'harr'] }, (r) => saveRecord(out, r));
    playGame(s);
    const m = s.message();
    expect(m.status).toBe('game-over');
    expect(m.saved).toBeNull();
    expect(m.problem).toBe(`the record could not be saved: cannot write in ${out}: disk full (ENOSPC)`);
    expect(readdirSync(out)).toEqual(['filler']);
    rmSync(join(out, 'filler'));
    expect(s.saveAgain({ token: m.token })).toEqual({ ok: true });
    const file = s.message().saved!.file;
    expect(readdirSync(out)).toEqual([file.slice(out.length + 1)]);
    expect(recordText(replayRecordFile(file))).toBe(readFileSync(file, 'utf8'));
  });
  it.skipIf(!canRo)('a read-only record directory is refused before any game', () => {
    expect(() => recordDir(ro)).toThrow(/^--record-dir .*ro-fs: cannot write there: read-only file system \(EROFS\)$/);
  });
});

describe('saved records', () => {
  it('never replace a file: the same game saved twice gets a second name; nothing half-written is left', async () => {
    const out = recordDir(join(dir, 'twice'));
    let rec: GameRecord | null = null;
    const s = await session({ rules: 'harr', players: 4, unit: 'hand', seed: 11, seat: 'E', opponents: ['harr', 'harr', 'harr'] }, (r) => ((rec = r), 'x'));
    playGame(s);
    writeFileSync(join(out, 'harr-seed11-game0-2.json'), 'mine');
    expect(saveRecord(out, rec!)).toBe(join(out, 'harr-seed11-game0.json'));
    expect(saveRecord(out, rec!)).toBe(join(out, 'harr-seed11-game0-3.json'));
    expect(readFileSync(join(out, 'harr-seed11-game0-2.json'), 'utf8')).toBe('mine');
    expect(readdirSync(out).sort()).toEqual(['harr-seed11-game0-2.json', 'harr-seed11-game0-3.json', 'harr-seed11-game0.json']);
  });

  it('a record directory that is a file or cannot be written is refused with one line', () => {
    const f = join(dir, 'a-file');
    writeFileSync(f, 'x');
    expect(() => recordDir(f)).toThrow(/^--record-dir: cannot write to output directory .*a-file: .*a-file is a file, not a directory$/);
    expect(() => recordDir(join(f, 'below'))).toThrow(/below: .*a-file is a file, not a directory$/);
    expect(() => recordDir('/proc/mjlab-play')).toThrow(/\/proc is a pseudo file system/);
    if (process.getuid?.() !== 0) {
      const ro = join(dir, 'ro');
      recordDir(ro);
      chmodSync(ro, 0o500);
      expect(() => recordDir(ro)).toThrow(/cannot write there: permission denied \(EACCES\)/);
      chmodSync(ro, 0o700);
    }
  });
});
