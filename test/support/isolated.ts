/**
 * The test files that run in a fresh module graph each (vitest.config.ts's `isolated` project): those that replace
 * a module with vi.mock or vi.doMock. The others share their fork's loaded modules (isolate off), where a module
 * another file loaded first would keep the real one and the mock would not reach the code under test; the file
 * test/meta/isolated.test.ts keeps this list and the mocking files the same.
 */
export const ISOLATED: readonly string[] = ['test/runner/disk-full.test.ts'];
