// The second build that the checks of the built site (test/dist/deploy.test.ts) and the browser
// tests (every spec, test/e2e/fixtures.ts) use: the site as its real home serves it, under
// /learn/ (`npm run build:learn`, scripts/build-learn.ts; `npm test` runs it after the first build).

export const LEARN = {
  dir: process.env.GA_LEARN_DIR || 'dist-learn',
  base: '/learn/',
  site: 'https://spareilleux.github.io',
} as const;
