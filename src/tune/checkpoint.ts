/**
 * A tune's checkpoint: DIR/checkpoint.jsonl, append-only, one fsync'd line per completed step — the header naming
 * the tune, then one line per generation (each candidate's exact sums), per race round and for the
 * confirmation. Resuming replays CMA-ES from these lines (its sampling streams are derived from the seed and the
 * generation, so the same candidates come out), which restores its state exactly without serialising it. A kill
 * can only tear the last line; reading stops there and writing cuts it off. Every line carries a checksum
 * (src/io/sealed-line.ts, as simulate's do: docs/outputs.md, `checkpoint.jsonl`): a complete line that fails it is refused in one
 * line naming it, never resumed into wrong results. The reader and writer are generic (an experiment's cross-play
 * keeps one too).
 */
import { existsSync } from 'node:fs';
import { UserError } from '../errors.js';
import type { AppendFile } from '../io/append-file.js';
import { readNoFollow } from '../io/files.js';
import { sealLine, unsealLine } from '../io/sealed-line.js';
import type { ArmsJson, MomentsJson, PanelJson } from './arms.js';

export const TUNE_CHECKPOINT = 'checkpoint.jsonl';

export interface TuneHeader {
  readonly kind: 'tune-header';
  readonly identity: Readonly<Record<string, unknown>>;
}

export interface GenerationLine {
  readonly kind: 'generation';
  readonly generation: number;
  /** Per candidate, in ask order: the values evaluated and the moments of its per-wall-set nets. */
  readonly candidates: readonly { readonly values: readonly number[]; readonly net: MomentsJson }[];
  /** CPU seconds the step took (whole process): timing only, never part of a result file. */
  readonly cpuSeconds: number;
}

export interface RaceLine {
  readonly kind: 'race';
  readonly round: number;
  /** Finalists still racing after this round. */
  readonly alive: readonly number[];
  /** Cumulative moments over every round so far. */
  readonly arms: ArmsJson;
  readonly cpuSeconds: number;
}

export interface ConfirmLine {
  readonly kind: 'confirm';
  /** Arm 0 the winner, arm 1 the strategy as given. */
  readonly arms: PanelJson;
  readonly cpuSeconds: number;
}

export type TuneLine = GenerationLine | RaceLine | ConfirmLine;

/** A checkpoint file read back: its header, the committed lines after it, and the length of that valid prefix. */
export interface Jsonl<H, L> {
  readonly header: H;
  readonly lines: readonly L[];
  readonly validBytes: number;
}

/** Refused checkpoint line: one line saying which and what to do. */
function refuse(path: string, what: string): never {
  throw new UserError(`${path} ${what}; it cannot be resumed (rerun without --resume to start over)`);
}

/**
 * The committed lines of a JSONL checkpoint whose first line has `kind: headerKind`; null without one. A torn last
 * line (no newline: a write cut short by a kill) or a tail of NUL bytes (a crash before the data reached the disk)
 * is dropped; a complete line that fails its checksum is refused with a UserError naming it.
 */
export function readJsonl<H extends { kind: string }, L extends { kind: string }>(path: string, headerKind: H['kind']): Jsonl<H, L> | null {
  if (!existsSync(path)) return null;
  const text = readNoFollow(path).toString('utf8');
  let header: H | null = null;
  const lines: L[] = [];
  let pos = 0;
  let lineNo = 0;
  while (pos < text.length) {
    const nl = text.indexOf('\n', pos);
    if (nl < 0) break;
    lineNo += 1;
    if (text[pos] === '\0' && /^\0*$/.test(text.slice(pos))) break;
    const obj = unsealLine(text.slice(pos, nl)) as H | L | null;
    if (obj === null || typeof obj.kind !== 'string') refuse(path, `line ${lineNo} fails its checksum (edited, corrupted, or written by an mjlab without checksums)`);
    if (header === null) {
      if (obj.kind !== headerKind) return null;
      header = obj as H;
    } else {
      if (obj.kind === headerKind) refuse(path, `line ${lineNo} is a second header`);
      lines.push(obj as L);
    }
    pos = nl + 1;
  }
  return header ? { header, lines, validBytes: Buffer.byteLength(text.slice(0, pos), 'utf8') } : null;
}

export function readTuneCheckpoint(path: string): Jsonl<TuneHeader, TuneLine> | null {
  return readJsonl<TuneHeader, TuneLine>(path, 'tune-header');
}

/**
 * Appends one fsync'd line per entry to `file`, opened through the claimed directory (src/io/run-dir.ts) after the
 * valid prefix (anything beyond, a torn line, cut off), never through a link.
 */
export class JsonlWriter<T> {
  constructor(private readonly file: AppendFile) {}

  line(entry: T): void {
    this.file.append(Buffer.from(sealLine(entry as object), 'utf8'));
    this.file.sync();
  }

  close(): void {
    this.file.close();
  }
}
