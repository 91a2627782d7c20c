import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One test file per core (issue 28, point 8). vitest's default is one fewer, for its own process, which only waits
    // here: on two cores that ran the files one at a time, while most of them wait on a single CLI process.
    maxWorkers: availableParallelism(),
    // The default summary, and a line as each file ends (test/support/progress.ts): no long silences.
    reporters: ['default', './test/support/progress.ts'],
    // Worker threads (src/runner) run compiled JS only: build dist/ once before the tests when sources changed.
    globalSetup: ['./test/runner/build-dist.ts'],
  },
});
