// The two builds that `npm test` makes and checks: the site at the root of a host (`npm run build`,
// into dist/) and the site as its real home serves it, under /learn/ (`npm run build:learn`,
// scripts/build-learn.ts, into dist-learn/). The checks of the built site read both
// (test/dist/deploy.test.ts); the browser tests run the /learn/ build, and the axe pass with the
// JavaScript budgets runs the root one (test/e2e/fixtures.ts, a11y.spec.ts).

export interface Build {
  /** The folder it was built into. */
  readonly dir: string;
  /** The base it was built with ('/' or '/learn/'). */
  readonly base: string;
}

export const ROOT: Build = { dir: process.env.GA_OUT_DIR || 'dist', base: '/' };

export const LEARN = {
  dir: process.env.GA_LEARN_DIR || 'dist-learn',
  base: '/learn/',
  site: 'https://spareilleux.github.io',
} as const;
