// BENCH_PROFILE_FILE in a server under test: SIGUSR2 starts V8's CPU profiler (sampling every 100 µs), the next
// SIGUSR2 stops it and writes the profile to that file (scripts/bench/cpu-pieces.ts reads it). A whole-run
// `--cpu-prof` would include the warm-up, whose JIT work is not the steady state's.
import { renameSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

export function profileOnSignal(file = process.env.BENCH_PROFILE_FILE): void {
  if (!file) return;
  const inspector = new Session();
  inspector.connect();
  let profiling = false;
  const toggle = async () => {
    profiling = !profiling;
    if (profiling) {
      await inspector.post('Profiler.enable');
      await inspector.post('Profiler.setSamplingInterval', { interval: 100 });
      await inspector.post('Profiler.start');
    } else {
      const { profile } = await inspector.post('Profiler.stop');
      writeFileSync(`${file}.part`, JSON.stringify(profile));
      renameSync(`${file}.part`, file);
    }
  };
  process.on('SIGUSR2', () => {
    toggle().catch((error: unknown) => process.stderr.write(`profiler: ${String(error)}\n`));
  });
}
