/**
 * `npm test`'s progress (docs/performance.md, "`npm test`'s time"): a line on stderr as each test file ends, `[k/n] file  seconds  CPU seconds  state`,
 * and one at the start saying how many files will run, so a long suite is never silent for the length of its
 * slowest file. The default reporter still prints its summary at the end.
 */
import type { Reporter, TestModule, TestSpecification } from 'vitest/node';

export default class Progress implements Reporter {
  private total = 0;
  private done = 0;
  private readonly t0 = performance.now();

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>): void {
    this.total = specifications.length;
    process.stderr.write(`mjlab tests: ${this.total} files\n`);
  }

  onTestModuleEnd(m: TestModule): void {
    this.done++;
    const s = (m.diagnostic().duration / 1000).toFixed(1);
    const state = m.state();
    const at = ((performance.now() - this.t0) / 1000).toFixed(0);
    const c = m.meta().cpuSeconds;
    const cost = c === undefined ? '' : `  ${c.toFixed(1)}s CPU`;
    process.stderr.write(`[${this.done}/${this.total}] ${m.relativeModuleId}  ${s}s${cost}  ${state}  (${at}s in)\n`);
  }
}
