/**
 * Progress reporting: a cli-progress bar with hands/s and ETA on a TTY; otherwise one plain
 * line every PLAIN_INTERVAL_MS on stderr (logs of batch jobs stay readable); nothing with --no-progress.
 * Wall-clock time is used only here and in the manifest, never in game logic or in summary.csv.
 */
import cliProgress from 'cli-progress';

const PLAIN_INTERVAL_MS = 10_000;

export interface Progress {
  /** Games done so far (of the total) and hands played in this session; `note` (a sequential test's LLR) after. */
  update(gamesDone: number, sessionHands: number, note?: string): void;
  stop(): void;
}

export function createProgress(total: number, initial: number, mode: 'bar' | 'plain' | 'none', label: string): Progress {
  const t0 = performance.now();
  const rate = (hands: number) => {
    const s = (performance.now() - t0) / 1000;
    return s > 0 ? Math.round(hands / s) : 0;
  };
  if (mode === 'none') return { update: () => undefined, stop: () => undefined };
  if (mode === 'plain') {
    let last = t0;
    return {
      update(done, hands, note) {
        const now = performance.now();
        if (now - last < PLAIN_INTERVAL_MS && done < total) return;
        last = now;
        const r = (done - initial) / ((now - t0) / 1000);
        const eta = r > 0 ? Math.round((total - done) / r) : 0;
        const pct = total > 0 ? ((100 * done) / total).toFixed(1) : '100.0';
        process.stderr.write(`${label}: ${done}/${total} games (${pct}%), ${rate(hands)} hands/s, ETA ${eta}s${note ? ` | ${note}` : ''}\n`);
      },
      stop: () => undefined,
    };
  }
  const bar = new cliProgress.SingleBar(
    {
      format: `${label} [{bar}] {percentage}% | {value}/{total} games | {hps} hands/s | ETA {eta_formatted}{note}`,
      hideCursor: true,
      etaBuffer: 50,
      stream: process.stderr,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, initial, { hps: 0, note: '' });
  return {
    update(done, hands, note) {
      bar.update(done, { hps: rate(hands), note: note ? ` | ${note}` : '' });
    },
    stop() {
      bar.stop();
    },
  };
}
