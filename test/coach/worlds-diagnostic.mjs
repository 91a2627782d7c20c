// Test-only measurement (docs/replay.md "How honest are the values?"): where a coach's values
// err, on self-play with four harr. At each decision of one seat the answer it played is valued four ways, at the
// same budget, and each value is compared with the hand's realised net for the seat:
// - coach: the coach's own worlds (src/coach/coach.ts: the inference over worlds with its Metropolis walk);
// - nowalk: the worlds the coach used before (12 weighed deals per other seat, no walk);
// - truehands: worlds that keep the TRUE concealed hands of the other seats, only the wall (and later walls)
//   re-dealt, and forget what the sampler forgets (another seat's drawn tile, an unshown claim);
// - truestate: the true state itself, nothing re-dealt (only the rollout agents' fresh plans differ from the table's).
// It reads hidden state on purpose, so it lives here and never in src/: no agent is ever given such a world.
//
//   npm run build && HANDS=100 RULES=harr OFF=0 node test/coach/worlds-diagnostic.mjs
//
// HANDS hands (games 0..HANDS-1, the walls of test/coach/honest.test.ts), the seat OFF places after the dealer,
// BUDGET worlds per value (16). Prints, per stage of the hand, the mean of net − value clustered by hand, and the
// same against the truehands value (paired: the worlds' own error, far tighter). A few minutes at 100 hands.
import { performance } from 'node:perf_hooks';

const D = new URL('../../dist/', import.meta.url).href;
const { coachOf } = await import(`${D}src/coach/coach.js`);
const { evaluateView } = await import(`${D}src/coach/evaluate.js`);
const { seededWalls, streamWalls } = await import(`${D}src/engine/chance.js`);
const { createHandState } = await import(`${D}src/engine/state.js`);
const { apply, isOver, startHand } = await import(`${D}src/engine/step.js`);
const { handResult } = await import(`${D}src/engine/result.js`);
const { resolveStrategy } = await import(`${D}src/lineup/registry.js`);
const { makeStream } = await import(`${D}src/rng/streams.js`);
const { ruleSet } = await import(`${D}src/rules/index.js`);
const { viewFor } = await import(`${D}src/view/view.js`);
const { applyParams } = await import(`${D}src/agent/params.js`);
const { StateWorld } = await import(`${D}src/view/world.js`);
const { cloneState } = await import(`${D}src/engine/clone.js`);
const { copyViewCache } = await import(`${D}src/view/cache.js`);
const { inferenceGuide } = await import(`${D}src/infer/guide.js`);
const { opponentGuide } = await import(`${D}src/infer/opponent-model.js`);
const { harr } = await import(`${D}strategies/harr.js`);

const RULES = process.env.RULES ?? 'harr';
const HANDS = Number(process.env.HANDS ?? 100);
const OFF = Number(process.env.OFF ?? 0);
const BUDGET = Number(process.env.BUDGET ?? 16);
const r = ruleSet(RULES);
const params = applyParams(harr, [], RULES);
const coach = coachOf(await resolveStrategy(`search:budget=${BUDGET}`));
const noWalk = { ...coach, guide: (v) => inferenceGuide(v, 12, opponentGuide(12)) };
const policy = (rng) => [0, 1, 2, 3].map((seat) => coach.policy.strategy.create({ seat, players: 4, rules: r, rng, params: coach.policy.params }));

/** A world holding the true state; `redeal`: the wall shuffled and the unseen forgotten, the hands kept. */
function trueWorld(s, seat, rng, redeal) {
  const t = cloneState(s);
  if (redeal) {
    if (!(t.flow.phase === 'turn' && t.flow.seat === seat)) t.priv.drawn = -1;
    if (t.flow.phase === 'claim') {
      t.flow.claim.bestSeat = -1;
      t.flow.claim.bestAction = null;
    }
    const w = t.hidden.wall;
    for (let i = w.tail - 1; i > w.head; i--) {
      const j = w.head + rng.int(i - w.head + 1);
      [w.tiles[i], w.tiles[j]] = [w.tiles[j], w.tiles[i]];
    }
    t.hidden.chance = streamWalls(rng);
  }
  copyViewCache(t, s);
  return new StateWorld(t, viewFor);
}

