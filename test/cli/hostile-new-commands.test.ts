// A hostile walk of the commands added after simulate, tune, play and replay (train, net models, league with
// --merge and --resume, sprt, review, experiment, merge, rules, score and settle --explain, variant files, bots),
// driving the built CLI as a user would: records and committed results given as outputs, inputs that are missing,
// directories, cut, altered or not mjlab's, impossible and repeated options, outputs that overlap what the command
// reads, names holding control characters. Each probe must end with one line naming the problem, exit status 2, no
// stack trace, and nothing on disk changed: the whole scratch tree (every fixture, every output directory) is
// compared byte for byte before and after. Signals are walked in test/runner/long-signals.test.ts, a full disk in
// test/runner/disk-full.test.ts. MJLAB_BIN runs the walk against another build (to count what held before a fix).
import { beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, ROOT, tempDir } from '../runner/helpers.js';
import { tree } from '../support/tree.js';

const tmp = tempDir('hostile');
const bin = process.env.MJLAB_BIN ?? BIN;

function run(args: readonly string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd: tmp, encoding: 'utf8', env: { ...process.env, CI: '' } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function ok(args: readonly string[]): void {
  const r = run(args);
  expect(r.status, r.stderr).toBe(0);
}

const TRAIN = ['train', '--rules', 'harr', '--teacher', 'harr', '--games', '40', '--seed', '2', '--hidden', '4', '--epochs', '1', '--workers', '1', '--no-progress'];
const SIM = ['--rules', 'harr', '--games', '8', '--workers', '1', '--no-progress'];
const LEAGUE = ['league', '--rules', 'harr', '--games', '8', '--workers', '1', '--no-progress'];
const SPRT = ['--rules', 'harr', '--delta', '50', '--max-games', '400', '--workers', '1', '--no-progress'];
const HAND = '66p 77m [222s] [777z] [333m] +6p';

beforeAll(() => {
  // Fixtures: a game record, a model (a copy of a committed one), a training output, two league shards, a variant.
  const g = run(['replay', '--rules', 'harr', '--strategies', 'random,random,random,random', '--seed', '1', '--game', '0', '--json']);
  expect(g.status, g.stderr).toBe(0);
  writeFileSync(join(tmp, 'g.json'), g.stdout);
  writeFileSync(join(tmp, 'cut.json'), g.stdout.slice(0, 5000));
  const rec = JSON.parse(g.stdout) as { hands: { walls: string[] }[] };
  const wall = rec.hands[0]!.walls[0]!.split(' ');
  [wall[0], wall[60]] = [wall[60]!, wall[0]!];
  rec.hands[0]!.walls[0] = wall.join(' ');
  writeFileSync(join(tmp, 'altered.json'), JSON.stringify(rec));
  writeFileSync(join(tmp, 'notes.txt'), 'my own notes\n');
  mkdirSync(join(tmp, 'adir'));
  mkdirSync(join(tmp, 'dir.json'));
  mkdirSync(join(tmp, 'foreign'));
  writeFileSync(join(tmp, 'foreign', 'mine.txt'), 'mine\n');
  const model = readFileSync(join(ROOT, 'results', 'learned-policy-pilot', 'harr', 'gen1', 'model.mjnet'));
  writeFileSync(join(tmp, 'm.mjnet'), model);
  writeFileSync(join(tmp, 'cut.mjnet'), model.subarray(0, 100_000));
  const flipped = Buffer.from(model);
  flipped[flipped.length >> 1] = flipped[flipped.length >> 1]! ^ 0xff;
  writeFileSync(join(tmp, 'flip.mjnet'), flipped);
  copyFileSync(join(ROOT, 'experiments', 'variants', 'harr-dead-wall.json'), join(tmp, 'v.json'));
  for (const name of ['esc\u001b[2J.json', 'nl\n```x.json', '=x.json']) copyFileSync(join(tmp, 'v.json'), join(tmp, name));
  writeFileSync(join(tmp, 'badv.json'), '{"base":"harr",');
  writeFileSync(join(tmp, 'unk.json'), '{"base":"harr","overrides":{"zz":1}}');
  writeFileSync(join(tmp, 'big.json'), '{"base":"harr","overrides":{"deadWall":1000}}');
  writeFileSync(join(tmp, 'twice.json'), '{"base":"harr","overrides":{"deadWall":14,"deadWall":0}}');
  writeFileSync(join(tmp, 'twice-preset.json'), '{"strategy":"harr","params":{"minPairs":3,"minPairs":1}}');
  writeFileSync(join(tmp, 'twice.bot.json'), '{"command":"python3","command":"nosuch"}');
  writeFileSync(join(tmp, 'bad.bot.json'), '{"command": 5}');
  writeFileSync(join(tmp, 'cut.bot.json'), '{"command": "python3", ');
  cpSync(join(ROOT, 'results', 'defender-draws'), join(tmp, 'dd'), { recursive: true });

  ok([...TRAIN, '--out', 'tr']);
  cpSync(join(tmp, 'tr'), join(tmp, 'trcopy'), { recursive: true });
  mkdirSync(join(tmp, 'dcut'));
  for (const f of ['.mjlab-output.json', 'manifest.json', 'checkpoint.jsonl']) copyFileSync(join(tmp, 'tr', f), join(tmp, 'dcut', f));
  writeFileSync(join(tmp, 'dcut', 'decisions.bin'), readFileSync(join(tmp, 'tr', 'decisions.bin')).subarray(0, 3000));

  for (const i of [1, 2]) ok(['league', '--rules', 'harr', '--strategies', 'greedy,random', '--games', '16', '--seed', '5', '--workers', '1', '--no-progress', '--shard', `${i}/2`, '--out', `ls${i}`]);
  cpSync(join(tmp, 'ls1'), join(tmp, 'ls1cut'), { recursive: true });
  writeFileSync(join(tmp, 'ls1cut', 'runs', '0-1', 'nets.bin'), readFileSync(join(tmp, 'ls1', 'runs', '0-1', 'nets.bin')).subarray(0, 10));
  cpSync(join(tmp, 'ls1'), join(tmp, 'ls1miss'), { recursive: true });
  rmSync(join(tmp, 'ls1miss', 'runs', '1-0', 'luck.bin'));
  cpSync(join(tmp, 'ls1'), join(tmp, 'ls1alt'), { recursive: true });
  const agg = join(tmp, 'ls1alt', 'runs', '0-1', 'aggregate.json');
  const a = JSON.parse(readFileSync(agg, 'utf8')) as { games: number };
  a.games += 4;
  writeFileSync(agg, JSON.stringify(a));
}, 600_000);

/** One probe: the command, and what its one line must say. */
type Probe = readonly [name: string, args: readonly string[], message: RegExp];

const PROBES: readonly Probe[] = [
  // review and replay: records are never outputs; inputs missing, cut, altered, directories.
  ['review --html over its own record', ['review', '--record', 'g.json', '--seat', 'E', '--html', 'g.json'], /g\.json is g\.json, an input of this command/],
  ['review --html over a file mjlab did not write', ['review', '--record', 'g.json', '--seat', 'E', '--html', 'notes.txt'], /notes\.txt already holds a file mjlab did not write/],
  ['review --record a directory', ['review', '--record', 'adir', '--seat', 'E'], /cannot read adir: EISDIR/],
  ['review --record cut short', ['review', '--record', 'cut.json', '--seat', 'E'], /cut\.json: not JSON/],
  ['review --record altered (a wall reordered)', ['review', '--record', 'altered.json', '--seat', 'E'], /altered\.json, hand 1, move 1 .*not legal here/],
  ['replay --record altered (a wall reordered)', ['replay', '--record', 'altered.json'], /altered\.json, hand 1, move 1 .*not legal here/],
  ['review --seat out of range', ['review', '--record', 'g.json', '--seat', '9'], /--seat 9: the record has seats 0 to 3/],
  // net models: missing, a directory, cut, altered, a parameter twice.
  ['net:model missing', ['simulate', ...SIM, '--strategies', 'net:model=nosuch.mjnet,random,random,random', '--out', 'o'], /model file nosuch\.mjnet not found/],
  ['net:model a directory', ['simulate', ...SIM, '--strategies', 'net:model=adir,random,random,random', '--out', 'o'], /model file adir cannot be read/],
  ['net:model cut short', ['simulate', ...SIM, '--strategies', 'net:model=cut.mjnet,random,random,random', '--out', 'o'], /model file cut\.mjnet is cut short/],
  ['net:model one byte altered', ['simulate', ...SIM, '--strategies', 'net:model=flip.mjnet,random,random,random', '--out', 'o'], /model file flip\.mjnet fails its checksum/],
  ['net:model given twice', ['simulate', ...SIM, '--strategies', 'net:model=m.mjnet:model=m.mjnet,random,random,random', '--out', 'o'], /parameter model is given twice/],
  ['search:policy with a cut model', ['simulate', ...SIM, '--strategies', 'search:policy=net/model=cut.mjnet,random,random,random', '--out', 'o'], /cut\.mjnet is cut short/],
  ['review --coach with a cut model', ['review', '--record', 'g.json', '--seat', 'E', '--coach', 'net:model=cut.mjnet'], /cut\.mjnet is cut short/],
  ['simulate --out holding the model it plays (--force)', ['simulate', ...SIM, '--strategies', 'net:model=tr/model.mjnet,random,random,random', '--out', 'tr', '--force'], /--out tr and input tr\/model\.mjnet overlap/],
  // train
  ['train --data cut short', [...TRAIN, '--data', 'dcut', '--out', 't1'], /dcut\/decisions\.bin is cut short/],
  ['train --data the same shard twice', [...TRAIN, '--data', 'trcopy,trcopy', '--out', 't1'], /--data names shard 1\/1 twice/],
  ['train --data not a train output', [...TRAIN, '--data', 'adir', '--out', 't1'], /--data adir is not the output of mjlab train/],
  ['train --init-model cut short', [...TRAIN, '--init-model', 'cut.mjnet', '--out', 't1'], /cut\.mjnet is cut short/],
  ['train --init-model inside --out', [...TRAIN, '--init-model', 'tr/model.mjnet', '--out', 'tr'], /--out tr and input tr\/model\.mjnet overlap/],
  ['train --init-model inside --out (--force)', [...TRAIN, '--init-model', 'tr/model.mjnet', '--out', 'tr', '--force'], /--out tr and input tr\/model\.mjnet overlap/],
  ['train --data is --out (--force)', [...TRAIN, '--data', 'tr', '--out', 'tr', '--force'], /--out tr and input tr overlap/],
  ['train --shard with --data', [...TRAIN, '--shard', '1/2', '--data', 'tr', '--out', 't1'], /--data trains on shards already generated; --shard generates one/],
  ['train --out a file', [...TRAIN, '--out', 'notes.txt'], /notes\.txt: it is a file, not a directory/],
  ['train --out holding files mjlab did not write', [...TRAIN, '--out', 'foreign', '--force'], /foreign holds files mjlab did not write/],
  ['train --lr 0', [...TRAIN, '--lr', '0', '--out', 't1'], /--lr must be a positive number, got 0/],
  ['train --soft 2', [...TRAIN, '--soft', '2', '--out', 't1'], /--soft is a weight in \[0, 1\], got 2/],
  // league
  ['league of one member', [...LEAGUE, '--strategies', 'greedy', '--out', 'l1'], /a league needs at least two strategies/],
  ['league member named twice', [...LEAGUE, '--strategies', 'greedy,greedy', '--out', 'l1'], /strategy "greedy" is named twice/],
  ['league unknown member', [...LEAGUE, '--strategies', 'greedy,nosuch', '--out', 'l1'], /unknown strategy "nosuch"/],
  ['league --rules a directory', ['league', '--rules', 'adir', '--strategies', 'greedy,random', '--games', '8', '--no-progress', '--out', 'l1'], /unknown rule set "adir"/],
  ['league --until 0', ['league', '--rules', 'harr', '--strategies', 'greedy,random', '--until', '0', '--out', 'l1'], /--until must be a positive number/],
  ['league --until with --shard', ['league', '--rules', 'harr', '--strategies', 'greedy,random', '--until', '5', '--shard', '1/2', '--out', 'l1'], /--until cannot be sharded/],
  ['league --merge with --strategies', ['league', '--merge', 'ls1,ls2', '--strategies', 'greedy,random', '--out', 'l1'], /--strategies plays; --merge only joins shards/],
  ['league --merge a shard twice', ['league', '--merge', 'ls1,ls1', '--out', 'l1'], /overlap \(games 0\.\.7\); each shard may be merged once/],
  ['league --merge a shard missing', ['league', '--merge', 'ls1', '--out', 'l1'], /missing 8\.\.15\); merge every shard/],
  ['league --merge not a league', ['league', '--merge', 'adir', '--out', 'l1'], /adir\/\.mjlab-output\.json is missing or not mjlab's/],
  ['league --merge into a shard (--force)', ['league', '--merge', 'ls1,ls2', '--out', 'ls1', '--force'], /--out ls1\/runs\/0-1 and input ls1\/runs\/0-1 overlap/],
  ['league --merge a shard whose nets.bin is cut', ['league', '--merge', 'ls1cut,ls2', '--out', 'l1'], /ls1cut\/runs\/0-1\/nets\.bin is shorter \(10 bytes\) than its manifest says/],
  ['league --merge a shard whose luck.bin is gone', ['league', '--merge', 'ls1miss,ls2', '--out', 'l1'], /ls1miss\/runs\/1-0\/luck\.bin is missing/],
  ['league --out holding a member model (--force)', [...LEAGUE, '--strategies', 'net:model=tr/model.mjnet,random', '--out', 'tr', '--force'], /--out tr and input tr\/model\.mjnet overlap/],
  ['league with a bot that is not there', [...LEAGUE, '--strategies', 'cmd:nosuch-program-xyz,random', '--out', 'l1'], /nosuch-program-xyz is not found or not executable/],
  // sprt
  ['sprt --alpha 0.6 --beta 0.6', ['sprt', 'greedy', 'random', ...SPRT, '--alpha', '0.6', '--beta', '0.6', '--out', 's1'], /--alpha is an error rate and must lie strictly between 0 and 0\.5/],
  ['sprt --max-games 8', ['sprt', 'greedy', 'random', '--rules', 'harr', '--delta', '50', '--max-games', '8', '--out', 's1'], /--max-games must be a multiple of 4 .* at least 400/],
  ['sprt against itself', ['sprt', 'greedy', 'greedy', ...SPRT, '--out', 's1'], /H0 holds by construction/],
  ['sprt --delta 0', ['sprt', 'greedy', 'random', '--rules', 'harr', '--delta', '0', '--out', 's1'], /--delta must be a positive number/],
  ['sprt --out holding its model (--force)', ['sprt', 'net:model=tr/model.mjnet', 'random', ...SPRT, '--out', 'tr', '--force'], /--out tr and input tr\/model\.mjnet overlap/],
  // tune, with a net model in its field
  ['tune --out holding a model of its field (--force)', ['tune', '--strategy', 'harr', '--params', 'minPairs', '--against', 'net:model=tr/model.mjnet,random,random', '--rules', 'harr', '--generations', '1', '--games', '8', '--out', 'tr', '--force'], /--out tr and input tr\/model\.mjnet overlap/],
  ['sprt --resume over a league shard', ['sprt', 'greedy', 'random', ...SPRT, '--out', 'ls1', '--resume'], /ls1 holds mjlab experiment output/],
  // experiment
  ['experiment --resume over a copied committed run', ['experiment', 'defender-draws', '--out', 'dd', '--resume'], /dd holds this experiment, finished, and nothing to resume it from/],
  ['experiment unknown', ['experiment', 'nosuch', '--out', 'e1'], /unknown experiment "nosuch"/],
  ['experiment NAME --list', ['experiment', 'defender-draws', '--list'], /--list lists every experiment; it runs none/],
  ['experiment --games too small', ['experiment', 'defender-draws', '--games', '1', '--out', 'e1'], /--games 1 is too small for defender-draws/],
  // merge
  ['merge into one of its inputs (--force)', ['merge', 'ls1/runs/0-1', 'ls2/runs/0-1', '--out', 'ls1/runs/0-1', '--force'], /overlap: mjlab never writes over what it reads; write the merge elsewhere/],
  ['merge an input twice', ['merge', 'ls1/runs/0-1', 'ls1/runs/0-1', '--out', 'm1'], /each shard may be merged once/],
  ['merge two different runs', ['merge', 'ls1/runs/0-1', 'ls2/runs/1-0', '--out', 'm1'], /ls2\/runs\/1-0 is a different run/],
  ['merge an altered aggregate', ['merge', 'ls1alt/runs/0-1', 'ls2/runs/0-1', '--out', 'm1'], /aggregate\.json does not match its manifest/],
  ['merge a cut nets.bin', ['merge', 'ls1cut/runs/0-1', 'ls2/runs/0-1', '--out', 'm1'], /nets\.bin is shorter \(10 bytes\)/],
  ['merge --out holding files mjlab did not write', ['merge', 'ls1/runs/0-1', 'ls2/runs/0-1', '--out', 'foreign', '--force'], /foreign holds files mjlab did not write/],
  // rules, variant files, score and settle --explain
  ['rules show a variant named with an escape', ['rules', 'show', 'esc\u001b[2J.json'], /--rules "esc\\u001b\[2J\.json": a variant file's name is printed in every output/],
  ['simulate under a variant named with a line break and a fence', ['simulate', '--rules', 'nl\n```x.json', '--strategies', 'greedy,random,random,random', '--games', '8', '--no-progress', '--out', 'o'], /a variant file's name is printed in every output/],
  ['score under a variant named as a formula', ['score', '--rules', '=x.json', '--explain', HAND], /"=x\.json": a variant file's name .* a leading =/],
  ['rules show a directory', ['rules', 'show', 'dir.json'], /cannot read the variant file \(a directory\)/],
  ['rules show a cut variant', ['rules', 'show', 'badv.json'], /badv\.json: not valid JSON/],
  ['rules show an unknown rule', ['rules', 'show', 'unk.json'], /unk\.json: unknown rule "zz"/],
  ['rules show a value out of range', ['rules', 'show', 'big.json'], /"deadWall" must be a whole number from 0 to 40, got 1000/],
  ['rules show a variant with a rule given twice', ['rules', 'show', 'twice.json'], /twice\.json: "overrides\.deadWall" is given twice/],
  ['a preset with a parameter given twice', ['simulate', ...SIM, '--strategies', 'twice-preset.json,random,random,random', '--out', 'o'], /preset twice-preset\.json: "params\.minPairs" is given twice/],
  ['a bot file with its command given twice', ['simulate', ...SIM, '--strategies', 'twice.bot.json,random,random,random', '--out', 'o'], /bot file twice\.bot\.json: "command" is given twice/],
  ['rules diff with one rule set', ['rules', 'diff', 'harr'], /mjlab rules diff takes two rule sets/],
  ['score --explain a short hand', ['score', '--rules', 'v.json', '--explain', '66p 77m [222s] +6p'], /wrong tile count/],
  ['settle --explain a seat twice', ['settle', '--rules', 'v.json', '--winner', 'E', '--scores', 'E=20,E=30,W=30,N=40', '--explain'], /--scores: E given twice/],
  ['settle --explain a winner under the minimum', ['settle', '--rules', 'harr', '--winner', 'E', '--scores', 'E=10,S=20,W=30,N=40', '--explain'], /a harr Mah-Jongg hand scores at least 20/],
  // bots
  ['a bot whose program is not there', ['simulate', ...SIM, '--strategies', 'cmd:nosuch-program-xyz,random,random,random', '--out', 'b1'], /nosuch-program-xyz is not found or not executable/],
  ['a bot whose program is a path not there', ['simulate', ...SIM, '--strategies', 'cmd:./nosuch.sh,random,random,random', '--out', 'b1'], /\.\/nosuch\.sh is not found or not executable/],
  ['a bot file cut short', ['simulate', ...SIM, '--strategies', 'cut.bot.json,random,random,random', '--out', 'b1'], /bot file cut\.bot\.json: not JSON/],
  ['a bot file whose command is not a string', ['simulate', ...SIM, '--strategies', 'bad.bot.json,random,random,random', '--out', 'b1'], /"command" must be a non-empty string/],
  ['an empty cmd:', ['simulate', ...SIM, '--strategies', 'cmd:,random,random,random', '--out', 'b1'], /the command after "cmd:" is empty/],
];

describe('every probe: one line, exit 2, nothing on disk changed', () => {
  it('walks a good number of probes', () => expect(PROBES.length).toBeGreaterThanOrEqual(60));
  it.each(PROBES)('%s', (_name, args, message) => {
    const before = tree(tmp);
    const r = run(args);
    const lines = r.stderr.trimEnd().split('\n');
    expect({ status: r.status, lines: lines.length }, r.stderr).toEqual({ status: 2, lines: 1 });
    expect(lines[0]).toMatch(/^mjlab: /);
    expect(lines[0]).toMatch(message);
    expect(r.stdout).toBe('');
    const after = tree(tmp);
    expect(Object.keys(after).filter((k) => !(k in before)), 'written').toEqual([]);
    expect(Object.keys(before).filter((k) => after[k] !== before[k]), 'changed or removed').toEqual([]);
  }, 120_000);
});
