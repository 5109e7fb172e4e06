// The test files that cost the suite most, printed at the end of a run so that CI's log shows where its
// minutes go (the goal: a clean-clone `.ci/run` within 20 minutes as the suite grows).
import { relative } from 'node:path';

export interface FileTime {
  readonly file: string;
  readonly seconds: number;
}

const ROOT = new URL('../../..', import.meta.url).pathname;

/** The `count` slowest files, one line each: seconds right-aligned, then the path from the repository's root. */
export function slowestLines(title: string, times: readonly FileTime[], count = 10): string {
  const slowest = [...times].sort((a, b) => b.seconds - a.seconds).slice(0, count);
  const rows = slowest.map(({ file, seconds }) => `${seconds.toFixed(1).padStart(7)} s  ${relative(ROOT, file) || file}`);
  return [`\n${title}: the ${slowest.length} slowest files`, ...rows].join('\n');
}
