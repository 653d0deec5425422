import { defineConfig } from 'vitest/config';

// `npm run test:unit`. Two workers, one per core of the machines CI runs on: the exercise tests
// (a learner's worker per check) and the type checker's tests then run beside the rest instead of
// after it. The files of a worker share its modules (`isolate: false`, as in vitest.dist.config.ts):
// no test here mocks a module, stubs a global or fakes the clock, and each module is then loaded once
// per worker instead of once per file, which made the phase markedly shorter than a fresh set of
// modules per file. The time limit is a guard against a test that hangs, generous enough for a machine that is
// also running other work; no test is judged by its time.
export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts'],
    testTimeout: 60_000,
    maxWorkers: 2,
    isolate: false,
  },
});
