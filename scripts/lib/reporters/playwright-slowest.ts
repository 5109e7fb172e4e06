// A Playwright Test reporter (beside `list`) that prints the ten slowest spec files: the time of their tests
// and hooks, added up over both workers.
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { slowestLines } from './slowest.ts';

export default class SlowestSpecsReporter implements Reporter {
  private readonly seconds = new Map<string, number>();

  onTestEnd(test: TestCase, result: TestResult): void {
    const file = test.location.file;
    this.seconds.set(file, (this.seconds.get(file) ?? 0) + result.duration / 1000);
  }

  onEnd(): void {
    const times = [...this.seconds].map(([file, seconds]) => ({ file, seconds }));
    console.log(slowestLines('e2e', times));
  }
}
