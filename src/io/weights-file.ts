/**
 * The container of a network's weights on disk (docs/learning.md "The model file"; docs/statistics.md "The learned
 * value"), little-endian: an 8-byte magic, a u32 version, a u32 header length L, L bytes of UTF-8 JSON (the header),
 * the parameters as float32, and the SHA-256 of every byte before it. Nothing in it depends on the clock or the
 * machine. A file cut short, lengthened or altered anywhere fails the length or the checksum and is refused
 * through `bad` (a one-line UserError of the caller's).
 */
import { createHash } from 'node:crypto';

export function encodeWeights(magic: string, version: number, header: unknown, params: ArrayLike<number>): Buffer {
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const body = Buffer.alloc(16 + json.length + 4 * params.length);
  body.write(magic, 0, 'latin1');
  body.writeUInt32LE(version, 8);
  body.writeUInt32LE(json.length, 12);
  json.copy(body, 16);
  const at = 16 + json.length;
  for (let i = 0; i < params.length; i++) body.writeFloatLE(params[i]!, at + 4 * i);
  return Buffer.concat([body, createHash('sha256').update(body).digest()]);
}

/**
 * The header and parameters of `b`: `noun` names the file kind in the magic's refusal ("an mjlab model"), `sizeOf`
 * checks the header and says how many parameters it declares (refusing through `bad` itself).
 */
export function decodeWeights<H>(b: Buffer, magic: string, version: number, noun: string, sizeOf: (header: H) => number, bad: (what: string) => never): { header: H; params: Float64Array } {
  if (b.length < 16 + 32 || b.toString('latin1', 0, 8) !== magic) bad(`is not ${noun} (no ${magic} header)`);
  const v = b.readUInt32LE(8);
  if (v !== version) bad(`has format version ${v}; this mjlab reads version ${version}`);
  const jl = b.readUInt32LE(12);
  if (16 + jl + 32 > b.length) bad('is cut short (its header runs past the end of the file)');
  let header: H;
  try {
    header = JSON.parse(b.toString('utf8', 16, 16 + jl)) as H;
  } catch {
    return bad('has a damaged header (not JSON)');
  }
  const size = sizeOf(header);
  const want = 16 + jl + 4 * size + 32;
  if (b.length < want) bad(`is cut short (${b.length} bytes, its header says ${want})`);
  if (b.length > want) bad(`has ${b.length - want} bytes beyond its end (${want} bytes expected)`);
  if (!createHash('sha256').update(b.subarray(0, want - 32)).digest().equals(b.subarray(want - 32))) bad('fails its checksum (altered or damaged)');
  const params = new Float64Array(size);
  const at = 16 + jl;
  for (let i = 0; i < size; i++) params[i] = b.readFloatLE(at + 4 * i);
  return { header, params };
}
