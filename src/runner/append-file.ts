/**
 * An append-only output file that survives a kill (issue 5, point 6): opened after the bytes the checkpoint has
 * committed (anything beyond them was never claimed and is cut off), written at explicit offsets, and fsync'd by
 * the caller before the checkpoint line that claims the new bytes.
 */
import { closeSync, existsSync, fsyncSync, ftruncateSync, openSync, writeSync } from 'node:fs';

export class AppendFile {
  private readonly fd: number;
  private offset: number;

  constructor(path: string, keepBytes: number) {
    this.fd = openSync(path, existsSync(path) ? 'r+' : 'w+');
    ftruncateSync(this.fd, keepBytes);
    this.offset = keepBytes;
  }

  get bytes(): number {
    return this.offset;
  }

  protected appendBuffer(buf: Buffer): void {
    let done = 0;
    while (done < buf.length) done += writeSync(this.fd, buf, done, buf.length - done, this.offset + done);
    this.offset += buf.length;
  }

  sync(): void {
    fsyncSync(this.fd);
  }

  close(): void {
    closeSync(this.fd);
  }
}
