/**
 * Instruction counts for the rollout and mix targets of docs/performance.md, steady where the machine's rates are not: one of three workloads, its
 * counted part bracketed for valgrind's callgrind (`callgrind_control -i on` / `off` on this process), so that
 * start-up, table builds and the warm-up are never counted. Run under
 *
 *   valgrind --tool=callgrind --instr-atstart=no node --single-threaded dist/src/bench/count.js WORKLOAD [DIST]
 *
 * (without valgrind it only plays the workload and prints its hash). WORKLOAD is `rollouts` (sampled worlds of the
 * decision states of 60 hands of four `harr`, played to the end by four reused `harr` and scored, as search plays
 * them: 300 to warm up, 1,000 more uncounted, 1,000 counted), `mix` (harr rules, the four-strategy mix on one
 * engine: 250 hands uncounted, 200 counted), `random` (four `random` likewise: 2,000 and 2,000) or `decision` (search at 256 rollouts against three `harr`, hand 0 of
 * the timing's walls after a warm-up hand at 64: its first two searched decisions). DIST is the build to measure
 * (a `dist` directory, default this one), so that the same script counts the commits before (docs/performance.md).
 * The printed hash (decisions and winners) must be equal for two builds compared. Divide callgrind's total by the
 * counted rollouts, hands or decisions; docs/performance.md also leaves out V8's optimising compiler, which still
 * runs in the counted part under `--single-threaded` and moves by more than a change saves:
 * `node dist/src/bench/count.js split callgrind.out.PID UNITS` gives both.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

type Module = Record<string, any>;

function counting(on: boolean): void {
  // Outside valgrind there is no such process to tell: nothing to count.
  try {
    execFileSync('callgrind_control', ['-i', on ? 'on' : 'off', String(process.pid)], { stdio: 'ignore' });
  } catch {
    /* not under callgrind */
  }
}

async function rollouts(load: (p: string) => Promise<Module>): Promise<string> {
  const { decisionStates } = await load('src/bench/machine.js');
  const { sampleWorldInto } = await load('src/engine/sample.js');
  const { createHandState } = await load('src/engine/state.js');
  const { apply } = await load('src/engine/step.js');
  const { handResult } = await load('src/engine/result.js');
  const { makeStream } = await load('src/rng/streams.js');
  const { ruleSet } = await load('src/rules/index.js');
  const { viewFor } = await load('src/view/view.js');
  const { harr } = await load('strategies/harr.js');
  const states = decisionStates('harr', 60);
  const r = ruleSet('harr');
  const world = createHandState(r, r.limit, r.flowers, 4);
  const rng = makeStream(1, 0, 'bench:sample');
  const params = Object.fromEntries(harr.params.map((p: { name: string; default: unknown }) => [p.name, p.default]));
  const agents = [0, 1, 2, 3].map((seat) => harr.create({ seat, players: 4, rules: r, rng: makeStream(1, 0, `seat:${seat}`), params }));
  let h = 0;
  let decisions = 0;
  const play = (i: number): void => {
    const s = states[(i * 7919) % states.length];
    sampleWorldInto(world, s, s.flow.seat, rng);
    for (const a of agents) a.reset();
    while (world.flow.phase !== 'over') {
      const act = agents[world.flow.seat].act(viewFor(world, world.flow.seat));
      h = (h * 31 + act.type.length * 37 + (act.tile ?? 99)) >>> 0;
      apply(world, act);
      decisions++;
    }
    h = (h * 31 + (handResult(world, 0, false).winner ?? 9) + 1) >>> 0;
  };
  let i = 0;
  for (; i < 1_300; i++) play(i);
  decisions = 0;
  counting(true);
  for (; i < 2_300; i++) play(i);
  counting(false);
  return `rollouts: 1000 counted, ${decisions} decisions, hash ${h}`;
}

/** Hands of one lineup on one engine (harr rules): `warm` uncounted, then `counted` counted. */
async function hands(load: (p: string) => Promise<Module>, name: string, strategies: string, warm: number, counted: number): Promise<string> {
  const { resolveLineup } = await load('src/lineup/registry.js');
  const { createEngine } = await load('src/game/play.js');
  const { gameSetup } = await load('src/game/setup.js');
  const { ruleSet } = await load('src/rules/index.js');
  const rules = ruleSet('harr');
  const lineup = await resolveLineup(strategies, 4);
  const config = { rules, limit: rules.limit, flowers: rules.flowers, players: 4, unit: 'hand', seed: 1, lineup, duplicate: false };
  const engine = createEngine(config);
  let h = 0;
  let turns = 0;
  const play = (g: number): void => {
    const r = engine.play(gameSetup(config, g), { record: false }).hands[0];
    turns += r.turns;
    h = (h * 31 + (r.winner ?? 9) + 1) >>> 0;
  };
  let g = 0;
  for (; g < warm; g++) play(g);
  turns = 0;
  counting(true);
  for (; g < warm + counted; g++) play(g);
  counting(false);
  return `${name}: ${counted} hands counted, ${turns} turns, hash ${h}`;
}

