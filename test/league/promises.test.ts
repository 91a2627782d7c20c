// The league keeps the runner's promises: a refused league (an unknown member, a merge naming a shard twice or
// missing one) leaves --out as it was, so the corrected command runs; its README's reproduce line runs as printed
// and names the --out; labels are made safe where they are printed (terminal, report.html, the README, whose
// fences a label cannot close); and a label a spreadsheet would run as a formula is refused where it enters
// (docs/outputs.md, "Labels in CSV files").
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mjlabIn } from '../helpers/cli.js';
import { ROOT, tempDir } from '../runner/helpers.js';

const tmp = tempDir('league-promises');
const PRESET = join(ROOT, 'results', 'league', 'presets', 'harr-tuned-harr.json');
const SMALL = ['--rules', 'harr', '--games', '8', '--seed', '4', '--workers', '1', '--no-progress'];

function oneLine(r: { status: number; stderr: string }): string {
  expect(r.status, r.stderr).toBe(2);
  const lines = r.stderr.trimEnd().split('\n');
  expect(lines, r.stderr).toHaveLength(1);
  return lines[0]!;
}

async function ok(args: string[]): Promise<string> {
  const r = await mjlabIn(args);
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
}

/** The lines of `md` that open or close a code block (a run of three or more backticks at the start). */
const fenceLines = (md: string): string[] => md.split('\n').filter((l) => /^ {0,3}```/.test(l));

describe('a refused league touches nothing', () => {
  it('an unknown member: --out is not claimed, and the corrected command runs', async () => {
    const out = join(tmp, 'unknown');
    expect(oneLine(await mjlabIn(['league', ...SMALL, '--strategies', 'greedy,nobody', '--out', out]))).toMatch(/unknown strategy "nobody"/);
    expect(existsSync(out)).toBe(false);
    await ok(['league', ...SMALL, '--strategies', 'greedy,random', '--out', out]);
  });

  it('a merge naming a shard twice, or missing one: --out is not claimed', async () => {
    const s1 = join(tmp, 's1');
    const s2 = join(tmp, 's2');
    await ok(['league', ...SMALL, '--strategies', 'greedy,random', '--shard', '1/2', '--out', s1]);
    await ok(['league', ...SMALL, '--strategies', 'greedy,random', '--shard', '2/2', '--out', s2]);
    const out = join(tmp, 'merged');
    oneLine(await mjlabIn(['league', '--merge', `${s1},${s1}`, '--out', out]));
    expect(existsSync(out)).toBe(false);
    expect(oneLine(await mjlabIn(['league', '--merge', s1, '--out', out]))).toMatch(/missing/);
    expect(existsSync(out)).toBe(false);
    await ok(['league', '--merge', `${s1},${s2}`, '--out', out]);
  });
});

describe('league --until', () => {
  it('stopping at its cap before the precision asked says so', async () => {
    const r = await mjlabIn(['league', '--rules', 'harr', '--seed', '4', '--workers', '1', '--no-progress', '--strategies', 'greedy,random', '--until', '1e-300', '--games', '400', '--out', join(tmp, 'until')]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^mjlab: league stopped at its cap of 400 games a pairing \(--games\) before the precision asked: widest rating ±[\d.]+, not within --until 1e-300\n$/);
  });
});

describe("the league's README", () => {
  it('its reproduce line runs as printed, names the --out, and plays the same league', async () => {
    const out = join(tmp, 'repro');
    await ok(['league', ...SMALL, '--strategies', 'greedy,random', '--out', out]);
    const readme = readFileSync(join(out, 'README.md'), 'utf8');
    const block = /```sh\nnpm run build\n(.*)\n```/.exec(readme);
    expect(block, readme).not.toBeNull();
    const line = block![1]!;
    expect(line).toMatch(/^node bin\/mjlab\.js league /);
    expect(line).toContain(`--out ${out}`);
    const before = readFileSync(join(out, 'league.csv'), 'utf8');
    execFileSync('bash', ['-c', `${line} --no-progress --workers 1`], { cwd: ROOT, stdio: 'pipe' });
    expect(readFileSync(join(out, 'league.csv'), 'utf8')).toBe(before);
  });
});

describe('labels are made safe where they are printed', () => {
  it('an escape sequence and a line break with a code fence in a preset name: shown escaped, fences intact', async () => {
    const name = '\u001b[2J\n```\n<b>x&.json';
    const preset = join(tmp, name);
    copyFileSync(PRESET, preset);
    const sim = join(tmp, 'sim');
    const simOut = await ok(['simulate', ...SMALL, '--strategies', `${preset},greedy,greedy,greedy`, '--out', sim]);
    expect(simOut).not.toMatch(/\u001b/);
    expect(simOut).toContain('\\u001b[2J\\u000a```\\u000a<b>x&.json');
    const page = readFileSync(join(sim, 'report.html'), 'utf8');
    expect(page).not.toMatch(/\u001b/);
    expect(page).not.toContain('<b>x');
    const out = join(tmp, 'escaped');
    const board = await ok(['league', ...SMALL, '--strategies', `${preset},greedy`, '--out', out]);
    expect(board).not.toMatch(/\u001b/);
    expect(board).toContain('\\u001b[2J');
    const readme = readFileSync(join(out, 'README.md'), 'utf8');
    expect(readme).not.toMatch(/\u001b/);
    // Two blocks, each opened and closed by its own fence: the label's backticks never start a line.
    const fences = fenceLines(readme);
    expect(fences).toHaveLength(4);
    expect(fences[1]).toBe(fences[0]!.replace(/text$/, ''));
    expect(fences[3]).toBe(fences[2]!.replace(/sh$/, ''));
    expect(fences[0]!.length - 'text'.length).toBeGreaterThan(3);
  });

  it.each(['=cmd.json', '+cmd.json', '-cmd.json', '@cmd.json'])('a label beginning like a formula (%s) is refused before anything is written', async (file) => {
    const preset = join(tmp, file);
    copyFileSync(PRESET, preset);
    const out = join(tmp, `formula-${file}`);
    expect(oneLine(await mjlabIn(['simulate', ...SMALL, '--strategies', `${preset},greedy,greedy,greedy`, '--out', out]))).toMatch(/begins with .* a spreadsheet .* would run as a formula/);
    expect(existsSync(out)).toBe(false);
    expect(oneLine(await mjlabIn(['league', ...SMALL, '--strategies', `${preset},greedy`, '--out', out]))).toMatch(/would run as a formula/);
    expect(existsSync(out)).toBe(false);
  });
});
