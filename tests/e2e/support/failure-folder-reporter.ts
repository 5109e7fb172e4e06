// Prints where a failed run keeps its evidence (screenshots, traces, network errors, each worker stack's log),
// so a CI log points at it.
import { resolve } from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

export default class FailureFolderReporter implements Reporter {
  private readonly outputDir: string;
  private failed = 0;

  constructor(options: { outputDir: string }) {
    this.outputDir = resolve(options.outputDir);
  }

  onTestEnd(_test: TestCase, result: TestResult): void {
    if (result.status !== 'passed' && result.status !== 'skipped') this.failed += 1;
  }

  onEnd(_result: FullResult): void {
    if (this.failed > 0) {
      console.log(`\ne2e: ${this.failed} failed; screenshots, traces, network errors and the stacks' logs are in ${this.outputDir}`);
      console.log(`e2e: open a trace with: npx playwright show-trace ${this.outputDir}/<test folder>/trace.zip`);
    }
  }
}
