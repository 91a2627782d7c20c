/**
 * The per-decision time limit, enforced from the main thread (README.md, "Commands": `--decision-timeout`). Each
 * worker's heartbeat (contract.ts) says whether a decision is open and which; the watchdog looks at every heartbeat a
 * few times per limit, and a decision it has seen open, unchanged, for longer than the limit is a stall: the pool then
 * stops that worker (terminate() ends even a loop that never yields). Elapsed time is counted from the first look that
 * saw the decision open, so it is a lower bound: a slow main thread can make a stall be noticed late, never early.
 */
import type { Heartbeat, HeartbeatView } from './contract.js';

export function startWatchdog(beats: readonly Heartbeat[], limitMs: number, onStall: (worker: number, view: HeartbeatView) => void): () => void {
  const seen = beats.map(() => ({ counter: -1, since: 0 }));
  const tick = Math.max(20, Math.min(1000, limitMs / 5));
  const timer = setInterval(() => {
    const now = performance.now();
    beats.forEach((hb, i) => {
      const v = hb.read();
      const s = seen[i]!;
      if (v.counter !== s.counter) {
        s.counter = v.counter;
        s.since = now;
      } else if ((v.counter & 1) === 1 && now - s.since > limitMs) {
        s.counter = -1; // report once
        onStall(i, v);
      }
    });
  }, tick);
  timer.unref();
  return () => clearInterval(timer);
}
