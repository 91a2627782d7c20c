/**
 * An append-only output file that survives a kill: games.csv, matches.csv, nets.bin and the
 * checkpoints are streamed through it. Opened after the bytes the checkpoint has committed (anything beyond them
 * was never claimed and is cut off), written at explicit offsets, and fsync'd by the caller before the checkpoint
 * line that claims the new bytes. Opened no-follow (docs/outputs.md, "What `--force` may remove"): a link at its name is refused, not
 * rebuilt through, and a new file is created exclusively.
 */
import { closeSync, constants, fstatSync, fsyncSync, ftruncateSync, writeSync } from 'node:fs';
import { onFile, openNoFollow } from './files.js';

function openRw(path: string): number {
  try {
    return openNoFollow(path, constants.O_RDWR);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    return openNoFollow(path, constants.O_RDWR | constants.O_CREAT | constants.O_EXCL);
  }
}

export class AppendFile {
  private readonly fd: number;
  private offset: number;

  constructor(
    readonly path: string,
    keepBytes: number,
  ) {
    this.fd = onFile(path, () => openRw(path));
    // Cutting back only: extending would pad the file with NUL bytes the checkpoint never wrote.
    if (fstatSync(this.fd).size < keepBytes) {
      closeSync(this.fd);
      throw new Error(`${path} is shorter than the ${keepBytes} bytes its checkpoint committed`);
    }
    onFile(path, () => ftruncateSync(this.fd, keepBytes));
    this.offset = keepBytes;
  }

  get bytes(): number {
    return this.offset;
  }

  append(buf: Uint8Array): void {
    let done = 0;
    try {
      while (done < buf.length) done += onFile(this.path, () => writeSync(this.fd, buf, done, buf.length - done, this.offset + done));
    } finally {
      this.offset += done;
    }
  }

  sync(): void {
    onFile(this.path, () => fsyncSync(this.fd));
  }

  close(): void {
    closeSync(this.fd);
  }
}
