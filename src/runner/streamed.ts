/**
 * Proving a streamed file (games.csv, matches.csv, nets.bin) against its checkpoint before resuming (docs/outputs.md,
 * `checkpoint.jsonl`): its header rows and every committed batch's bytes must have the length and SHA-256 the checkpoint
 * recorded. The first batch that does not is where the runner starts rebuilding the file from the checkpointed
 * batches (replaying them reproduces the same bytes, which the checkpoint's hashes then confirm).
 */
import { closeSync, constants, existsSync, fstatSync, readSync } from 'node:fs';
import { openNoFollow } from '../io/files.js';
import type { BatchMarks, CheckpointHeader } from './checkpoint.js';
import { sha256 } from './checkpoint.js';

export interface Mismatch {
  /** -1: the header rows; i: batch i; batches.length: the whole file matches. */
  readonly at: number;
  readonly why: string;
}

function readRange(fd: number, from: number, to: number): Buffer {
  const buf = Buffer.alloc(to - from);
  let done = 0;
  while (done < buf.length) {
    const n = readSync(fd, buf, done, buf.length - done, from + done);
    if (n === 0) break;
    done += n;
  }
  return buf.subarray(0, done);
}

export function firstMismatch(path: string, name: string, header: CheckpointHeader, batches: readonly BatchMarks[]): Mismatch {
  const h = header.files[name];
  if (!h) return { at: -1, why: `${name} is not recorded in the checkpoint` };
  if (!existsSync(path)) return { at: -1, why: `${name} is missing` };
  const fd = openNoFollow(path, constants.O_RDONLY);
  try {
    const size = fstatSync(fd).size;
    const short = (bytes: number) => `${name} ends at byte ${size}, before byte ${bytes}`;
    if (size < h.bytes) return { at: -1, why: short(h.bytes) };
    if (sha256(readRange(fd, 0, h.bytes)) !== h.sha) return { at: -1, why: `${name}'s header rows differ from the checkpoint's` };
    let prev = h.bytes;
    for (let i = 0; i < batches.length; i++) {
      const m = batches[i]!.files[name];
      if (!m) return { at: i, why: `${name} is not recorded for batch ${i}` };
      if (size < m.bytes) return { at: i, why: short(m.bytes) };
      if (sha256(readRange(fd, prev, m.bytes)) !== m.sha) return { at: i, why: `${name}'s bytes ${prev}..${m.bytes - 1} differ from the checkpoint's` };
      prev = m.bytes;
    }
    return { at: batches.length, why: '' };
  } finally {
    closeSync(fd);
  }
}
