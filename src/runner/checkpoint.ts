/**
 * The checkpoint (docs/outputs.md, `checkpoint.jsonl`): checkpoint.jsonl in the output directory, append-only and
 * fsync'd. Line 1 is a header naming the run; each further line is one batch's exact aggregate, committed strictly
 * in batch order together with, for every streamed file (games.csv, matches.csv, nets.bin), its length once that
 * batch's rows were written (and fsync'd) and a SHA-256 of the bytes the batch added. Every line ends with a
 * checksum of its own content, so an edited or corrupted line is refused rather than resumed, and a resumed run
 * can prove each streamed file's committed prefix batch by batch (and rebuild it where it does not match).
 *
 * A SIGKILL can only tear the last line (no newline yet), which reading drops, so a resumed run restarts exactly
 * after the last committed batch. The runner groups commits (one fsync of the streamed files, then the lines, then
 * one fsync of the checkpoint, about twice a second) because an fsync per batch costs milliseconds of the main
 * thread that the workers then wait for; batches staged when the workers go quiet are committed half a second
 * later on a timer, not left until the next batch arrives.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { UserError } from '../errors.js';
import { AppendFile } from '../io/append-file.js';
import { readNoFollow } from '../io/files.js';
import { sealLine, unsealLine } from '../io/sealed-line.js';
import type { AggregateJson } from '../stats/aggregate.js';
import type { RunIdentity, Shard } from '../io/manifest.js';

export const CHECKPOINT_FILE = 'checkpoint.jsonl';

/** A streamed file's state after a line: its length, and the SHA-256 (hex) of the bytes this line added. */
export interface FileMark {
  readonly bytes: number;
  readonly sha: string;
}

export type FileMarks = Readonly<Record<string, FileMark>>;

export interface CheckpointHeader {
  readonly kind: 'header';
  readonly identity: RunIdentity;
  readonly shard: Shard | null;
  readonly range: [number, number];
  readonly batchSize: number;
  /** The streamed files' header rows (games.csv's column names, …). */
  readonly files: FileMarks;
  /** When the run's first session began (absent in headers written before mjlab kept it). */
  readonly startedAt?: string;
}

export interface CheckpointBatch {
  readonly kind: 'batch';
  readonly index: number;
  readonly start: number;
  readonly end: number;
  readonly files: FileMarks;
  readonly agg: AggregateJson;
  /**
   * The run's wall-clock seconds when the batch was committed, over every session so far, so a resumed run's
   * manifest states the whole run's duration. Absent in lines written before mjlab kept it.
   */
  readonly seconds?: number;
}

/**
 * A run resumed with `--accept-changed-plugin` after a plug-in or preset file changed (README.md, "Running at
 * scale"): from game `from` on, the games are played by the files of these hashes. It follows the last committed
 * batch it was written after, so the games before `from` stay those of the files named before it.
 */
export interface CheckpointPlugins {
  readonly kind: 'plugins';
  readonly from: number;
  readonly plugins: Readonly<Record<string, string>>;
}

/** What resuming needs of each committed batch besides its aggregate. */
export interface BatchMarks {
  readonly files: FileMarks;
  /** SHA-256 of the batch's aggregate JSON: a rebuilt batch must reproduce it. */
  readonly aggSha: string;
}

export interface CheckpointState {
  readonly header: CheckpointHeader;
  /** Committed batches, in order: batch i is line i + 2. */
  readonly batches: readonly BatchMarks[];
  /** Byte length of the valid prefix of the file. */
  readonly validBytes: number;
  /** The last committed batch's `seconds` (0 before any batch); null when some batch line does not say. */
  readonly seconds: number | null;
  /** The plug-in changes accepted on a resume, in order (none: every game played by the header's files). */
  readonly pluginChanges: readonly CheckpointPlugins[];
}

