/**
 * Where `mjlab play` keeps the games played (docs/play.md): `--record-dir` (default results/play/), one file per
 * game, exactly as `mjlab replay --json` prints a record, so `mjlab replay --record FILE` re-executes it to the same
 * bytes. A file is never replaced: a name already taken (the same seed and game played again) gets -2, -3, ...; it
 * is written beside its final name and linked into place only once complete, so a full disk leaves no half record.
 */
import { accessSync, closeSync, constants, fsyncSync, linkSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { UserError } from '../errors.js';
import { createTemp, fsReason, makeDir } from '../io/files.js';
import type { GameRecord } from '../record/record.js';

function reason(e: unknown): string {
  return fsReason(e) ?? (e as Error).message;
}

/** The record directory, made when missing; one that cannot hold records is refused before any game is played. */
export function recordDir(dir: string): string {
  if (dir.trim() === '') throw new UserError('--record-dir needs a directory');
  const abs = resolve(dir);
  try {
    makeDir(abs);
  } catch (e) {
    if (e instanceof UserError) throw new UserError(`--record-dir: ${e.message}`);
    throw e;
  }
  try {
    accessSync(abs, constants.W_OK);
  } catch (e) {
    throw new UserError(`--record-dir ${dir}: cannot write there: ${reason(e)}`);
  }
  return abs;
}

/** The record as `mjlab replay --json` prints it. */
export function recordText(record: GameRecord): string {
  return `${JSON.stringify(record, null, 2)}\n`;
}

/** Save a game's record in `dir` under a name no other file has; returns its path (throws a one-line message). */
export function saveRecord(dir: string, record: GameRecord): string {
  const base = `${record.rules}-seed${record.seed}-game${record.game}`;
  const text = recordText(record);
  // A random temporary name, created exclusively and no-follow: a file or link planted there is never written.
  let tmp = '';
  try {
    const made = createTemp(join(dir, base));
    tmp = made.tmp;
    const fd = made.fd;
    try {
      const buf = Buffer.from(text, 'utf8');
      for (let done = 0; done < buf.length; ) done += writeSync(fd, buf, done, buf.length - done);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch (e) {
    try {
      if (tmp) unlinkSync(tmp);
    } catch {
      // nothing was written
    }
    throw new Error(`cannot write in ${dir}: ${reason(e)}`);
  }
  try {
    for (let k = 1; ; k++) {
      const file = join(dir, `${base}${k === 1 ? '' : `-${k}`}.json`);
      try {
        linkSync(tmp, file); // fails when the name is taken: nothing is replaced
        return file;
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if (code === 'EEXIST') continue;
        if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw new Error(`cannot save ${file}: ${reason(e)}`);
      }
      // A file system without hard links: write the name itself, still only if it is free.
      try {
        writeFileSync(file, text, { flag: 'wx' });
        return file;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'EEXIST') continue;
        try {
          unlinkSync(file);
        } catch {
          // not created
        }
        throw new Error(`cannot save ${file}: ${reason(e)}`);
      }
    }
  } finally {
    try {
      unlinkSync(tmp);
    } catch {
      // already gone
    }
  }
}
