import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Worker threads (src/runner) run compiled JS only: build dist/ once before the tests when sources changed.
    globalSetup: ['./test/runner/build-dist.ts'],
  },
});
