/**
 * nets.bin (docs/outputs.md): the pairing the exact aggregate cannot keep. One fixed-size record per game, in
 * game order: for each label of the run (aggregate label order), the sum of that label's net settlement over the
 * game's hands, as a little-endian Int32. Paired statistics (same wall under rotation, same game index under
 * another rule set) are computed by streaming these files, so memory never grows with the number of hands.
 * It is streamed like games.csv (append-file.ts, checkpoint.ts): the records reach the disk (fsync) before the
 * checkpoint line that claims them, and a resumed run proves its committed prefix batch by batch.
 */
import { closeSync, constants, readSync } from 'node:fs';
import { openNoFollow } from '../io/files.js';
import type { GameOutcome } from '../game/types.js';

export const NETS_FILE = 'nets.bin';
const INT32_MAX = 2 ** 31 - 1;

/** Add one game's per-label net sums into `out` at `offset` (labels.length slots, zeroed by the caller). */
export function addNetsRecord(out: Int32Array, offset: number, labels: readonly string[], g: GameOutcome): void {
  const sums = new Array<number>(labels.length).fill(0);
  for (const h of g.hands) {
    for (let seat = 0; seat < g.strategies.length; seat++) {
      const i = labels.indexOf(g.strategies[seat]!);
      if (i < 0) throw new Error(`nets: label "${g.strategies[seat]}" is not in the lineup`);
      sums[i]! += h.nets[seat] ?? 0;
    }
  }
  for (let i = 0; i < labels.length; i++) {
    const v = sums[i]!;
    // A silent wrap would corrupt every paired statistic: refuse instead.
    if (!Number.isInteger(v) || v > INT32_MAX || v < -INT32_MAX) throw new RangeError(`nets: game ${g.game} net ${v} does not fit Int32`);
    out[offset + i] = v;
  }
}

/**
 * Sequential reader of a nets.bin: `next(k)` returns the next k records (k × width Int32, reused buffer) or null
 * at the end. Reads in fixed chunks, so memory is constant however long the file.
 */
export class NetsReader {
  private readonly fd: number;
  private pos = 0;
  private readonly chunk: Buffer;
  private have = 0;
  private used = 0;
  private readonly out: Int32Array;

  constructor(
    path: string,
    readonly width: number,
    maxRecords: number,
  ) {
    this.fd = openNoFollow(path, constants.O_RDONLY);
    this.chunk = Buffer.alloc(Math.max(65536, maxRecords * width * 4));
    this.out = new Int32Array(maxRecords * width);
  }

  next(records: number): Int32Array | null {
    const need = records * this.width * 4;
    if (this.have - this.used < need) {
      this.chunk.copy(this.chunk, 0, this.used, this.have);
      this.have -= this.used;
      this.used = 0;
      while (this.have < this.chunk.length) {
        const n = readSync(this.fd, this.chunk, this.have, this.chunk.length - this.have, this.pos);
        if (n === 0) break;
        this.have += n;
        this.pos += n;
      }
      if (this.have - this.used < need) return null;
    }
    for (let i = 0; i < records * this.width; i++) this.out[i] = this.chunk.readInt32LE(this.used + i * 4);
    this.used += need;
    return this.out.subarray(0, records * this.width);
  }

  close(): void {
    closeSync(this.fd);
  }
}
