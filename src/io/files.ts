/**
 * File-system primitives every writing command shares (docs/outputs.md, "What `--force` may remove"): an mkdir -p
 * that cannot spin, atomic writes that never leave a half-written or temporary file behind, and one line naming
 * what went wrong when the file system refuses (disk full, quota, read-only, not a directory, a pseudo file
 * system). Nothing here writes, replaces or deletes through a symbolic link: files are opened with O_NOFOLLOW,
 * new ones with O_EXCL under a random temporary name in the target's own directory, and renamed into place only
 * over a regular file (or nothing).
 */
import { randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, fsyncSync, lstatSync, mkdirSync, openSync, readSync, realpathSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
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
  // Judged on the real path (a link into /proc is /proc). /dev/shm is an ordinary tmpfs; the rest of /dev, /proc
  // and /sys are not places for results.
  const real = realPathOf(abs);
  const pseudo = pseudoRoot(real);
  if (pseudo && !(real === '/dev/shm' || real.startsWith('/dev/shm/'))) {
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

/** Flags of a file created afresh: never an existing file, never through a link planted at its name. */
const CREATE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

/** A refused link: the one line every write through one gets. */
export function linkRefusal(path: string): UserError {
  return new UserError(`cannot write ${path}: it is a symbolic link, and mjlab never writes, replaces or deletes through one; remove it or choose another place`);
}

/** `path` is a symbolic link (false when it does not exist). */
export function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/**
 * Open `path` no-follow with `flags` (O_NOFOLLOW added): a link at its name is refused in one line rather than
 * followed, and anything but a regular file (a FIFO, a device) is refused too.
 */
export function openNoFollow(path: string, flags: number, mode = 0o666): number {
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO planted at the name must not hang (it changes nothing for a regular file).
    fd = openSync(path, flags | constants.O_NOFOLLOW | constants.O_NONBLOCK, mode);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ELOOP' && isLink(path)) throw linkRefusal(path);
    throw e;
  }
  if (!fstatSync(fd).isFile()) {
    closeSync(fd);
    throw new UserError(`cannot use ${path}: it is not a regular file`);
  }
  return fd;
}

/** Read a whole file without following a link at its name (the run's own files are read so). */
export function readNoFollow(path: string): Buffer {
  const fd = openNoFollow(path, constants.O_RDONLY);
  try {
    const chunks: Buffer[] = [];
    for (;;) {
      const buf = Buffer.alloc(1 << 16);
      const n = readSync(fd, buf, 0, buf.length, null);
      if (n === 0) break;
      chunks.push(buf.subarray(0, n));
    }
    return Buffer.concat(chunks);
  } finally {
    closeSync(fd);
  }
}

/**
 * A fresh temporary file beside `path`, `.NAME.RANDOM.tmp` (matched by the .gitignore files, `.*.tmp`): the name
 * cannot be guessed ahead, and O_EXCL with O_NOFOLLOW makes a file or link planted there an error, never a target.
 */
export function createTemp(path: string): { fd: number; tmp: string } {
  for (;;) {
    const tmp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      return { fd: openSync(tmp, CREATE, 0o666), tmp };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw e;
    }
  }
}

/** The real path of `p`: its deepest existing ancestor's realpath with the rest of `p` after it. */
export function realPathOf(p: string): string {
  const abs = resolve(p);
  const rest: string[] = [];
  for (let at = abs; ; ) {
    try {
      return join(realpathSync(at), ...rest.reverse());
    } catch {
      const up = dirname(at);
      if (up === at) return abs;
      rest.push(basename(at));
      at = up;
    }
  }
}

/** Remove a regular file (a link is refused, not followed; a missing file is no error). */
export function removeFile(path: string): void {
  let st;
  try {
    st = lstatSync(path);
  } catch {
    return;
  }
  if (st.isSymbolicLink()) throw linkRefusal(path);
  unlinkSync(path);
}

/**
 * A file written under a temporary name and renamed over its target only once complete and fsync'd: readers see
 * the old file or the new one, never a part. On any failure `abort()` removes the temporary file. A link at the
 * target's name is refused: renaming over it would replace the user's link.
 */
export class AtomicFile {
  private fd: number | null;
  private readonly tmp: string;
  bytes = 0;

  constructor(readonly path: string) {
    if (isLink(path)) throw linkRefusal(path);
    const t = createTemp(path);
    this.fd = t.fd;
    this.tmp = t.tmp;
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
    if (isLink(this.path)) {
      this.abort();
      throw linkRefusal(this.path);
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
    try {
      unlinkSync(this.tmp);
    } catch {
      // never created, or already renamed
    }
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
