import { defineConfig } from '@playwright/test';

// GA_E2E_PORT and GA_OUT_DIR let several runs share the machine (each with its own build).
const PORT = Number(process.env.GA_E2E_PORT || 4329);

export default defineConfig({
  testDir: 'test/e2e',
  fullyParallel: true,
  workers: 3,
  // A safety net only: no test depends on timing, and the retry reporter names any test that needed it.
  retries: process.env.CI ? 1 : 0,
  // A bound on finishing, not a measure: a loaded 2-core machine can be many times slower than idle.
  timeout: 120_000,
  reporter: [['list'], ['./test/e2e/retry-reporter.ts']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // Debian's Chromium: Playwright never downloads a browser here.
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    },
  },
  webServer: {
    // The built site (npm test builds it first), served as any static host would.
    command: `npx astro preview --host 127.0.0.1 --port ${PORT} --ignore-lock`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
