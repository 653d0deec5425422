import { defineConfig } from 'vitest/config';

// `npm run test:unit`. Two workers, one per core of the machines CI runs on: the exercise tests
// (a learner's worker per check) and the type checker's tests then run beside the rest instead of
// after it. Each file keeps its own modules (vitest's default isolation). The time limit is a guard
// against a test that hangs, generous enough for a machine that is also running other work; no test
// is judged by its time.
export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts'],
    testTimeout: 60_000,
    maxWorkers: 2,
  },
});
