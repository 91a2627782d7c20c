/**
 * The checkpoint (issue 5, point 6): checkpoint.jsonl in the output directory, append-only and fsync'd after each
 * line. Line 1 is a header naming the run; each further line is one batch's exact aggregate, committed strictly
 * in batch order together with the length games.csv had once that batch's rows were written (and fsync'd). A
 * SIGKILL can only tear the last line, which reading drops, so a resumed run restarts exactly after the last
 * committed batch, and games.csv is cut back to the length recorded with it. The runner groups commits (one
 * fsync of games.csv, then the lines, then one fsync of the checkpoint, about twice a second) because an fsync
 * per batch costs milliseconds of the main thread that the workers then wait for.
 */
import { closeSync, fsyncSync, openSync, readFileSync, ftruncateSync, writeSync, existsSync } from 'node:fs';
import type { AggregateJson } from '../stats/aggregate.js';
import type { RunIdentity, Shard } from '../io/manifest.js';

export const CHECKPOINT_FILE = 'checkpoint.jsonl';

export interface CheckpointHeader {
  readonly kind: 'header';
  readonly identity: RunIdentity;
  readonly shard: Shard | null;
  readonly range: [number, number];
  readonly batchSize: number;
  /** games.csv length right after its header row (0 without --games-csv). */
  readonly gamesBytes: number;
}

export interface CheckpointBatch {
  readonly kind: 'batch';
  readonly index: number;
  readonly start: number;
  readonly end: number;
  readonly gamesBytes: number;
  readonly agg: AggregateJson;
}

export interface CheckpointState {
  readonly header: CheckpointHeader;
  /** Committed batches, in order: batch i is line i + 2. */
  readonly batches: number;
  readonly gamesBytes: number;
  /** Byte length of the valid prefix of the file. */
  readonly validBytes: number;
}

/**
 * Read a checkpoint, calling onBatch for each committed batch (so the caller merges as it goes and nothing is
 * held per batch). Returns null if there is no readable header.
 */
export function readCheckpoint(path: string, onBatch: (b: CheckpointBatch) => void): CheckpointState | null {
  if (!existsSync(path)) return null;
  const text = readFileSync(path, 'utf8');
  let pos = 0;
  let header: CheckpointHeader | null = null;
  let batches = 0;
  let gamesBytes = 0;
  let validBytes = 0;
  while (pos < text.length) {
    const nl = text.indexOf('\n', pos);
    if (nl < 0) break; // torn last line: never committed
    const line = text.slice(pos, nl);
    let obj: CheckpointHeader | CheckpointBatch;
    try {
      obj = JSON.parse(line) as CheckpointHeader | CheckpointBatch;
    } catch {
      break;
    }
    if (header === null) {
      if (obj.kind !== 'header') return null;
      header = obj;
      gamesBytes = obj.gamesBytes;
    } else {
      if (obj.kind !== 'batch' || obj.index !== batches) break;
      onBatch(obj);
      batches += 1;
      gamesBytes = obj.gamesBytes;
    }
    pos = nl + 1;
    validBytes += Buffer.byteLength(line, 'utf8') + 1;
  }
  return header ? { header, batches, gamesBytes, validBytes } : null;
}

/** Only the header, for identity checks. */
export function readCheckpointHeader(path: string): CheckpointHeader | null {
  return readCheckpoint(path, () => undefined)?.header ?? null;
}

export class CheckpointWriter {
  private readonly fd: number;

  /** Open for appending after `validBytes` (anything beyond, a torn line, is cut off). */
  constructor(path: string, validBytes: number) {
    this.fd = openSync(path, existsSync(path) ? 'r+' : 'w+');
    ftruncateSync(this.fd, validBytes);
    this.offset = validBytes;
  }

  private offset: number;

  /** Append one line; fsync unless the caller groups several lines under one sync(). */
  append(entry: CheckpointHeader | CheckpointBatch, sync = true): void {
    const buf = Buffer.from(`${JSON.stringify(entry)}\n`, 'utf8');
    let done = 0;
    while (done < buf.length) done += writeSync(this.fd, buf, done, buf.length - done, this.offset + done);
    this.offset += buf.length;
    if (sync) fsyncSync(this.fd);
  }

  sync(): void {
    fsyncSync(this.fd);
  }

  close(): void {
    closeSync(this.fd);
  }
}
