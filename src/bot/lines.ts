/**
 * Lines read synchronously from a file descriptor (docs/protocol.md: one JSON object per line): a bot's answers read
 * by the lab (pipe.ts), and a client's commands read by `mjlab env` (src/cli/env-command.ts). A blocking read waits
 * for the writer; a non-blocking descriptor that has nothing yet is waited on in short naps.
 */
import { readSync } from 'node:fs';

/** The longest line taken: past it, the writer is not speaking the protocol. */
export const MAX_LINE = 1 << 20;

export class LineReader {
  readonly #buf = Buffer.allocUnsafe(1 << 16);
  readonly #nap = new Int32Array(new SharedArrayBuffer(4));
  #pending = '';

  constructor(private readonly fd: number) {}

  /** The next line without its newline; null at the end of the input. Throws the read's error (its code), or on a line past MAX_LINE. */
  next(): string | null {
    for (;;) {
      const nl = this.#pending.indexOf('\n');
      if (nl >= 0) {
        const line = this.#pending.slice(0, nl);
        this.#pending = this.#pending.slice(nl + 1);
        return line;
      }
      if (this.#pending.length > MAX_LINE) throw new Error('a line longer than a megabyte');
      let n: number;
      try {
        n = readSync(this.fd, this.#buf, 0, this.#buf.length, null);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'EAGAIN') {
          Atomics.wait(this.#nap, 0, 0, 1);
          continue;
        }
        throw e;
      }
      if (n === 0) return null;
      this.#pending += this.#buf.toString('utf8', 0, n);
    }
  }
}
