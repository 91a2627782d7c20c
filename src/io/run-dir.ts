/**
 * A claimed output directory (docs/outputs.md, "What `--force` may remove"): the one way a command writes, replaces or
 * deletes a file of its run. Claiming (src/runner/stages/claim.ts, src/tune/claim.ts, src/experiments/run.ts)
 * checks the directory on its real path and refuses links and files that are not mjlab's; from then on every file
 * goes through these methods: streamed and checkpoint files opened no-follow, whole files written under a random
 * temporary name and renamed into place, removals that never follow a link, and the directory itself emptied,
 * created and marked only here. The runner and the tuner hold a RunDir and never open a path of theirs.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { AppendFile } from './append-file.js';
import { AtomicFile, makeDir, readNoFollow, removeFile, writeAtomic } from './files.js';
import { emptyDir, removeTemps, writeMarker, type DirState, type OutputKind } from './owned-dir.js';

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

  /** Whether the directory holds `name`. */
  has(name: string): boolean {
    return existsSync(this.file(name));
  }

  /** The size of `name` in bytes, or null when there is none. */
  size(name: string): number | null {
    return this.has(name) ? statSync(this.file(name)).size : null;
  }

  /** `name` parsed as JSON, or null when it is missing or not JSON (read without following a link). */
  readJson<T>(name: string): T | null {
    try {
      return JSON.parse(readNoFollow(this.file(name)).toString('utf8')) as T;
    } catch {
      return null;
    }
  }

  /**
   * Start afresh: remove the old output (`state`, as inspectDir found it; refused in one line unless every entry
   * is mjlab's by `kind`, or by the marker's kind), create the directory, and mark it as `kind`'s when `mark` says
   * what it holds (an experiment's cell carries no marker of its own).
   */
  replace(state: DirState, kind?: OutputKind, mark?: { kind: OutputKind; run: Readonly<Record<string, unknown>> }): void {
    if (state.entries.length > 0) emptyDir(this.path, state, kind);
    makeDir(this.path);
    if (mark) this.mark(mark.kind, mark.run);
  }

  /** Write the marker saying what the directory holds. */
  mark(kind: OutputKind, run: Readonly<Record<string, unknown>>): void {
    writeMarker(this.path, kind, run);
  }

  /** Remove the temporary files a killed write left (never a link of that name). */
  removeTemps(state: DirState): void {
    removeTemps(this.path, state);
  }
}
