import { defineConfig } from 'vitest/config';

// The exercises' cases run in process against each exercise's reference solution
// (test/mutation/): the tests Stryker runs on every mutant (stryker.config.mjs, `npm run mutate`).
// Not part of `npm run test:unit`, whose config takes test/unit/ only. One worker: Stryker runs one
// or two of these at once on a 2-core machine. Each run loads the modules afresh (Vitest's default
// isolation), so that a mutant of a module's top-level code (an exported constant) is seen.
export default defineConfig({
  test: {
    include: ['test/mutation/**/*.mutation.test.ts'],
    testTimeout: 60_000,
    maxWorkers: 1,
  },
});
