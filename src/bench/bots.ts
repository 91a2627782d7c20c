/**
 * External bots' costs (docs/protocol.md "Speed"; docs/performance.md "External bots"): the round trip of one
 * decision to a trivial Node bot and to a trivial Python bot, split into where the time goes (writing the decision
 * message from the view, the pipes and the bot, reading the answer back into an action), and the hands per second
 * of four external `random` bots (examples/) against four built-in `random`, one worker, start-up cancelled.
 *
 * `node dist/src/bench/bots.js [--quick]` runs it alone; `npm run bench` runs it among the rest.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from 'simple-statistics';
import type { AgentView } from '../agent/types.js';
import { actionJson, answerAction, DecisionWriter } from '../bot/messages.js';
import { BotPipe } from '../bot/pipe.js';
import { legalActions, apply, isOver, toMove } from '../engine/step.js';
import { createHandState } from '../engine/state.js';
import { startHand } from '../engine/step.js';
import { seededWalls } from '../engine/chance.js';
import { makeStream } from '../rng/streams.js';
import { ruleSet } from '../rules/index.js';
import { viewFor } from '../view/view.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const BIN = join(ROOT, 'bin', 'mjlab.js');

/** Trivial bots: read a line, parse it, answer the first legal action (the least a bot can do and be right). */
const NODE_BOT = `import { createInterface } from 'node:readline';
createInterface({ input: process.stdin }).on('line', (l) => {
  const m = JSON.parse(l);
  if (m.type === 'hello') process.stdout.write('{"type":"ready"}\\n');
  else if (m.type === 'decide') process.stdout.write(JSON.stringify(m.legal[0]) + '\\n');
});
`;
const PYTHON_BOT = `import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "hello":
        print('{"type":"ready"}', flush=True)
    elif m["type"] == "decide":
        print(json.dumps(m["legal"][0]), flush=True)
`;
/** A bot that answers every line with the same action without reading it: the pipes alone. */
const ECHO_BOT = `import { createInterface } from 'node:readline';
createInterface({ input: process.stdin }).on('line', () => process.stdout.write('{"type":"pass"}\\n'));
`;

/** Views of real decisions: a few hands of babcock played by uniform choices, every decision's view. */
function sampleViews(count: number): { views: AgentView[]; messages: string[] } {
  const views: AgentView[] = [];
  const messages: string[] = [];
  const r = ruleSet('babcock');
  for (let seed = 1; views.length < count; seed++) {
    const s = createHandState(r, r.limit, false, 4);
    startHand(s, { dealer: 0, prevailing: 0, scores: [0, 0, 0, 0], chance: seededWalls((w) => makeStream(seed, 0, `wall:0:${w}`)) });
    const writers = [0, 1, 2, 3].map(() => new DecisionWriter());
    const pick = makeStream(seed, 0, 'pick');
    while (!isOver(s) && views.length < count) {
      const seat = toMove(s);
      const v = viewFor(s, seat);
      messages.push(writers[seat]!.message(v));
      views.push(v);
      const legal = legalActions(s);
      apply(s, legal[pick.int(legal.length)]!);
    }
  }
  return { views, messages };
}

function nowUs(): number {
  return Number(process.hrtime.bigint()) / 1000;
}

function cpuUs(): number {
  const u = process.cpuUsage();
  return u.user + u.system;
}

export interface RoundTrip {
  readonly bot: string;
  /** Median wall-clock microseconds per decision over the rounds. */
  readonly us: number;
  /** This process's CPU microseconds per decision (the lab's side of the pipes). */
  readonly labCpuUs: number;
}

function roundTrips(name: string, cmd: { command: string; args: string[] }, messages: readonly string[], rounds: number): RoundTrip {
  const pipe = new BotPipe({ command: cmd.command, args: cmd.args, cwd: null });
  try {
    pipe.ask('{"type":"hello"}');
    for (const m of messages.slice(0, 500)) pipe.ask(m); // warm up both sides
    const per: number[] = [];
    const cpu: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const t = nowUs();
      const c = cpuUs();
      for (const m of messages) pipe.ask(m);
      per.push((nowUs() - t) / messages.length);
      cpu.push((cpuUs() - c) / messages.length);
    }
    return { bot: name, us: median(per), labCpuUs: median(cpu) };
  } finally {
    pipe.close();
  }
}

/** Microseconds per decision to read a bot's answer back into one of the view's legal actions. */
function readCost(views: readonly AgentView[], rounds: number): number {
  const answers = views.map((v) => JSON.stringify(actionJson(v.legal[v.legal.length - 1]!)));
  const per: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const t = nowUs();
    for (let i = 0; i < views.length; i++) answerAction(answers[i]!, views[i]!.legal);
    per.push((nowUs() - t) / views.length);
  }
  return median(per);
}