export function sha256(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

type CheckpointLine = CheckpointHeader | CheckpointBatch | CheckpointPlugins;

function sealed(entry: CheckpointLine): string {
  return sealLine(entry);
}

/** The entry of a line whose checksum matches, or null. */
function unseal(line: string): CheckpointLine | null {
  return unsealLine(line) as unknown as CheckpointLine | null;
}

/** Refused checkpoint: one line saying what is wrong and what to do. */
function refuse(path: string, what: string): never {
  throw new UserError(`${path} ${what}; it cannot be resumed (rerun with --force to start over)`);
}

export interface Expected {
  readonly range: readonly [number, number];
  readonly batchSize: number;
}

/**
 * Read and verify a checkpoint, calling onBatch for each committed batch (so the caller merges as it goes). Returns
 * null if there is no file or no header line at all. A complete line (newline-terminated) that fails its checksum,
 * or does not follow the batch plan, is refused with a UserError; only a torn last line (no newline: a write cut
 * short by a kill) or a tail of NUL bytes (a crash before the data reached the disk) is dropped.
 */
export function readCheckpoint(path: string, onBatch: (b: CheckpointBatch) => void, expected?: Expected): CheckpointState | null {
  if (!existsSync(path)) return null;
  const text = readNoFollow(path).toString('utf8');
  let pos = 0;
  let header: CheckpointHeader | null = null;
  const batches: BatchMarks[] = [];
  let validBytes = 0;
  let lineNo = 0;
  let seconds: number | null = 0;
  const pluginChanges: CheckpointPlugins[] = [];
  while (pos < text.length) {
    const nl = text.indexOf('\n', pos);
    if (nl < 0) break; // torn last line: never committed
    const line = text.slice(pos, nl);
    lineNo += 1;
    if (line.startsWith('\0') && /^\0*$/.test(text.slice(pos))) break;
    const obj = unseal(line);
    if (obj === null) refuse(path, `line ${lineNo} fails its checksum (edited, corrupted, or written by an mjlab without checksums)`);
    if (header === null) {
      if (obj.kind !== 'header') refuse(path, 'does not start with a header line');
      header = obj;
      if (expected && (header.batchSize !== expected.batchSize || header.range[0] !== expected.range[0] || header.range[1] !== expected.range[1])) {
        refuse(path, `plans batches of ${header.batchSize} over games ${header.range[0]}..${header.range[1]}, not this run's`);
      }
    } else if (obj.kind === 'plugins') {
      const from = header.range[0] + batches.length * header.batchSize;
      if (obj.from !== from) refuse(path, `line ${lineNo} changes the plug-ins from game ${obj.from}, not after the last batch before it (game ${from})`);
      pluginChanges.push(obj);
    } else {
      const i = batches.length;
      const start = header.range[0] + i * header.batchSize;
      const end = Math.min(header.range[1], start + header.batchSize);
      if (obj.kind !== 'batch' || obj.index !== i || obj.start !== start || obj.end !== end || obj.agg.games !== end - start) {
        refuse(path, `line ${lineNo} is not batch ${i} (games ${start}..${end - 1})`);
      }
      onBatch(obj);
      seconds = seconds !== null && typeof obj.seconds === 'number' ? obj.seconds : null;
      batches.push({ files: obj.files, aggSha: sha256(JSON.stringify(obj.agg)) });
    }
    pos = nl + 1;
    validBytes += Buffer.byteLength(line, 'utf8') + 1;
  }
  return header ? { header, batches, validBytes, seconds, pluginChanges } : null;
}

export class CheckpointWriter {
  private readonly file: AppendFile;

  /**
   * Append to `file` (a claimed directory's, src/io/run-dir.ts: the runner's way), or open `path` for appending
   * after `validBytes` (anything beyond, a torn line, is cut off; the tests' way); never through a link.
   */
  constructor(file: AppendFile | string, validBytes = 0) {
    this.file = typeof file === 'string' ? new AppendFile(file, validBytes) : file;
  }

  /** Append one line; fsync unless the caller groups several lines under one sync(). */
  append(entry: CheckpointLine, sync = true): void {
    this.file.append(Buffer.from(sealed(entry), 'utf8'));
    if (sync) this.sync();
  }

  sync(): void {
    this.file.sync();
  }

  close(): void {
    this.file.close();
  }
}
