/** A directory's contents for before/after comparisons: the file-layer tests (test/io) and the walks that check nothing on disk changed. */
import { lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Every entry under `dir` but `skip` (links as links, never followed) with its bytes or target. */
export function tree(dir: string, skip?: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const n of readdirSync(d).sort()) {
      const p = join(d, n);
      if (p === skip) continue;
      const st = lstatSync(p);
      const rel = relative(dir, p);
      if (st.isSymbolicLink()) out[rel] = `link:${readlinkSync(p)}`;
      else if (st.isDirectory()) {
        out[rel] = 'dir';
        walk(p);
      } else out[rel] = `file:${readFileSync(p, 'latin1')}`;
    }
  };
  walk(dir);
  return out;
}
