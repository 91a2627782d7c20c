/** Runs the CLI in-process and captures what it writes and its exit status (without exiting the test runner). */
import { vi } from 'vitest';
import { main } from '../../src/cli/main.js';

export async function runCli(args: string[]): Promise<{ out: string; err: string; code: number }> {
  let out = '';
  let err = '';
  const o = vi.spyOn(process.stdout, 'write').mockImplementation((s: string | Uint8Array) => ((out += String(s)), true));
  const e = vi.spyOn(process.stderr, 'write').mockImplementation((s: string | Uint8Array) => ((err += String(s)), true));
  process.exitCode = 0;
  try {
    await main(args);
  } finally {
    o.mockRestore();
    e.mockRestore();
  }
  const code = Number(process.exitCode ?? 0);
  process.exitCode = 0;
  return { out, err, code };
}
