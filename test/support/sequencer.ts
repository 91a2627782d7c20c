/**
 * The order npm test starts its files in, longest first (test/support/file-seconds.json: each file's seconds in a
 * run of the whole suite on this project's two cores, two files at once). vitest orders by the durations it cached
 * in an earlier run, and a fresh clone has none, CI's included: it then ordered by file size, and the long
 * end-to-end files came late, two of them together at the end while the other core idled (308 s for a first run of
 * a clone against 268 s for a second, 2026-12-02). A file not listed (a new one) starts first, as vitest's own
 * order does with files it does not know. The files that need chromium or Slurm carry their seconds from a CI run
 * (2026-12-03), where they run: listed at 0, as skipped on a machine without those tools, they started last in CI and
 * the Slurm file (57 s, mostly waiting on the cluster) ran alone at the end; where they are skipped, first costs
 * nothing.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const SECONDS: Readonly<Record<string, number>> = JSON.parse(readFileSync(new URL('./file-seconds.json', import.meta.url), 'utf8'));

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const seconds = (f: TestSpecification) => SECONDS[relative(root, f.moduleId)] ?? Infinity;
    return [...files].sort((a, b) => seconds(b) - seconds(a));
  }
}
