import { defineConfig } from '@playwright/test';
import { TEST_CHROMIUM } from './scripts/preview.ts';

// Each worker serves the site built for /learn/ (dist-learn/, `npm run build:learn`) itself, on a free
// port, with its `_headers` (test/e2e/fixtures.ts, served-site.ts), or the root build (dist/) for the
// spec that asks for it: no web server to start here, and several runs can share the machine
// (GA_E2E_PORT now only places the previews of bench/).

export default defineConfig({
  testDir: 'test/e2e',
  fullyParallel: true,
  // Three workers on the 2-core machines CI runs on: fewer left the cores idle while a page waited,
  // more made the pages compete for them (the phase took longest with two and with four).
  workers: 3,
  // A safety net only: no test depends on timing, and the retry reporter names any test that needed it.
  retries: process.env.CI ? 1 : 0,
  // A bound on finishing, not a measure: a loaded 2-core machine can be many times slower than idle.
  timeout: 120_000,
  reporter: [['list'], ['./test/e2e/retry-reporter.ts']],
  use: {
    // Debian's Chromium, its headless build where installed, V8's optimizing compiler off and its
    // background threads on the page's own (scripts/preview.ts).
    launchOptions: TEST_CHROMIUM,
  },
});
