/**
 * SIGINT and SIGTERM during a run: the first one asks the run to stop at its next safe point
 * (the workers are stopped, committed batches are flushed, the partial outputs and the resume command written);
 * the handlers are in place from the moment the run starts touching its directory until it has finished
 * writing, so a signal can never cut a write short. A second signal gets Node's default: immediate exit.
 */
export type StopSignal = 'SIGINT' | 'SIGTERM';

/** Exit status for a run stopped by a signal, as a shell reports a process killed by it (128 + number). */
export const SIGNAL_EXIT: Record<StopSignal, number> = { SIGINT: 130, SIGTERM: 143 };

export interface SignalTrap {
  /** The first signal received, if any. */
  readonly received: StopSignal | null;
  /** Called once, at the first signal (at once if one was already received). */
  onStop(fn: () => void): void;
  release(): void;
}

export function trapSignals(): SignalTrap {
  let received: StopSignal | null = null;
  let listener: (() => void) | null = null;
  const handlers = (['SIGINT', 'SIGTERM'] as const).map((sig) => {
    const h = () => {
      if (received !== null) {
        // A second signal: the user insists; do what Node would have done.
        release();
        process.kill(process.pid, sig);
        return;
      }
      received = sig;
      listener?.();
    };
    process.on(sig, h);
    return [sig, h] as const;
  });
  const release = () => {
    for (const [sig, h] of handlers) process.removeListener(sig, h);
  };
  return {
    get received() {
      return received;
    },
    onStop(fn) {
      listener = fn;
      if (received !== null) fn();
    },
    release,
  };
}
