// The benchmark's server processes: each runs alone (its own event loop, like a deployment), is started with
// fork() and reports its port over IPC; memory is read from /proc, outside the process being measured.
import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { LOOP_PROBE_ENV, type LoopProbeAnswer, type LoopStats } from './loop-probe.ts';
import type { ReadyMessage } from './shared.ts';

export interface BenchProcess {
  name: string;
  url: string;
  pid: number;
  /** What a BFF process reports of its configuration (bff-under-test.ts). */
  batchConcurrency?: number | undefined;
  /** The process's event-loop delay and GC pauses since the last reset (loop-probe.ts); `reset` starts anew. */
  loopStats: (reset?: boolean) => Promise<LoopStats>;
  stop: () => Promise<void>;
}

const START_TIMEOUT_MS = 60_000;
const PROBE = new URL('./loop-probe.ts', import.meta.url).href;
let probeAsks = 0;

export async function startProcess(
  name: string,
  script: URL,
  env: Record<string, string> = {},
  execArgv: readonly string[] = [],
): Promise<BenchProcess> {
  const child: ChildProcess = fork(script, [], {
    env: { ...process.env, [LOOP_PROBE_ENV]: '1', ...env },
    execArgv: [...process.execArgv, '--import', PROBE, ...execArgv],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<ReadyMessage>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start within ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS);
    child.once('message', (message: ReadyMessage) => {
      clearTimeout(timer);
      resolve(message);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code} before it was ready`));
    });
  });
  const pid = child.pid ?? 0;
  return {
    name,
    url: `http://127.0.0.1:${ready.port}`,
    pid,
    batchConcurrency: ready.batchConcurrency,
    loopStats: (reset = true) =>
      new Promise<LoopStats>((resolve, reject) => {
        const id = ++probeAsks;
        const answered = (message: Partial<LoopProbeAnswer>) => {
          if (message?.type !== 'bench-loop-stats' || message.id !== id || !message.stats) return;
          child.off('message', answered);
          clearTimeout(timer);
          resolve(message.stats);
        };
        const timer = setTimeout(() => {
          child.off('message', answered);
          reject(new Error(`${name} did not answer its loop figures`));
        }, 10_000);
        child.on('message', answered);
        child.send({ type: 'bench-loop-stats', id, reset });
      }),
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Resident set size of a process in bytes (Linux /proc), or its peak (VmHWM) since it started or was last reset. */
export function rssOf(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match?.[1] ? Number(match[1]) * 1024 : 0;
}

/**
 * Resets the kernel's peak RSS of a process (VmHWM) to its current RSS (`5` into /proc/<pid>/clear_refs, Linux ≥ 4.0;
 * allowed for a process of the same user). Answers false where that is not possible: sampling alone then gives the peak.
 */
export function resetPeakRss(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

export interface RssSample {
  startBytes: number;
  /** The highest RSS: the kernel's VmHWM since the start where it could be reset, else the highest sample. */
  peakBytes: number;
  /** The highest of the 10 ms samples alone (a peak shorter than the interval can pass between two). */
  sampledPeakBytes: number;
}

/** Samples a process's RSS every `everyMs` until stopped; gives the first RSS and the peak in between. */
export function sampleRss(pid: number, everyMs = 10): () => RssSample {
  const exact = resetPeakRss(pid);
  const startBytes = rssOf(pid);
  let sampledPeakBytes = startBytes;
  const timer = setInterval(() => {
    sampledPeakBytes = Math.max(sampledPeakBytes, rssOf(pid));
  }, everyMs);
  return () => {
    clearInterval(timer);
    sampledPeakBytes = Math.max(sampledPeakBytes, rssOf(pid));
    return { startBytes, peakBytes: exact ? Math.max(sampledPeakBytes, rssOf(pid, 'VmHWM')) : sampledPeakBytes, sampledPeakBytes };
  };
}

// Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ, 100 on Linux).
const USER_HZ = 100;

/** CPU time (user + system) a process has used so far, in ms: independent of what else runs on the machine. */
export function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / USER_HZ;
}

/**
 * Pins a process and all its threads to one CPU (Linux `taskset`), so the process under test and the load
 * generator stop trading places on the same core between rounds. Answers false where that is not possible
 * (one core, no taskset): the run is then unpinned, and says so.
 */
export function pinToCpu(pid: number, cpu: number): boolean {
  // os.cpus(), not availableParallelism(): the latter shrinks once this process is pinned.
  if (cpus().length < 2) return false;
  try {
    execFileSync('taskset', ['--all-tasks', '--pid', '--cpu-list', String(cpu), String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
