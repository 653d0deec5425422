// Prints, at the end of a Playwright run, how many tests needed a retry (CI retries a failed test
// once, as a safety net only: a test that passes on its retry is flaky and is named here).

import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

export default class RetryReporter implements Reporter {
  private readonly retried = new Map<string, string>();

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.retry > 0)
      this.retried.set(
        test.id,
        `${test.titlePath().filter(Boolean).join(' › ')}: ${result.status} on retry ${result.retry}`,
      );
  }

  onEnd(_result: FullResult): void {
    const lines = [...this.retried.values()];
    console.log(`\nretries: ${lines.length} test(s) used a retry${lines.length ? ':' : ''}`);
    for (const line of lines) console.log(`  ${line}`);
  }

  printsToStdio(): boolean {
    return true;
  }
}
