/**
 * Example user strategy for mahjong-lab (docs/strategies.md, "Writing your own strategy").
 *
 *   node bin/mjlab.js simulate --rules harr --strategies ./strategies/example-user-bot.js,greedy,greedy,greedy
 *   node bin/mjlab.js simulate --strategies ./strategies/example-user-bot.js:keepHonours=false,greedy,greedy,greedy
 *
 * A strategy file is an ES module (plain JavaScript, no build step) whose default export (or export named
 * `strategy`) is an object { name, description, params, create(init) }. `create` is called once per seat per game
 * with { seat, players, rules, rng, params } and returns an agent { act(view) } that must return one of
 * `view.legal` (an equal object is enough). `init.rng` is the agent's own seeded stream: use it, never
 * Math.random, so that games replay from their seed.
 *
 * Tiles are integers: 0-8 characters 1-9, 9-17 dots, 18-26 bamboo, 27-30 winds E S W N, 31-33 dragons
 * white green red. This bot:
 *  - always declares Mah-Jongg (and robs a kong) when offered;
 *  - claims a pung when it holds the pair (never chows);
 *  - discards the tile with the fewest neighbours in its hand (a lone honour first, unless keepHonours),
 *    breaking ties with its seat stream.
 */

/** How many held tiles sit next to (or on) tile t: a crude measure of how useful t is. */
function neighbours(counts, t) {
  if (t >= 27) return (counts[t] - 1) * 3;
  let n = (counts[t] - 1) * 3;
  const r = t % 9;
  if (r > 0) n += counts[t - 1] * 2;
  if (r < 8) n += counts[t + 1] * 2;
  if (r > 1) n += counts[t - 2];
  if (r < 7) n += counts[t + 2];
  return n;
}

const strategy = {
  name: 'example-user-bot',
  description: 'example user strategy: wins when it can, pungs pairs, discards the loneliest tile',
  params: [{ name: 'keepHonours', default: false, description: 'treat lone honours as worth keeping (dragon doubles)' }],
  create(init) {
    const keepHonours = init.params.keepHonours === true;
    return {
      act(view) {
        const find = (type) => view.legal.find((a) => a.type === type);
        const win = find('mahjong') ?? find('rob');
        if (win) return win;
        if (view.phase !== 'turn') return find('pung') ?? find('pass') ?? view.legal[0];
        const counts = new Array(34).fill(0);
        for (const t of view.concealed) if (t < 34) counts[t]++;
        let best = [];
        let bestScore = Infinity;
        for (const a of view.legal) {
          if (a.type !== 'discard') continue;
          const score = neighbours(counts, a.tile) + (keepHonours && a.tile >= 27 ? 2 : 0);
          if (score < bestScore) {
            bestScore = score;
            best = [a];
          } else if (score === bestScore) best.push(a);
        }
        return best.length > 0 ? best[init.rng.int(best.length)] : view.legal[0];
      },
    };
  },
};

export default strategy;