function trueValue(s, seat, a, game, k, redeal) {
  const worlds = makeStream(game, k, `true:${redeal}`);
  let sum = 0;
  for (let i = 0; i < BUDGET; i++) {
    const w = trueWorld(s, seat, worlds, redeal);
    w.apply(a);
    sum += w.playOut(policy(makeStream(game, k, `true:${i}`)))[seat];
  }
  return sum / BUDGET;
}

const rows = [];
const t0 = performance.now();
for (let game = 0; game < HANDS; game++) {
  const s = createHandState(r, r.limit, r.flowers, 4);
  startHand(s, { dealer: game % 4, prevailing: 0, scores: [0, 0, 0, 0], chance: seededWalls((w) => makeStream(game, 0, `wall:0:${w}`)) });
  const table = [0, 1, 2, 3].map((seat) => harr.create({ seat, players: 4, rules: r, rng: makeStream(game, seat, 'seat'), params }));
  const seat = (game + OFF) % 4;
  const mine = [];
  for (let k = 0; !isOver(s); k++) {
    const view = viewFor(s, s.flow.seat);
    const a = table[s.flow.seat].act(view);
    if (s.flow.seat === seat && view.legal.length > 1) {
      const streams = { worlds: makeStream(game, k, 'value'), rollout: (i) => makeStream(game, k, `value:${i}`) };
      const coachValue = evaluateView(view, coach, streams, [a])[0].value.mean;
      const streams2 = { worlds: makeStream(game, k, 'value'), rollout: (i) => makeStream(game, k, `value:${i}`) };
      const nowalk = evaluateView(view, noWalk, streams2, [a])[0].value.mean;
      mine.push({ game, disc: view.discardCount, coach: coachValue, nowalk, truehands: trueValue(s, seat, a, game, k, true), truestate: trueValue(s, seat, a, game, k, false) });
    }
    apply(s, a);
  }
  const net = handResult(s, 0, false).nets[seat];
  for (const p of mine) rows.push({ ...p, net });
}

/** Mean of ref − key over `rs`, ± its standard error clustered by hand. */
function err(rs, key, ref) {
  const m = rs.reduce((x, p) => x + p[ref] - p[key], 0) / rs.length;
  const by = new Map();
  for (const p of rs) by.set(p.game, (by.get(p.game) ?? 0) + p[ref] - p[key] - m);
  let v = 0;
  for (const x of by.values()) v += x * x;
  const g = by.size;
  return `${m.toFixed(1).padStart(7)} ± ${(Math.sqrt((g / (g - 1)) * v) / rs.length).toFixed(1).padEnd(5)}`;
}
const stages = { all: () => true, 'early (<12 discards)': (p) => p.disc < 12, 'mid (12-31)': (p) => p.disc >= 12 && p.disc < 32, 'late (32+)': (p) => p.disc >= 32 };
console.log(`${RULES}, seat ${OFF} after the dealer, ${HANDS} hands, ${rows.length} decisions, budget ${BUDGET}, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
console.log('net − value:');
for (const [name, f] of Object.entries(stages)) {
  const rs = rows.filter(f);
  console.log(`  ${name.padEnd(21)} n ${String(rs.length).padStart(4)}  ${['coach', 'nowalk', 'truehands', 'truestate'].map((k) => `${k} ${err(rs, k, 'net')}`).join('  ')}`);
}
console.log('truehands − value (the worlds alone):');
for (const [name, f] of Object.entries(stages)) {
  const rs = rows.filter(f);
  console.log(`  ${name.padEnd(21)} n ${String(rs.length).padStart(4)}  ${['coach', 'nowalk'].map((k) => `${k} ${err(rs, k, 'truehands')}`).join('  ')}`);
}
