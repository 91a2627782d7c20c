/**
 * vitest globalSetup: one directory for the run's temporary files (tempDir, test/runner/helpers.ts), removed when the
 * run ends. Without it a whole `npm test` left about 70 directories, some 50 MB, in the system's temporary directory
 * every time. MJLAB_KEEP_TMP=1 keeps it, and says where, to look at what a failing test wrote.
 */
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default function setup(): () => Promise<void> {
  // vitest runs this once per project (vitest.config.ts): the first makes the root, the others use it. A root
  // inherited from another process (a test that runs `npm test` in a clone) is that process's, not this run's.
  if (process.env.MJLAB_TEST_TMP_OWNER === String(process.pid)) return async () => {};
  const root = mkdtempSync(join(tmpdir(), 'mjlab-tests-'));
  // Set before vitest starts its test processes, which inherit it.
  process.env.MJLAB_TEST_TMP = root;
  process.env.MJLAB_TEST_TMP_OWNER = String(process.pid);
  // Removed without blocking: vitest runs this teardown before it has seen its test processes exit, and a
  // synchronous removal of the run's files (seconds on a loaded machine) held its main thread past the time it
  // gives a process to end, so it printed `Timeout terminating forks worker` for a process that had ended.
  return async () => {
    if (process.env.MJLAB_KEEP_TMP === '1') {
      process.stderr.write(`mjlab tests: temporary files kept in ${root}\n`);
      return;
    }
    await rm(root, { recursive: true, force: true });
  };
}