/** The message written for each decision of played hands, timed while the decision is open. */
function writeCost(count: number, rounds: number): number {
  const r = ruleSet('babcock');
  const per: number[] = [];
  for (let round = 0; round < rounds; round++) {
    let spent = 0;
    let n = 0;
    for (let seed = 1; n < count; seed++) {
      const s = createHandState(r, r.limit, false, 4);
      startHand(s, { dealer: 0, prevailing: 0, scores: [0, 0, 0, 0], chance: seededWalls((w) => makeStream(seed, 0, `wall:0:${w}`)) });
      const writers = [0, 1, 2, 3].map(() => new DecisionWriter());
      const pick = makeStream(seed, 0, 'pick');
      while (!isOver(s) && n < count) {
        const seat = toMove(s);
        const v = viewFor(s, seat);
        const t = nowUs();
        writers[seat]!.message(v);
        spent += nowUs() - t;
        n++;
        const legal = legalActions(s);
        apply(s, legal[pick.int(legal.length)]!);
      }
    }
    per.push(spent / n);
  }
  return median(per);
}

/** Hands per second of one worker for a lineup: (long - short hands) / (long - short seconds), start-up cancelled. */
function handsPerSecond(lineup: string, short: number, long: number): number {
  const dir = mkdtempSync(join(tmpdir(), 'mjlab-bench-bots-'));
  try {
    const time = (games: number): number => {
      const t = nowUs();
      execFileSync(process.execPath, [BIN, 'simulate', '--strategies', lineup, '--games', String(games), '--workers', '1', '--out', join(dir, String(games)), '--no-progress', '--quiet'], { stdio: 'ignore', cwd: ROOT });
      return (nowUs() - t) / 1e6;
    };
    const a = time(short);
    const b = time(long);
    return (long - short) / (b - a);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchBots(quick = false): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'mjlab-bench-bot-'));
  const lines: string[] = [];
  try {
    writeFileSync(join(dir, 'bot.mjs'), NODE_BOT);
    writeFileSync(join(dir, 'echo.mjs'), ECHO_BOT);
    writeFileSync(join(dir, 'bot.py'), PYTHON_BOT);
    const { views, messages } = sampleViews(quick ? 1_000 : 5_000);
    const rounds = quick ? 3 : 7;
    const size = median(messages.map((m) => m.length));
    const node = roundTrips('trivial Node bot', { command: process.execPath, args: [join(dir, 'bot.mjs')] }, messages, rounds);
    const echo = roundTrips('Node bot that does not read the message', { command: process.execPath, args: [join(dir, 'echo.mjs')] }, messages, rounds);
    const hasPython = spawnSync('python3', ['--version']).status === 0;
    const python = hasPython ? roundTrips('trivial Python bot', { command: 'python3', args: [join(dir, 'bot.py')] }, messages, rounds) : null;
    const write = writeCost(quick ? 1_000 : 5_000, rounds);
    const read = readCost(views, rounds);
    lines.push(`one decision's round trip (median of ${rounds} rounds of ${messages.length} babcock decisions, messages of ${Math.round(size)} bytes at the median):`);
    for (const r of [node, echo, ...(python ? [python] : [])]) {
      lines.push(`  ${r.bot.padEnd(40)} ${r.us.toFixed(1).padStart(7)} µs a decision (the lab's CPU ${r.labCpuUs.toFixed(1)} µs)`);
    }
    if (!python) lines.push('  trivial Python bot: python3 not found (skipped)');
    lines.push(`  of which in the lab: writing the message from the view ${write.toFixed(1)} µs, reading the answer ${read.toFixed(2)} µs; the pipes and the bot's reading the rest`);
    const short = quick ? 20 : 100;
    const long = quick ? 120 : 600;
    const four = (e: string) => [e, e, e, e].join(',');
    const builtin = handsPerSecond(four('random'), short * 10, long * 10);
    const nodeBots = handsPerSecond(four('cmd:node examples/random-bot.mjs'), short, long);
    const pyBots = hasPython ? handsPerSecond(four('cmd:python3 examples/random_bot.py'), short, long) : NaN;
    lines.push(`four random players, one worker (start-up cancelled): built-in ${Math.round(builtin)} hands/s; external Node ${Math.round(nodeBots)} hands/s (${(builtin / nodeBots).toFixed(0)}x slower)${hasPython ? `; external Python ${Math.round(pyBots)} hands/s (${(builtin / pyBots).toFixed(0)}x slower)` : ''}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(await benchBots(process.argv.includes('--quick')));
}
