/**
 * JSONL checkpoint files (docs/outputs.md): a header line, then one sealed line (src/io/sealed-line.ts) per committed
 * entry, each fsync'd. `mjlab tune`'s checkpoint (src/tune/checkpoint.ts) and `mjlab train`'s data (src/learn/data.ts)
 * are written and read back through these.
 */
import { existsSync } from 'node:fs';
import { UserError } from '../errors.js';
import type { AppendFile } from './append-file.js';
import { readNoFollow } from './files.js';
import { sealLine, unsealLine } from './sealed-line.js';

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
