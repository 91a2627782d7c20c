import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // The default summary, and a line as each file ends (test/support/progress.ts): no long silences.
    reporters: ['default', './test/support/progress.ts'],
    // Worker threads (src/runner) run compiled JS only: build dist/ once before the tests when sources changed.
    globalSetup: ['./test/runner/build-dist.ts'],
    // Each file's CPU (its own and its children's), for the progress line.
    setupFiles: ['./test/support/cpu.ts'],
  },
});
