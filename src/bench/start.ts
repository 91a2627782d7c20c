/**
 * Start-up cost of the CLI (docs/performance.md, "A command's start"): `mjlab --version` and `mjlab score` on one hand against `node -e 0`,
 * each run in its own process, the three interleaved round by round so that load from other processes falls on all
 * alike, and each reported as the median over the rounds of its wall time and of its CPU time (user + system, read
 * from the kernel's account of finished children, /proc/self/stat, where there is one). Targets: --version at most
 * 2× `node -e 0`, score at most 3×, as ratios of the medians measured in this same run. Beside them, `simulate
 * --games 4 --workers 2` with the CLI and its worker threads started from the bundles (a lineup of built-ins) and
 * from the compiled modules (MJLAB_MODULES=1, as for a lineup with a strategy file): what the bundles save a run.
 *
 * Every case runs without NODE_EXTRA_CA_CERTS: with it, each Node process parses that certificate file before any
 * script runs (for Debian's whole bundle, 420 M of the 503 M instructions `node -e 0` takes on this machine, by
 * callgrind), a constant that no mjlab command needs (none opens a TLS connection) and that pulls every ratio
 * toward 1: measured with it, `--version` looked 1.6× `node -e 0` when it was 2.1×.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from 'simple-statistics';

const BIN = fileURLToPath(new URL('../../../bin/mjlab.js', import.meta.url));

interface StartCase {
  readonly name: string;
  readonly args: readonly string[];
  readonly target: number | null;
  readonly env?: Readonly<Record<string, string>>;
  /** Writes a run: given a new output directory under the bench's own temporary one, as --out. */
  readonly out?: boolean;
}

const SIMULATE = ['simulate', '--games', '4', '--workers', '2', '--quiet', '--no-progress'];

export const START_CASES: readonly StartCase[] = [
  { name: 'node -e 0', args: ['-e', '0'], target: null },
  { name: 'mjlab --version', args: [BIN, '--version'], target: 2 },
  { name: 'mjlab score (one hand)', args: [BIN, 'score', '--rules', 'harr', '--seat', 'N', '--win', 'self-draw', '66p 77m [222s] [777z] [333m] +6p'], target: 3 },
  { name: 'simulate --games 4 --workers 2', args: [BIN, ...SIMULATE], target: null, out: true },
  { name: '  the same, from the modules', args: [BIN, ...SIMULATE], target: null, out: true, env: { MJLAB_MODULES: '1' } },
];

/** CPU seconds of this process's finished children (utime + stime), or null off Linux. */
function childCpu(): number | null {
  if (!existsSync('/proc/self/stat')) return null;
  const f = readFileSync('/proc/self/stat', 'utf8');
  const rest = f.slice(f.lastIndexOf(')') + 2).split(' ');
  // Fields 16 and 17 of stat(5), cutime and cstime, counted from field 3 (state) in `rest`; clock ticks of 1/100 s.
  return (Number(rest[13]) + Number(rest[14])) / 100;
}

export interface StartResult {
  readonly name: string;
  readonly wall: number;
  readonly cpu: number | null;
  readonly target: number | null;
}

/** The environment a case runs in: this one with the case's variables, without NODE_EXTRA_CA_CERTS (see above). */
function startEnv(extra: Readonly<Record<string, string>> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  delete env.NODE_EXTRA_CA_CERTS;
  return env;
}

/** `other`: another checkout's root, whose bin/mjlab.js is timed beside this one's (the same commands, interleaved). */
export function benchStart(rounds: number, other?: string): StartResult[] {
  const otherBin = other === undefined ? null : join(other, 'bin', 'mjlab.js');
  const cases: StartCase[] = [
    ...START_CASES,
    ...(otherBin === null ? [] : START_CASES.slice(1).map((c) => ({ ...c, name: `${c.name} (${other})`, args: [otherBin, ...c.args.slice(1)] }))),
  ];
  const wall = cases.map(() => [] as number[]);
  const cpu = cases.map(() => [] as number[]);
  const tmp = mkdtempSync(join(tmpdir(), 'mjlab-bench-start-'));
  try {
    for (let r = 0; r < rounds; r++) {
      cases.forEach((c, i) => {
        const args = c.out ? [...c.args, '--out', join(tmp, `${i}-${r}`)] : c.args;
        const c0 = childCpu();
        const t0 = performance.now();
        const p = spawnSync(process.execPath, args, { encoding: 'utf8', env: startEnv(c.env) });
        if (p.status !== 0) throw new Error(`${c.name} failed: ${p.stderr}`);
        wall[i]!.push((performance.now() - t0) / 1000);
        const c1 = childCpu();
        if (c0 !== null && c1 !== null) cpu[i]!.push(c1 - c0);
      });
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return cases.map((c, i) => ({ name: c.name, wall: median(wall[i]!), cpu: cpu[i]!.length ? median(cpu[i]!) : null, target: c.target }));
}

export function formatStart(rs: readonly StartResult[]): string {
  const base = rs[0]!;
  return rs
    .map((r) => {
      const ratio = (x: number | null, b: number | null) => (x !== null && b !== null && b > 0 ? `${(x / b).toFixed(2)}×` : '–');
      const goal = r.target === null ? '' : `   target ≤ ${r.target}×`;
      return `${r.name.padEnd(40)} wall ${r.wall.toFixed(3)} s (${ratio(r.wall, base.wall)})   cpu ${r.cpu === null ? '–' : r.cpu.toFixed(2)} s (${ratio(r.cpu, base.cpu)})${goal}`;
    })
    .join('\n');
}
