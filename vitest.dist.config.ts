import { defineConfig } from 'vitest/config';

// Checks of the built site (dist/, or GA_OUT_DIR) that need no browser: `npm run test:dist`, run by
// `npm test` after the build. See test/dist/site.ts for the helpers.
export default defineConfig({
  test: {
    include: ['test/dist/**/*.test.ts'],
    testTimeout: 30_000,
  },
});
