// Loaded with `--import` into every process the bench starts (processes.ts), and active only there
// (BENCH_LOOP_PROBE=1): the process's event-loop delay (perf_hooks.monitorEventLoopDelay, 1 ms resolution) and
// its garbage collections' pauses (a PerformanceObserver of 'gc' entries), measured inside it. The bench reads and
// resets them over the fork's IPC channel (LoopProbeRequest → LoopStats); nothing of it is an HTTP route, so no
// production server can carry it.
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

/** What the bench asks a process: its figures since the last reset, then (reset) a new start. */
export interface LoopProbeRequest {
  type: 'bench-loop-stats';
  id: number;
  reset: boolean;
}

/** Event-loop delay and GC pauses since the last reset, in ms. */
export interface LoopStats {
  delayP50: number;
  delayP99: number;
  delayMax: number;
  gcCount: number;
  gcTotalMs: number;
  gcMaxMs: number;
}

export interface LoopProbeAnswer {
  type: 'bench-loop-stats';
  id: number;
  stats: LoopStats;
}

export const LOOP_PROBE_ENV = 'BENCH_LOOP_PROBE';

function startProbe(): void {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  let gc = { count: 0, totalMs: 0, maxMs: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.count++;
      gc.totalMs += entry.duration;
      gc.maxMs = Math.max(gc.maxMs, entry.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  const ms = (ns: number) => (Number.isFinite(ns) ? ns / 1e6 : 0);
  process.on('message', (message: Partial<LoopProbeRequest>) => {
    if (message?.type !== 'bench-loop-stats' || typeof message.id !== 'number') return;
    const stats: LoopStats = {
      delayP50: ms(delay.percentile(50)),
      delayP99: ms(delay.percentile(99)),
      delayMax: ms(delay.max),
      gcCount: gc.count,
      gcTotalMs: gc.totalMs,
      gcMaxMs: gc.maxMs,
    };
    if (message.reset) {
      delay.reset();
      gc = { count: 0, totalMs: 0, maxMs: 0 };
    }
    process.send?.({ type: 'bench-loop-stats', id: message.id, stats } satisfies LoopProbeAnswer);
  });
}

if (process.env[LOOP_PROBE_ENV] === '1' && process.send) startProbe();
