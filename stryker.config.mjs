// StrykerJS (https://stryker-mutator.io/docs/stryker-js/configuration/): mutation testing of every
// exercise's reference solution, lessons-code/exercises/<id>/exercise.ts (the starter's and the
// alternatives' lines are comments there: only the reference is code). Each mutant runs the
// exercise's cases in process (test/mutation/, vitest.mutation.config.ts). Run with
// `npm run mutate` (scripts/mutate.ts), which also scores each exercise less its equivalent mutants;
// docs/mutation-testing.md explains both.

export default {
  mutate: ['lessons-code/exercises/*/exercise.ts'],
  testRunner: 'vitest',
  vitest: {
    configFile: 'vitest.mutation.config.ts',
    // One test file imports every exercise through a glob: run it for any mutant, and let
    // per-test coverage pick the cases that reach the mutant.
    related: false,
  },
  coverageAnalysis: 'perTest',
  // The machines this project runs on have 2 cores.
  concurrency: 2,
  // A busy machine is slow, not a sign of an endless loop.
  timeoutMS: 10_000,
  // Not copied to the sandboxes: builds, caches and reports. (Stryker never copies node_modules, .git,
  // /reports nor its own .stryker-tmp; node_modules is linked.)
  ignorePatterns: [
    '/dist',
    '/dist-*',
    '/.astro',
    '/test-results',
    '/playwright-report',
    '/public',
    '/bench',
    '/test/e2e',
    '/test/dist',
  ],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  clearTextReporter: { reportTests: false, logTests: false },
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  // The score that counts is scripts/mutate.ts's, which leaves out the equivalent mutants.
  thresholds: { high: 90, low: 90, break: null },
};
