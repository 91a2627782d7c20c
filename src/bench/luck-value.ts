/**
 * What luck.bin format 4 costs (docs/statistics.md "The learned value"): the same hands played three ways in one
 * thread, rounds interleaved, process CPU per hand: no luck meter, the meter of format 3, and the meter with the
 * value model of format 4 (evaluated for every kind the wall holds at every draw); and the value model's
 * evaluations a second (its evaluations over the CPU it added to format 3). Target: recording at most three times
 * format 3's cost a hand. The model is the tests' fixture (test/runner/fixtures/value-harr-limit.mjval), or MODEL as
 * the first argument.
 *
 *   node dist/src/bench/luck-value.js [MODEL] [HANDS]
 */
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createEngine } from '../game/play.js';
import { gameSetup } from '../game/setup.js';
import { LuckMeter } from '../luck/meter.js';
import { tableConfig } from '../runner/table.js';
import { median } from 'simple-statistics';
import { readValueModel } from '../value/model-file.js';
import { ValueTerms } from '../value/terms.js';

const FIXTURE = fileURLToPath(new URL('../../../test/runner/fixtures/value-harr-limit.mjval', import.meta.url));
const LINEUP = 'harr,harr,harr,harr';

export async function benchLuckValue(model = FIXTURE, hands = 400, rounds = 3): Promise<Record<string, string>> {
  if (!existsSync(model)) return { 'luck format 4': `no model at ${model} (skipped)` };
  const m = readValueModel(model).model;
  const config = await tableConfig({ rules: m.header.rules, strategies: LINEUP, players: 4, unit: 'hand', seed: 1, duplicate: true, flowers: false, limit: (m.header.limit as number | null | undefined) ?? null });
  const engine = createEngine(config);
  const cpu = (): number => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const per = { none: [] as number[], three: [] as number[], four: [] as number[], evals: [] as number[] };
  for (let r = 0; r < rounds; r++) {
    for (const way of ['none', 'three', 'four'] as const) {
      const terms = way === 'four' ? new ValueTerms(m) : null;
      const meter = way === 'none' ? null : new LuckMeter(4, true, terms);
      const t0 = cpu();
      for (let g = 0; g < hands; g++) engine.play(gameSetup(config, g), meter ? { record: false, luck: meter } : { record: false });
      per[way].push((cpu() - t0) / hands);
      if (terms) per.evals.push(terms.evaluations / hands);
    }
  }
  const none = median(per.none);
  const three = median(per.three);
  const four = median(per.four);
  const evals = median(per.evals);
  return {
    [`${m.header.rules}, ${LINEUP}, ${hands} hands × ${rounds} rounds, CPU ms a hand`]: `no meter ${none.toFixed(3)}, format 3 ${three.toFixed(3)}, format 4 ${four.toFixed(3)}`,
    'recording, format 4 against format 3 (the meter\'s own cost)': `${((four - none) / (three - none)).toFixed(2)}× (target at most 3×); whole hand ${(four / three).toFixed(2)}×`,
    'value model': `${evals.toFixed(0)} evaluations a hand, ${Math.round((1000 * evals) / (four - three)).toLocaleString('en-US')} a second of the CPU it adds (hidden ${m.header.hidden})`,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(await benchLuckValue(process.argv[2] ?? FIXTURE, Number(process.argv[3] ?? 400)));
}
