/**
 * An append-only output file that survives a kill (issue 5, point 6): games.csv, matches.csv and nets.bin are
 * streamed through it batch by batch. Opened after the bytes the checkpoint has committed (anything beyond them
 * was never claimed and is cut off), written at explicit offsets, and fsync'd by the caller before the checkpoint
 * line that claims the new bytes.
 */
import { closeSync, existsSync, fstatSync, fsyncSync, ftruncateSync, openSync, writeSync } from 'node:fs';
import { onFile } from '../io/files.js';

export class AppendFile {
  private readonly fd: number;
  private offset: number;

  constructor(
    readonly path: string,
    keepBytes: number,
  ) {
    this.fd = onFile(path, () => openSync(path, existsSync(path) ? 'r+' : 'w+'));
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
