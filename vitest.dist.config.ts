import { defineConfig } from 'vitest/config';

// Checks of the built site (dist/, or GA_OUT_DIR) that need no browser: `npm run test:dist`, run by
// `npm test` after the build. See test/dist/site.ts for the helpers.
// The files of a thread share its modules (isolate: false), so each page is parsed once for all of
// them (site.ts's cache; the tests only read the pages); two threads, as on a 2-core machine vitest
// would otherwise take one.
export default defineConfig({
  test: {
    include: ['test/dist/**/*.test.ts'],
    testTimeout: 30_000,
    pool: 'threads',
    maxWorkers: 2,
    isolate: false,
  },
});
