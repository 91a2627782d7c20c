// A tune's checkpoint is verified like simulate's (docs/outputs.md, `checkpoint.jsonl`): every line carries a checksum, so an edited
// or corrupted line is refused in one line naming it (exit 2, no stack trace, no output file rewritten) instead of
// flowing into best.json and confirm.csv, and a tune resumed from its checkpoint equals the uninterrupted one.
import { beforeAll, describe, expect, it } from 'vitest';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { read, tempDir } from '../runner/helpers.js';
import { mjlabIn } from '../helpers/cli.js';

const TUNE = ['tune', '--rules', 'harr', '--strategy', 'harr', '--params', 'minPairs,lateWall', '--generations', '2', '--games', '16', '--seed', '3', '--no-progress'];
const FILES = ['history.csv', 'finalists.csv', 'confirm.csv', 'best.json', 'convergence.svg'] as const;

let tmp: string;
let ref: string;

beforeAll(async () => {
  tmp = tempDir('tune-cp');
  ref = join(tmp, 'ref');
  const r = await mjlabIn([...TUNE, '--workers', '1', '--out', ref], { cwd: tmp });
  expect(r.status, r.stderr).toBe(0);
});

/** A copy of the finished tune whose checkpoint line of `kind` (the last such) is edited by `edit`. */
function edited(name: string, kind: string, edit: (line: string) => string): { dir: string; lineNo: number } {
  const dir = join(tmp, name);
  cpSync(ref, dir, { recursive: true });
  const path = join(dir, 'checkpoint.jsonl');
  const lines = readFileSync(path, 'utf8').split('\n');
  const i = lines.map((l) => (l.startsWith('{') ? (JSON.parse(l) as { kind: string }).kind : '')).lastIndexOf(kind);
  expect(i).toBeGreaterThan(0);
  const was = lines[i]!;
  lines[i] = edit(was);
  expect(lines[i]).not.toBe(was);
  writeFileSync(path, lines.join('\n'));
  return { dir, lineNo: i + 1 };
}

async function refusedResume(dir: string, lineNo: number): Promise<void> {
  const r = await mjlabIn([...TUNE, '--workers', '1', '--out', dir, '--resume'], { cwd: tmp });
  expect(r.status, r.stderr).toBe(2);
  expect(r.stderr.trimEnd().split('\n'), r.stderr).toHaveLength(1);
  expect(r.stderr).toMatch(new RegExp(`^mjlab: .*checkpoint\\.jsonl line ${lineNo} fails its checksum .*cannot be resumed`));
  // Nothing already computed is overwritten.
  for (const f of FILES) expect(read(dir, f), f).toBe(read(ref, f));
}

describe('an edited tune checkpoint is refused, never resumed', () => {
  it('one number of the confirm line made larger (n 16 → 1601)', async () => {
    const { dir, lineNo } = edited('confirm', 'confirm', (l) => l.replace(/"n":(\d+)/, '"n":$101'));
    await refusedResume(dir, lineNo);
  });

  it('one sum of the last generation changed', async () => {
    const { dir, lineNo } = edited('generation', 'generation', (l) => l.replace(/"sum":"(-?\d+)"/, (_, v: string) => `"sum":"${BigInt(v) + 1n}"`));
    await refusedResume(dir, lineNo);
  });

  it('a non-numeric value', async () => {
    const { dir, lineNo } = edited('nan', 'race', (l) => l.replace(/"sumSq":"\d+"/, '"sumSq":"12ab"'));
    await refusedResume(dir, lineNo);
  });
});

describe('resumed from its checkpoint', () => {
  it('equals the uninterrupted tune, from any committed step', async () => {
    const all = read(ref, 'checkpoint.jsonl').split('\n').filter((l) => l !== '');
    for (const keep of [2, all.length - 1]) {
      const dir = join(tmp, `kept-${keep}`);
      cpSync(ref, dir, { recursive: true });
      for (const f of [...FILES, 'manifest.json']) rmSync(join(dir, f));
      writeFileSync(join(dir, 'checkpoint.jsonl'), `${all.slice(0, keep).join('\n')}\n`);
      const r = await mjlabIn([...TUNE, '--workers', '2', '--out', dir, '--resume'], { cwd: tmp });
      expect(r.status, r.stderr).toBe(0);
      for (const f of FILES) expect(read(dir, f), `${f} after ${keep} lines`).toBe(read(ref, f));
    }
  });
});
