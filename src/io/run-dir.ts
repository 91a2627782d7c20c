/**
 * A claimed output directory (issue 22, point 1; issue 29, point 2): the one way a command writes, replaces or
 * deletes a file of its run. Claiming (src/runner/outdir.ts, src/tune/tune.ts, src/experiments/run.ts) checks the
 * directory on its real path and refuses links and files that are not mjlab's; from then on every file goes
 * through these methods: streamed and checkpoint files opened no-follow, whole files written under a random
 * temporary name and renamed into place, removals that never follow a link.
 */
import { join } from 'node:path';
import { AppendFile } from './append-file.js';
import { AtomicFile, removeFile, writeAtomic } from './files.js';

export class RunDir {
  constructor(readonly path: string) {}

  /** The path of a file of the directory (for reading and messages). */
  file(name: string): string {
    return join(this.path, name);
  }

  /** An append-only file kept to its first `keepBytes` bytes (a checkpoint, a streamed file). */
  append(name: string, keepBytes: number): AppendFile {
    return new AppendFile(this.file(name), keepBytes);
  }

  /** A whole file, written atomically. */
  write(name: string, data: string | Uint8Array): void {
    writeAtomic(this.file(name), data);
  }

  /** A whole file written piece by piece, renamed into place on commit(). */
  atomic(name: string): AtomicFile {
    return new AtomicFile(this.file(name));
  }

  /** Remove a file of the run (a link there is refused, never followed). */
  remove(name: string): void {
    removeFile(this.file(name));
  }
}
