/**
 * vitest globalSetup: worker_threads on Node 20 run compiled JS only, so the runner's tests need dist/. Rebuild
 * it once per test run when any source is newer than the last build (tsc emits even if another module has type
 * errors; the typecheck script is where those are caught).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync, mkdirSync, utimesSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..', '..');
const stamp = join(root, 'dist', '.build-stamp');

function newest(dir: string): number {
  if (!existsSync(dir)) return 0;
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) t = Math.max(t, newest(p));
    else if (e.name.endsWith('.ts') || e.name.endsWith('.json')) t = Math.max(t, statSync(p).mtimeMs);
  }
  return t;
}

/** The oldest compiled file under dir (Infinity when there is none). */
function oldestJs(dir: string): number {
  if (!existsSync(dir)) return Infinity;
  let t = Infinity;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) t = Math.min(t, oldestJs(p));
    else if (e.name.endsWith('.js')) t = Math.min(t, statSync(p).mtimeMs);
  }
  return t;
}

/**
 * When the last build was: the stamp this setup writes, or, when another build made dist/ (the prepare script of
 * `npm ci`, which writes no stamp), its oldest compiled file: tsc writes every file on each build, so a dist/
 * whose oldest file is newer than every source is that build's. Without this a fresh clone's first `npm test`,
 * and every CI run, compiled the whole project a second time before the first test (about 10 s, serially).
 */
function lastBuild(): number {
  if (existsSync(stamp)) return statSync(stamp).mtimeMs;
  const oldest = oldestJs(join(root, 'dist'));
  return Number.isFinite(oldest) ? oldest : 0;
}

export default function setup(): void {
  const src = Math.max(newest(join(root, 'src')), newest(join(root, 'strategies')), newest(join(root, 'experiments')));
  const built = lastBuild();
  if (built >= src && existsSync(join(root, 'dist', 'src', 'cli', 'main.js'))) return;
  const started = Date.now();
  try {
    execFileSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'], {
      cwd: root,
      stdio: 'ignore',
    });
  } catch {
    // type errors elsewhere still emit JS; a missing output is caught below
  }
  if (!existsSync(join(root, 'dist', 'src', 'runner', 'worker.js'))) throw new Error('build-dist: tsc did not produce dist/');
  // The build's second step (package.json "build"): the hand tables on disk (src/hand/table-file.ts).
  execFileSync(process.execPath, [join(root, 'dist', 'src', 'hand', 'write-tables.js')], { cwd: root, stdio: 'ignore' });
  // Its third: the bundles of the runner's worker and of the CLI (src/runner/write-bundle.ts).
  execFileSync(process.execPath, [join(root, 'dist', 'src', 'runner', 'write-bundle.js')], { cwd: root, stdio: 'ignore' });
  mkdirSync(join(root, 'dist'), { recursive: true });
  writeFileSync(stamp, String(started));
  // Stamp the build's start: a source saved while tsc ran is then still newer, and triggers the next build.
  utimesSync(stamp, started / 1000, started / 1000);
}
