/**
 * File-system primitives every writing command shares (issue 13, points 1 and 4): an mkdir -p that cannot spin,
 * atomic writes that never leave a half-written or temporary file behind, and one line naming what went wrong
 * when the file system refuses (disk full, quota, read-only, not a directory, a pseudo file system).
 */
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { UserError } from '../errors.js';

/** Error codes that mean "the disk cannot take more": what was written so far is all there is. */
const FULL = new Set(['ENOSPC', 'EDQUOT', 'EFBIG']);

export function isDiskFull(e: unknown): boolean {
  return FULL.has((e as NodeJS.ErrnoException)?.code ?? '');
}

const REASONS: Record<string, string> = {
  ENOSPC: 'disk full (ENOSPC)',
  EDQUOT: 'disk quota exceeded (EDQUOT)',
  EFBIG: 'file too large for the file system (EFBIG)',
  EROFS: 'read-only file system (EROFS)',
  EACCES: 'permission denied (EACCES)',
  EPERM: 'operation not permitted (EPERM)',
  ENOTDIR: 'a path component is not a directory (ENOTDIR)',
  EISDIR: 'is a directory (EISDIR)',
  ENOENT: 'no such file or directory (ENOENT)',
  EEXIST: 'already exists (EEXIST)',
  EIO: 'input/output error (EIO)',
  ENAMETOOLONG: 'name too long (ENAMETOOLONG)',
  ELOOP: 'too many symbolic links (ELOOP)',
};

/** A Node file-system error as a short phrase ("disk full (ENOSPC)"), or null when it is not one. */
export function fsReason(e: unknown): string | null {
  const code = (e as NodeJS.ErrnoException)?.code;
  if (typeof code !== 'string' || !/^E[A-Z]+$/.test(code)) return null;
  return REASONS[code] ?? code;
}

/** A file-system call on `path` failed: what the runner turns into one line saying what was kept. */
export class IoFailure extends Error {
  constructor(
    readonly path: string,
    readonly error: unknown,
  ) {
    super(`${path}: ${fsReason(error) ?? (error as Error)?.message ?? String(error)}`);
    this.name = 'IoFailure';
  }

  get reason(): string {
    return fsReason(this.error) ?? (this.error as Error)?.message ?? String(this.error);
  }
}

/** Run `fn`, naming `path` in any file-system error it throws. */
export function onFile<T>(path: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof IoFailure || fsReason(e) === null) throw e;
    throw new IoFailure(path, e);
  }
}

/** Pseudo file systems: writing there never stores a result (and Node's recursive mkdir spins on /proc). */
const PSEUDO = ['/proc', '/sys', '/dev'];

function pseudoRoot(abs: string): string | null {
  for (const p of PSEUDO) if (abs === p || abs.startsWith(`${p}/`)) return p;
  return null;
}

/**
 * mkdir -p, one component at a time: Node's `recursive: true` loops forever where mkdir answers ENOENT for a path
 * whose parent exists (/proc), so the walk is ours. Throws UserError naming the directory and the reason.
 */
export function makeDir(dir: string): void {
  const abs = resolve(dir);
  const pseudo = pseudoRoot(abs);
  // /dev/shm is an ordinary tmpfs; the rest of /dev, /proc and /sys are not places for results.
  if (pseudo && !(abs === '/dev/shm' || abs.startsWith('/dev/shm/'))) {
    throw new UserError(`cannot write to output directory ${dir}: ${pseudo} is a pseudo file system`);
  }
  const missing: string[] = [];
  let p = abs;
  for (;;) {
    let st;
    try {
      st = statSync(p);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOTDIR') {
        p = dirname(p);
        continue;
      }
      if (code !== 'ENOENT') throw new UserError(`cannot write to output directory ${dir}: ${p}: ${fsReason(e)}`);
      missing.push(p);
      const up = dirname(p);
      if (up === p) break;
      p = up;
      continue;
    }
    if (!st.isDirectory()) throw new UserError(`cannot write to output directory ${dir}: ${p} is a file, not a directory`);
    break;
  }
  for (const m of missing.reverse()) {
    try {
      mkdirSync(m);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw new UserError(`cannot write to output directory ${dir}: creating ${m}: ${fsReason(e) ?? (e as Error).message}`);
    }
  }
}

/** The temporary name an atomic write uses next to its target (matched by the .gitignore files: `.*.tmp`). */
export function tempName(path: string): string {
  return join(dirname(path), `.${basename(path)}.tmp`);
}

/**
 * A file written under a temporary name and renamed over its target only once complete and fsync'd: readers see
 * the old file or the new one, never a part. On any failure `abort()` removes the temporary file.
 */
export class AtomicFile {
  private fd: number | null;
  private readonly tmp: string;
  bytes = 0;

  constructor(readonly path: string) {
    this.tmp = tempName(path);
    this.fd = openSync(this.tmp, 'w');
  }

  write(data: string | Uint8Array, from = 0, to?: number): void {
    if (this.fd === null) throw new Error(`${this.path}: write after close`);
    const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    const end = to ?? buf.length;
    let done = from;
    while (done < end) done += writeSync(this.fd, buf, done, end - done);
    this.bytes += end - from;
  }

  commit(): void {
    if (this.fd === null) throw new Error(`${this.path}: commit after close`);
    try {
      fsyncSync(this.fd);
    } finally {
      closeSync(this.fd);
      this.fd = null;
    }
    renameSync(this.tmp, this.path);
  }

  abort(): void {
    if (this.fd !== null) {
      try {
        closeSync(this.fd);
      } catch {
        // already failing: the removal below is what matters
      }
      this.fd = null;
    }
    rmSync(this.tmp, { force: true });
  }
}

/** Write `path` atomically; the temporary file is gone whether this succeeds or throws. */
export function writeAtomic(path: string, data: string | Uint8Array): void {
  const f = onFile(path, () => new AtomicFile(path));
  try {
    onFile(path, () => {
      f.write(data);
      f.commit();
    });
  } catch (e) {
    f.abort();
    throw e;
  }
}
