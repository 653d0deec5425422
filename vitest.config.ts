import { defineConfig } from 'vitest/config';

// `npm run test:unit`. The files share their worker's modules instead of loading them again
// (isolate: false): no test file changes global state that another relies on
// (exercises-store.test.ts puts back the `window` it sets after each test). One worker, as vitest
// takes on a 2-core machine: the CPU-bound tests (every byte cut, tsc) run side by side with nothing.
export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts'],
    testTimeout: 20000,
    isolate: false,
  },
});
