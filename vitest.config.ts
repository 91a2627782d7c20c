import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { ISOLATED } from './test/support/isolated.js';
import LongestFirst from './test/support/sequencer.js';

// No mjlab command opens a TLS connection, and Node parses the whole bundle NODE_EXTRA_CA_CERTS names before a
// process's first line: on this machine, which sets it, that is about 55 ms of CPU for each of the suite's
// processes (docs/performance.md, "`npm test`'s time"). The test forks and every process they start
// go without it; `npm ci` and the network are outside the suite.
delete process.env.NODE_EXTRA_CA_CERTS;

export default defineConfig({
  test: {
    // Every kept hand analysis checked against one made afresh, at every decision (strategies/shared/analysis.ts).
    env: { MJLAB_VALIDATE_ANALYSIS: '1' },
    // Bounds for a hung test only: beside other files on a shared machine a long end-to-end test takes twice its
    // quiet time.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: 'forks',
    // Three files at once on two cores (vitest's default there is one): the long files wait on child processes, a
    // cluster or a browser for part of their time, and a third file fills it (214 and 216 s against 222 and 224 s
    // for two, four 224 s: docs/performance.md, "`npm test`'s time").
    maxWorkers: Math.max(3, availableParallelism()),
    // The default summary, and a line as each file ends (test/support/progress.ts): no long silences.
    reporters: ['default', './test/support/progress.ts'],
    // Worker threads (src/runner) run compiled JS only: build dist/ once before the tests when sources changed.
    // Then one temporary directory for the run, removed at its end (test/support/temp-root.ts).
    globalSetup: ['./test/runner/build-dist.ts', './test/support/temp-root.ts'],
    // Each file's CPU (its own and its children's), for the progress line.
    setupFiles: ['./test/support/cpu.ts'],
    // Longest files first, on a fresh clone too (test/support/sequencer.ts).
    sequence: { sequencer: LongestFirst },
    projects: [
      // Files share their fork's module cache and compiled code (isolate off): each file no longer pays a fork's
      // start, vitest's runner and a fresh import of the engine, the CLI and the strategies (docs/performance.md,
      // "`npm test`'s time").
      { extends: true, test: { name: 'shared', isolate: false, include: ['test/**/*.test.ts'], exclude: [...ISOLATED] } },
      // Files that replace a module (vi.mock), each in its own module graph (test/support/isolated.ts).
      { extends: true, test: { name: 'isolated', include: [...ISOLATED] } },
    ],
  },
});
