import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import LongestFirst from './test/support/sequencer.js';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Bounds for a hung test only: with two files at once on a shared machine a long end-to-end test takes twice
    // its quiet time.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: 'forks',
    // Two files at once even on two cores (vitest's default there is one): most of the long files wait on child
    // processes, a cluster or a browser, and leave a core idle (docs/performance.md, "npm test's time").
    maxWorkers: Math.max(2, availableParallelism()),
    // The default summary, and a line as each file ends (test/support/progress.ts): no long silences.
    reporters: ['default', './test/support/progress.ts'],
    // Worker threads (src/runner) run compiled JS only: build dist/ once before the tests when sources changed.
    globalSetup: ['./test/runner/build-dist.ts'],
    // Each file's CPU (its own and its children's), for the progress line.
    setupFiles: ['./test/support/cpu.ts'],
    // Longest files first, on a fresh clone too (test/support/sequencer.ts).
    sequence: { sequencer: LongestFirst },
  },
});
