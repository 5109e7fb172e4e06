// A vitest reporter (beside the default one) that prints the ten slowest test files: each file's setup,
// import and tests, as vitest measured them in its worker.
import type { Reporter, TestModule } from 'vitest/node';
import { slowestLines } from './slowest.ts';

export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const times = modules.map((module) => {
      const { environmentSetupDuration, prepareDuration, collectDuration, setupDuration, duration } = module.diagnostic();
      const total = environmentSetupDuration + prepareDuration + collectDuration + setupDuration + duration;
      return { file: module.moduleId, seconds: total / 1000 };
    });
    console.log(slowestLines('vitest', times));
  }
}
