import { defineConfig } from '@playwright/test';

// GA_E2E_PORT and GA_OUT_DIR let several runs share the machine (each with its own build).
const PORT = Number(process.env.GA_E2E_PORT || 4329);

export default defineConfig({
  testDir: 'test/e2e',
  fullyParallel: true,
  workers: 2,
  // On CI's 2 cores a timing-sensitive browser test may be retried once; a real failure fails twice.
  retries: process.env.CI ? 1 : 0,
  // axe-core on a long page takes a while on a 2-core machine shared with the build
  timeout: 120_000,
  reporter: [['list']],
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
