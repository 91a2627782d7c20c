/**
 * `mjlab train` (docs/learning.md): the same data and seed give a byte-identical model on one worker and on two,
 * from one run or from its shards trained together with --data, and after a resume; the teacher's departures from
 * harr counted in validation.csv and weighted by --departure-weight; an earlier generation's data kept; a data file altered since its checkpoint is
 * refused in one line, exit 2; a SIGINT during the fit stops it at once, and the command it prints fits the same model.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, ROOT, oneLine, parseCsv, tempDir, words } from '../runner/helpers.js';
import { mjlabIn } from '../helpers/cli.js';

const BASE = ['train', '--rules', 'harr', '--teacher', 'search:budget=4', '--games', '40', '--seed', '3', '--epochs', '2', '--hidden', '8', '--no-progress'];

async function trainIn(dir: string, extra: string[]): Promise<void> {
  const r = await mjlabIn([...BASE, '--out', dir, ...extra]);
  expect(r.status, r.stderr).toBe(0);
}

const bytes = (dir: string, f: string): Buffer => readFileSync(join(dir, f));

/** BASE's data and model on one worker, made once for the tests that read it. */
let baseRun: Promise<string> | undefined;
const oneWorker = (): Promise<string> =>
  (baseRun ??= (async () => {
    const dir = join(tempDir('mjlab-train-one-'), 'one');
    await trainIn(dir, ['--workers', '1']);
    return dir;
  })());