const mix = (load: (p: string) => Promise<Module>): Promise<string> => hands(load, 'mix', 'harr,chow-mixer,suit-hunter,defender', 250, 200);
const random = (load: (p: string) => Promise<Module>): Promise<string> => hands(load, 'random', 'random,random,random,random', 2_000, 2_000);

async function decision(load: (p: string) => Promise<Module>): Promise<string> {
  const { applyParams } = await load('src/agent/params.js');
  const { seededWalls } = await load('src/engine/chance.js');
  const { createHandState } = await load('src/engine/state.js');
  const { apply, startHand } = await load('src/engine/step.js');
  const { makeStream } = await load('src/rng/streams.js');
  const { ruleSet } = await load('src/rules/index.js');
  const { viewFor } = await load('src/view/view.js');
  const { harr } = await load('strategies/harr.js');
  const { search } = await load('strategies/search.js');
  const r = ruleSet('harr');
  const hp = applyParams(harr, [], 'harr');
  const out: string[] = [];
  // The hands of src/bench/search-timing.ts (seed 7), search at seat 0.
  const hand = (g: number, budget: number, counted: boolean): void => {
    const s = createHandState(r, r.limit, r.flowers, 4);
    startHand(s, { dealer: g % 4, prevailing: 0, scores: [0, 0, 0, 0], chance: seededWalls((w: number) => makeStream(7, g, `wall:0:${w}`)) });
    const agents = [0, 1, 2, 3].map((seat) => harr.create({ seat, players: 4, rules: r, rng: makeStream(7, g, `seat:${seat}`), params: hp }));
    const me = search.create({ seat: 0, players: 4, rules: r, rng: makeStream(7, g, 'seat:0'), params: applyParams(search, [`budget=${budget}`], 'search') });
    agents[0] = me;
    let searched = 0;
    while (s.flow.phase !== 'over' && !(counted && searched >= 2)) {
      const seat = s.flow.seat;
      const view = viewFor(s, seat);
      if (seat !== 0) {
        apply(s, agents[seat].act(view));
        continue;
      }
      const before = me.rollouts();
      if (counted) counting(true);
      const a = me.act(view);
      if (counted) counting(false);
      if (me.rollouts() > before) {
        searched++;
        if (counted) out.push(`${a.type}${a.tile ?? ''} after ${me.rollouts() - before} rollouts`);
      }
      apply(s, a);
    }
  };
  hand(1000, 64, false);
  hand(0, 256, true);
  return `decision: the searcher's decisions to its second searched one counted: ${out.join(', ')}`;
}

/** V8's compilers and interpreter set-up, by the names callgrind gives their functions in the node binary. */
const COMPILING = /compiler::|maglev|Compile|Turbofan|turboshaft|Zone|Deoptim|interpreter::|Bytecode|baseline/;

/**
 * `split FILE N`: a callgrind output's total per counted unit, and the same without V8's compiling (functions named
 * by COMPILING, self cost, from callgrind_annotate), which the figures of docs/performance.md read.
 */
function split(file: string, n: number): string {
  const text = execFileSync('callgrind_annotate', ['--threshold=100', file], { encoding: 'utf8', maxBuffer: 1 << 28 });
  let total = 0;
  let compiling = 0;
  for (const line of text.split('\n')) {
    const m = /^\s*([\d,]+) \(\s*[\d.]+%\)\s+(.*)$/.exec(line);
    if (!m) continue;
    const ir = Number(m[1]!.replaceAll(',', ''));
    if (m[2]!.includes('PROGRAM TOTALS')) total = ir;
    else if (!m[2]!.startsWith('???:0x') && COMPILING.test(m[2]!)) compiling += ir;
  }
  const M = (x: number): string => `${(x / n / 1e6).toFixed(3)} M`;
  return `${file}: ${M(total)} instructions per unit, ${M(compiling)} of them compiling, ${M(total - compiling)} without`;
}

const WORKLOADS: Record<string, (load: (p: string) => Promise<Module>) => Promise<string>> = { rollouts, mix, random, decision };

const [name, dist, units] = process.argv.slice(2);
const work = WORKLOADS[name ?? ''];
if (name === 'split' && dist && Number(units) > 0) console.log(split(dist, Number(units)));
else if (!work) {
  console.error(`count: name a workload (${Object.keys(WORKLOADS).join(', ')}) or split FILE UNITS`);
  process.exit(2);
} else {
  const root = dist ? resolve(dist) : resolve(import.meta.dirname, '../..');
  console.log(await work((p) => import(pathToFileURL(resolve(root, p)).href) as Promise<Module>));
}
