/** Runs the CLI in-process and captures what it writes and its exit status (without exiting the test runner). */
import { vi } from 'vitest';
import { main } from '../../src/cli/main.js';
import { LAB } from '../../experiments/index.js';

export async function runCli(args: string[]): Promise<{ out: string; err: string; code: number }> {
  let out = '';
  let err = '';
  const o = vi.spyOn(process.stdout, 'write').mockImplementation((s: string | Uint8Array) => ((out += String(s)), true));
  const e = vi.spyOn(process.stderr, 'write').mockImplementation((s: string | Uint8Array) => ((err += String(s)), true));
  process.exitCode = 0;
  try {
    await main(args, async () => LAB);
  } finally {
    o.mockRestore();
    e.mockRestore();
  }
  const code = Number(process.exitCode ?? 0);
  process.exitCode = 0;
  return { out, err, code };
}

/**
 * `mjlab(args, { cwd, env })` of test/runner/helpers.ts, in-process: the same { status, stdout, stderr }, run in
 * `cwd` (process.chdir, restored after) with `env` set on process.env for the call (restored after; an undefined
 * value unsets). For commands whose outcome needs no separate process: refusals, and runs whose env is read per
 * call (not at module load) and that are not killed. Worker threads still run the compiled dist/.
 */
export async function mjlabIn(
  args: readonly string[],
  opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<{ status: number; stdout: string; stderr: string }> {
  const cwd = process.cwd();
  const saved = Object.entries(opts.env ?? {}).map(([k]) => [k, process.env[k]] as const);
  const set = (k: string, v: string | undefined) => (v === undefined ? delete process.env[k] : (process.env[k] = v));
  for (const [k, v] of Object.entries(opts.env ?? {})) set(k, v);
  if (opts.cwd !== undefined) process.chdir(opts.cwd);
  try {
    const r = await runCli([...args]);
    return { status: r.code, stdout: r.out, stderr: r.err };
  } finally {
    process.chdir(cwd);
    for (const [k, v] of saved) set(k, v);
  }
}
