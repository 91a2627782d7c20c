/**
 * vitest setupFile: the CPU seconds a test file cost, its own and its children's (every CLI run, worker thread and
 * browser it started and waited for), read from /proc/self/stat around the file and handed to the progress
 * reporter (test/support/progress.ts) through the file's meta. Where /proc is missing (not Linux) nothing is added.
 */
import { afterAll } from 'vitest';
import { readFileSync } from 'node:fs';

declare module 'vitest' {
  interface TaskMeta {
    cpuSeconds?: number;
  }
}

/** utime + stime + cutime + cstime of this process, in seconds; undefined without /proc. */
function cpu(): number | undefined {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis start at field 3.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
    return ticks / 100; // USER_HZ is 100 on every Linux build Node supports
  } catch {
    return undefined;
  }
}

// Read when the setup file loads, before the test file's own imports and top-level code.
const start = cpu();
afterAll(({}, suite) => {
  const end = cpu();
  if (start !== undefined && end !== undefined) suite.file.meta.cpuSeconds = end - start;
});
