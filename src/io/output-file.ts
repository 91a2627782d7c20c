/**
 * The one rule for a file mjlab writes outside a run directory (docs/outputs.md, "Files outside a run directory"):
 * a page (`replay --html`, `review --html`) or any other single file an option names. It is never written over an
 * input of the same command (the game record it was made from, compared by the file itself, so a link or a second
 * name for it is caught too), never over a file mjlab did not write unless --force is given, and always written
 * beside its name and renamed into place (src/io/files.ts writeAtomic), so a kill leaves the old file or the new
 * one. The check runs before the command does its work, and again just before the write.
 */
import { closeSync, constants, lstatSync, readSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { UserError } from '../errors.js';
import { fsReason, isLink, linkRefusal, openNoFollow, writeAtomic } from './files.js';

export interface OutputFile {
  /** The option that names it, for messages ("--html"). */
  readonly option: string;
  readonly path: string;
  /** Files the command reads: the output is never one of them. */
  readonly inputs: readonly string[];
  /** Replace a file mjlab did not write. */
  readonly force: boolean;
  /** Whether the first bytes of an existing file say mjlab wrote it (a page of this kind): replaced without --force. */
  readonly ours: (head: string) => boolean;
}

/** Bytes read from an existing file to tell whether mjlab wrote it. */
const HEAD_BYTES = 1024;

function head(path: string): string {
  const fd = openNoFollow(path, constants.O_RDONLY);
  try {
    const buf = Buffer.alloc(HEAD_BYTES);
    const n = readSync(fd, buf, 0, buf.length, 0);
    return buf.subarray(0, n).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/** The same file: the same device and inode (a link, a hard link or another spelling of the path all are). */
function sameFile(a: string, b: string): boolean {
  if (resolve(a) === resolve(b)) return true;
  const sa = statSync(a, { throwIfNoEntry: false });
  const sb = statSync(b, { throwIfNoEntry: false });
  return sa !== undefined && sb !== undefined && sa.dev === sb.dev && sa.ino === sb.ino;
}

/** The files a lineup or a strategy option reads (`./mine.js`, `./preset.json:param=1`): inputs too. */
export function strategyFiles(spec: string | undefined): string[] {
  if (spec === undefined) return [];
  return spec.split(',').map((s) => s.trim().split(':')[0] ?? '').filter((f) => f !== '' && statSync(f, { throwIfNoEntry: false })?.isFile() === true);
}

/** Refuse, in one line and before any work, an output file the rule forbids. */
export function checkOutputFile(o: OutputFile): void {
  if (o.path.trim() === '') throw new UserError(`${o.option} needs a file name`);
  const input = o.inputs.find((i) => sameFile(o.path, i));
  if (input !== undefined) throw new UserError(`${o.option} ${o.path} is ${input}, an input of this command: mjlab never writes over what it reads; give another file`);
  if (isLink(o.path)) throw linkRefusal(o.path);
  const st = lstatSync(o.path, { throwIfNoEntry: false });
  if (st === undefined) return;
  if (st.isDirectory()) throw new UserError(`${o.option} ${o.path} is a directory; give a file name`);
  if (!st.isFile()) throw new UserError(`${o.option} ${o.path} is not a regular file; give another file`);
  if (o.force) return;
  let text: string;
  try {
    text = head(o.path);
  } catch (e) {
    if (e instanceof UserError) throw e;
    throw new UserError(`cannot read ${o.path}: ${fsReason(e) ?? (e as Error).message}`);
  }
  if (!o.ours(text)) throw new UserError(`${o.option} ${o.path} already holds a file mjlab did not write; use --force to replace it, or give another file`);
}

/** Write the output file under the rule: checked again, then written beside its name and renamed into place. */
export function writeOutputFile(o: OutputFile, data: string | Uint8Array): void {
  checkOutputFile(o);
  try {
    writeAtomic(o.path, data);
  } catch (e) {
    if (e instanceof UserError) throw e;
    throw new UserError(`cannot write ${o.path}: ${fsReason((e as { error?: unknown }).error ?? e) ?? (e as Error).message}`);
  }
}
