// The rule for files mjlab writes outside a run directory (src/io/output-file.ts, docs/outputs.md): walked over every
// command that takes an output file, as `mjlab <command> --help` lists them. Never over an input of the same command
// (the record, or a link or hard link to it), never over a file mjlab did not write without --force, a page of its
// own replaced, and the refusal made before the command does its work, leaving nothing behind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../helpers/cli.js';
import { mjlab, tempDir } from '../runner/helpers.js';
import { buildReplayHtml, PAGE_START } from '../../src/viewer/html.js';
import type { GameRecord } from '../../src/record/record.js';

const tmp = tempDir('output-files');
let record = '';

/** Every option of every command whose help says it writes a file (`... to FILE`). */
function fileOutputs(): string[] {
  const names = [...mjlab(['--help']).stdout.matchAll(/^ {2}mjlab (\w+)/gm)].map((m) => m[1]!);
  return names.flatMap((c) =>
    [...mjlab([c, '--help']).stdout.matchAll(/^ {2}--([\w-]+)\b(.*)$/gm)].filter((m) => /\bwrite\b.*\bFILE\b/.test(m[2]!)).map((m) => `${c} --${m[1]}`),
  );
}

/** How each command is run with its output file at `path` (review's coach is cheap: the refusals come before it). */
const RUNS: Record<string, (path: string) => string[]> = {
  'replay --html': (path) => ['replay', '--record', record, '--html', path],
  'review --html': (path) => ['review', '--record', record, '--seat', 'E', '--coach', 'random', '--html', path],
};

beforeAll(async () => {
  const r = await runCli(['replay', '--rules', 'harr', '--strategies', 'random,random,random,random', '--seed', '3', '--game', '0', '--json']);
  record = join(tmp, 'game.json');
  writeFileSync(record, r.out);
});
afterAll(() => undefined);

function expectRefused(r: { code: number; err: string; out: string }, pattern: RegExp): void {
  expect(r.code, r.err).toBe(2);
  expect(r.err.trimEnd().split('\n'), r.err).toHaveLength(1);
  expect(r.err).toMatch(pattern);
}

describe('files outside a run directory', () => {
  const outputs = fileOutputs();
  it('every command option that writes a file is walked here', () => {
    expect(outputs.sort()).toEqual(Object.keys(RUNS).sort());
  });

  it.each(Object.keys(RUNS))('%s: never over its own input, a link or a hard link to it', async (which) => {
    const before = readFileSync(record);
    const soft = join(tmp, `soft-${which.split(' ')[0]}.json`);
    const hard = join(tmp, `hard-${which.split(' ')[0]}.json`);
    symlinkSync(record, soft);
    linkSync(record, hard);
    for (const target of [record, soft, hard]) {
      expectRefused(await runCli(RUNS[which]!(target)), /is .*game\.json, an input of this command: mjlab never writes over what it reads/);
    }
    expect(readFileSync(record).equals(before)).toBe(true);
  });

  it.each(Object.keys(RUNS))('%s: never over a file mjlab did not write, without --force', async (which) => {
    const notes = join(tmp, `notes-${which.split(' ')[0]}.txt`);
    writeFileSync(notes, 'my notes\n');
    expectRefused(await runCli(RUNS[which]!(notes)), /already holds a file mjlab did not write; use --force to replace it/);
    expect(readFileSync(notes, 'utf8')).toBe('my notes\n');
    expect(readdirSync(tmp).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('replay --html: a page of its own is replaced, a foreign file only with --force, renamed into place', async () => {
    const page = join(tmp, 'page.html');
    expect((await runCli(RUNS['replay --html']!(page))).code).toBe(0);
    const first = readFileSync(page, 'utf8');
    expect(first.startsWith(PAGE_START)).toBe(true);
    expect((await runCli(RUNS['replay --html']!(page))).code).toBe(0);
    const notes = join(tmp, 'forced.txt');
    writeFileSync(notes, 'mine\n');
    expect((await runCli([...RUNS['replay --html']!(notes), '--force'])).code).toBe(0);
    expect(readFileSync(notes, 'utf8')).toBe(first);
    expect(readdirSync(tmp).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('every page mjlab writes begins with what marks it as its own', () => {
    const r = JSON.parse(readFileSync(record, 'utf8')) as GameRecord;
    expect(buildReplayHtml(r).startsWith(PAGE_START)).toBe(true);
  });
});
