/**
 * The hand tables on disk (docs/performance.md, "`npm test`'s time"): suit-shapes.ts's SUIT_GOOD bits and shanten.ts's prebuilt cost
 * vectors, written once by the build (write-tables.ts, after tsc) to dist/hand-tables.bin and read by every process
 * and worker thread instead of building them. Building cost about 110 ms of CPU in each process and 27 ms in each
 * worker thread (plus a 12 ms copy of the shared table); `npm test` did it about 840 times, some 36 s of CPU
 * (docs/performance.md, "`npm test`'s time").
 *
 * A pure cache: the file holds what the builders compute, and is used only when it was written from the very code
 * that would build otherwise. Its header lists the identities it was written for: a SHA-1 of the builder
 * modules' text (suit-shapes, table-build, shanten and the tile kinds they use, compiled .js and source .ts alike, since tests run the .ts in-process).
 * A reader hashes its own two modules and takes the file only on a match; a missing, stale, short or unreadable
 * file makes it build as before, never fail. test/hand/table-file.test.ts checks that both ways give the same
 * bytes.
 *
 * Layout: "MJHT", a u32 header length, the header as JSON (format, identities, section offsets and lengths), then
 * the sections, each starting at a multiple of 8 bytes.
 */
import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { basename, dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const TABLE_FILE_FORMAT = 1;
const MAGIC = 'MJHT';

/** The sections: SUIT_GOOD's bits; the prebuilt suit keys (Int32) and their vectors; the honour vectors. */
export interface TableSections {
  readonly suitGood: Uint8Array;
  readonly suitKeys: Int32Array;
  readonly suitVectors: Uint8Array;
  readonly honourVectors: Uint8Array;
}

type SectionName = keyof TableSections;
const SECTIONS: readonly SectionName[] = ['suitGood', 'suitKeys', 'suitVectors', 'honourVectors'];

interface Header {
  readonly format: number;
  readonly identities: readonly string[];
  readonly sections: Readonly<Record<SectionName, readonly [offset: number, bytes: number]>>;
}

const here = fileURLToPath(import.meta.url);
const ext = extname(here);

/**
 * Where the file is: dist/hand-tables.bin, found from this module's own place (dist/src/hand/ when compiled,
 * src/hand/ when the source runs in-process).
 */
export function tableFilePath(): string {
  const top = dirname(dirname(dirname(here)));
  return basename(top) === 'dist' && ext === '.js' ? join(top, 'hand-tables.bin') : join(top, 'dist', 'hand-tables.bin');
}

/**
 * The modules whose text decides the tables: the two builders (suit-shapes.ts, table-build.ts), the analyser that
 * reads them (shanten.ts) and the tile kinds it takes from tiles/.
 */
const BUILDERS = ['hand/suit-shapes', 'hand/table-build', 'hand/shanten', 'tiles/tile'];

/**
 * The identity of the builder modules under the source root `root` (src/ or dist/src/) with extension `e`: what a
 * file must list to be read.
 */
export function builderIdentity(root: string, e: string): string {
  const h = createHash('sha1');
  for (const name of BUILDERS) h.update(name).update('\0').update(readFileSync(join(root, name + e))).update('\0');
  return `${TABLE_FILE_FORMAT}:${h.digest('hex')}`;
}

/** This process's identity: the builders beside this module, or null when they cannot be read. */
function ownIdentity(): string | null {
  try {
    return builderIdentity(dirname(dirname(here)), ext);
  } catch {
    return null;
  }
}

function readHeader(fd: number): Header | null {
  const head = Buffer.alloc(8);
  if (readSync(fd, head, 0, 8, 0) !== 8 || head.toString('latin1', 0, 4) !== MAGIC) return null;
  const n = head.readUInt32LE(4);
  if (n > 1 << 20) return null;
  const json = Buffer.alloc(n);
  if (readSync(fd, json, 0, n, 8) !== n) return null;
  const h = JSON.parse(json.toString('utf8')) as Header;
  return h.format === TABLE_FILE_FORMAT && Array.isArray(h.identities) ? h : null;
}

/**
 * The named sections from the file, or null when there is no usable file for this code (see the header comment).
 * Reads only the sections asked for: SUIT_GOOD's 244 KB at every engine import, the rest at a first shanten query.
 * A section named in `into` is read into that array, when its length is the section's (else null), and returned
 * as it: the honour vectors go straight into their place in a table, with no copy. `path` is for tests.
 */
export function readTableSections<K extends SectionName>(
  names: readonly K[],
  path = tableFilePath(),
  into: Partial<Record<SectionName, Uint8Array>> = {},
): Pick<TableSections, K> | null {
  const identity = ownIdentity();
  if (identity === null) return null;
  let fd: number | null = null;
  try {
    fd = openSync(path, 'r');
    const h = readHeader(fd);
    if (h === null || !h.identities.includes(identity)) return null;
    // A file cut short (a build interrupted, a full disk) is not half used: its size is the one its header states.
    const [end, endBytes] = h.sections.honourVectors;
    if (fstatSync(fd).size !== end + endBytes) return null;
    const out: Partial<Record<SectionName, Uint8Array | Int32Array>> = {};
    for (const name of names) {
      const [offset, bytes] = h.sections[name];
      const target = into[name];
      if (target !== undefined && target.length !== bytes) return null;
      const buf = target ?? new Uint8Array(bytes);
      if (readSync(fd, buf, 0, bytes, offset) !== bytes) return null;
      out[name] = name === 'suitKeys' ? new Int32Array(buf.buffer, 0, bytes >>> 2) : buf;
    }
    return out as Pick<TableSections, K>;
  } catch {
    return null;
  } finally {
    if (fd !== null) closeSync(fd);
  }
}

/** Whether this code has a usable file (its header lists this code's identity): a pool's workers then read it. */
export function tableFileReadable(path?: string): boolean {
  return readTableSections([], path) !== null;
}

/** The file's bytes for these sections, readable by code with any of `identities`. */
export function tableFileBytes(identities: readonly string[], s: TableSections): Buffer {
  const align = (n: number): number => Math.ceil(n / 8) * 8;
  const lengths = SECTIONS.map((name) => s[name].byteLength);
  // The header states the offsets, which start after the header: repeat until its length settles (two or three
  // rounds, as the offsets' digits settle).
  let json = '';
  for (;;) {
    let at = align(8 + Buffer.byteLength(json));
    const sections: Record<string, [number, number]> = {};
    SECTIONS.forEach((name, i) => {
      sections[name] = [at, lengths[i]!];
      at = align(at + lengths[i]!);
    });
    const next = JSON.stringify({ format: TABLE_FILE_FORMAT, identities, sections });
    if (next === json) break;
    json = next;
  }
  const header = JSON.parse(json) as Header;
  const last = header.sections.honourVectors;
  const out = Buffer.alloc(last[0] + last[1]);
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(Buffer.byteLength(json), 4);
  out.write(json, 8, 'utf8');
  for (const name of SECTIONS) {
    const v = s[name];
    out.set(new Uint8Array(v.buffer, v.byteOffset, v.byteLength), header.sections[name][0]);
  }
  return out;
}
