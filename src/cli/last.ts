/** yargs turns a repeated option into an array; as on most command lines, the last one wins. */
export function last<T>(v: T | T[]): T {
  return Array.isArray(v) ? (v[v.length - 1] as T) : v;
}
