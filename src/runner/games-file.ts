/**
 * games.csv, streamed (issue 5, points 3 and 6): rows are appended batch by batch in game order and fsync'd
 * before the batch's checkpoint line is, so the checkpoint never claims rows that are not on disk.
 */
import { closeSync, existsSync, fsyncSync, ftruncateSync, openSync, writeSync } from 'node:fs';

export class GamesFile {
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

  append(text: string): void {
    if (text.length === 0) return;
    const buf = Buffer.from(text, 'utf8');
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