describe('mjlab train', () => {
  it('refuses bad input in one line before anything is played', async () => {
    const dir = tempDir('mjlab-train-bad-');
    const out = join(dir, 'out');
    // BASE with one option's value replaced (an option given twice is refused on its own).
    const withOpt = (name: string, value: string): string[] => {
      const args = [...BASE];
      const i = args.indexOf(name);
      if (i >= 0) args[i + 1] = value;
      else args.push(name, value);
      return [...args, '--out', out];
    };
    expect(oneLine(await mjlabIn(withOpt('--games', '10')))).toMatch(/--games must be a multiple of 4/);
    expect(oneLine(await mjlabIn(withOpt('--field', 'harr')))).toMatch(/--field must name 3 strategies/);
    expect(oneLine(await mjlabIn(withOpt('--teacher', 'nobody')))).toMatch(/unknown strategy "nobody"/);
    expect(oneLine(await mjlabIn(withOpt('--soft', '2')))).toMatch(/--soft is a weight in \[0, 1\]/);
    expect(oneLine(await mjlabIn(withOpt('--teacher', 'search:policy=net/model=missing.mjnet')))).toMatch(/model file missing\.mjnet not found/);
  });

  it('writes the same model and data, byte for byte, on one worker and on two, and from two shards trained together', async () => {
    const root = tempDir('mjlab-train-');
    const one = await oneWorker();
    const two = join(root, 'two');
    await trainIn(two, ['--workers', '2']);
    expect(bytes(two, 'decisions.bin').equals(bytes(one, 'decisions.bin'))).toBe(true);
    expect(bytes(two, 'model.mjnet').equals(bytes(one, 'model.mjnet'))).toBe(true);
    const v = parseCsv(readFileSync(join(one, 'validation.csv'), 'utf8'))[0]!;
    expect(Number(v.valid_decisions)).toBeGreaterThan(0);
    expect(Number(v.train_decisions)).toBeGreaterThan(Number(v.valid_decisions));
    // The departures: the teacher's are exactly the held-out decisions where harr did not agree with it.
    const valid = Number(v.valid_decisions);
    expect(Math.abs(Number(v.teacher_departures) - valid * (1 - Number(v.harr_agreement)))).toBeLessThan(0.01);
    expect(Number(v.departures_matched)).toBeLessThanOrEqual(Math.min(Number(v.teacher_departures), Number(v.net_departures)));
    expect(readFileSync(join(one, 'curve.csv'), 'utf8').trim().split('\n')).toHaveLength(4);
    const manifest = JSON.parse(readFileSync(join(one, 'manifest.json'), 'utf8')) as { identity: { teacher: string }; modelSha256: string };
    expect(manifest.identity.teacher).toBe('search:budget=4');
    // Shards, then --data.
    await trainIn(join(root, 's1'), ['--shard', '1/2', '--workers', '1']);
    await trainIn(join(root, 's2'), ['--shard', '2/2', '--workers', '1']);
    const merged = join(root, 'merged');
    await trainIn(merged, ['--data', `${join(root, 's2')},${join(root, 's1')}`]);
    expect(bytes(merged, 'model.mjnet').equals(bytes(one, 'model.mjnet'))).toBe(true);
    // A missing shard is refused.
    expect(oneLine(await mjlabIn([...BASE, '--out', join(root, 'bad'), '--data', join(root, 's1')]))).toMatch(/--data lacks shard 2\/2/);
    // The teacher's departures weighted: the same data fits another model (there are departures to weigh).
    expect(Number(v.teacher_departures)).toBeGreaterThan(0);
    const weighted = join(root, 'weighted');
    await trainIn(weighted, ['--data', one, '--departure-weight', '4']);
    expect(bytes(weighted, 'model.mjnet').equals(bytes(one, 'model.mjnet'))).toBe(false);
    expect(oneLine(await mjlabIn([...BASE, '--out', join(root, 'w0'), '--departure-weight', '0']))).toMatch(/--departure-weight must be a positive integer, got 0/);
    // An earlier generation's data kept: trained on with this run's, every decision of both counted.
    const both = join(root, 'both');
    await trainIn(both, ['--data', one, '--keep-data', two]);
    const vb = parseCsv(readFileSync(join(both, 'validation.csv'), 'utf8'))[0]!;
    expect(Number(vb.train_decisions)).toBe(2 * Number(v.train_decisions));
    expect(JSON.parse(readFileSync(join(both, 'manifest.json'), 'utf8')).keptData[0].dir).toBe(two);
    expect(oneLine(await mjlabIn([...BASE, '--out', join(root, 'k1'), '--keep-data', join(root, 'missing')]))).toMatch(/--keep-data .*missing is not the output of mjlab train/);
    expect(oneLine(await mjlabIn([...BASE, '--out', join(root, 'k2'), '--keep-data', one, '--shard', '1/2']))).toMatch(/--keep-data is for training; --shard only generates data/);
  });

  it('starts the fit from an earlier model with --init-model, recorded in the manifest; a model of another size, cut, or with --shard is refused', async () => {
    const one = await oneWorker();
    const root = tempDir('mjlab-train-init-');
    const init = join(root, 'init.mjnet');
    writeFileSync(init, bytes(one, 'model.mjnet'));
    const warm = join(root, 'warm');
    await trainIn(warm, ['--data', one, '--init-model', init]);
    // The same data and options from the earlier model's weights: another model, whose epoch 0 is that model's.
    expect(bytes(warm, 'model.mjnet').equals(bytes(one, 'model.mjnet'))).toBe(false);
    const kept = parseCsv(readFileSync(join(one, 'validation.csv'), 'utf8'))[0]!;
    expect(parseCsv(readFileSync(join(warm, 'curve.csv'), 'utf8'))[0]!.valid_loss).toBe(kept.valid_loss);
    const m = JSON.parse(readFileSync(join(warm, 'manifest.json'), 'utf8')) as { initModel: { path: string; sha256: string } };
    expect(m.initModel.path).toBe(init);
    expect(m.initModel.sha256).toMatch(/^[0-9a-f]{64}$/);
    // Again from the same model: the same bytes.
    const again = join(root, 'again');
    await trainIn(again, ['--data', one, '--init-model', init]);
    expect(bytes(again, 'model.mjnet').equals(bytes(warm, 'model.mjnet'))).toBe(true);
    expect(oneLine(await mjlabIn([...BASE.map((a) => (a === '8' ? '16' : a)), '--out', join(root, 'h'), '--data', one, '--init-model', init]))).toMatch(/--init-model .*init\.mjnet has 8 hidden units, --hidden is 16: give --hidden 8/);
    writeFileSync(init, bytes(one, 'model.mjnet').subarray(0, 200));
    expect(oneLine(await mjlabIn([...BASE, '--out', join(root, 'c'), '--data', one, '--init-model', init]))).toMatch(/model file .*init\.mjnet is cut short/);
    expect(oneLine(await mjlabIn([...BASE, '--out', join(root, 's'), '--shard', '1/2', '--init-model', init]))).toMatch(/--init-model is for training; --shard only generates data/);
  });

  it('stops at a SIGINT during the fit, writing no model, and the command it prints fits the uninterrupted model', async () => {
    const root = tempDir('mjlab-train-fit-signal-');
    const data = await oneWorker();
    // Enough epochs that the fit is still running when the signal comes, at the first epoch's line.
    const FIT = ['train', '--data', data, '--epochs', '60', '--hidden', '8'];
    const ref = join(root, 'ref');
    const whole = await mjlabIn([...FIT, '--out', ref, '--no-progress']);
    expect(whole.status, whole.stderr).toBe(0);
    const cut = join(root, 'cut');
    const child = spawn(process.execPath, [BIN, ...FIT, '--out', cut, '--progress'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      const first = !stderr.includes('train: epoch 1/');
      stderr += d;
      if (first && stderr.includes('train: epoch 1/')) child.kill('SIGINT');
    });
    const status = await new Promise<number | null>((done) => child.on('close', (code) => done(code)));
    expect(status, stderr).toBe(130);
    const last = stderr.trimEnd().split('\n').at(-1)!;
    const m = /^mjlab: training interrupted during the fit; the data is in (.*); fit it with: (.*)$/.exec(last);
    expect(m, stderr).not.toBeNull();
    expect(m![1]).toBe(data);
    expect(existsSync(join(cut, 'model.mjnet'))).toBe(false);
    const [node, tool, ...args] = words(m![2]!);
    expect([node, tool]).toEqual(['node', 'bin/mjlab.js']);
    const again = await mjlabIn(args);
    expect(again.status, again.stderr).toBe(0);
    for (const f of ['model.mjnet', 'curve.csv', 'validation.csv']) expect(bytes(cut, f).equals(bytes(ref, f)), f).toBe(true);
  }, 120_000);

  it('resumes cut-off data to the same model, and refuses data altered since its checkpoint in one line', async () => {
    const root = tempDir('mjlab-train-resume-');
    const whole = join(root, 'whole');
    await trainIn(whole, ['--workers', '2']);
    const cut = join(root, 'cut');
    await trainIn(cut, ['--workers', '2']);
    // As if killed after two batches: the checkpoint keeps its header and two lines, the data a little more.
    const lines = readFileSync(join(cut, 'checkpoint.jsonl'), 'utf8').split('\n');
    writeFileSync(join(cut, 'checkpoint.jsonl'), `${lines.slice(0, 3).join('\n')}\n`);
    const kept = JSON.parse(lines[1]!).bytes + JSON.parse(lines[2]!).bytes;
    writeFileSync(join(cut, 'decisions.bin'), bytes(whole, 'decisions.bin').subarray(0, kept + 50));
    await trainIn(cut, ['--workers', '1', '--resume']);
    expect(bytes(cut, 'decisions.bin').equals(bytes(whole, 'decisions.bin'))).toBe(true);
    expect(bytes(cut, 'model.mjnet').equals(bytes(whole, 'model.mjnet'))).toBe(true);
    // One byte of the data changed: refused, nothing rewritten.
    const data = bytes(cut, 'decisions.bin');
    data[100]! ^= 1;
    writeFileSync(join(cut, 'decisions.bin'), data);
    const model = bytes(cut, 'model.mjnet');
    expect(oneLine(await mjlabIn([...BASE, '--out', cut, '--resume']))).toMatch(/decisions\.bin: batch 0 fails its checksum/);
    expect(bytes(cut, 'model.mjnet').equals(model)).toBe(true);
    // Another teacher in the same directory is refused without --force.
    expect(oneLine(await mjlabIn([...BASE.map((a) => (a === 'search:budget=4' ? 'harr' : a)), '--out', cut]))).toMatch(/already holds different training data/);
  });
});
