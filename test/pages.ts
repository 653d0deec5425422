// The site's pages, one list for the checks of the built site (test/dist/site.ts), the browser tests
// (test/e2e/fixtures.ts) and the JavaScript budgets (test/e2e/a11y.spec.ts). A new page gets a line here, then
// its demos' fullest state in DEMOS (test/e2e/fixtures.ts); the exercises it shows are found from its MDX
// (test/exercises.ts).

import type { Locale } from './ui-strings.ts';

/** Each kind of page at its path in English, from the site's root (no base). */
export const PAGES = {
  landing: '/',
  lesson: '/ga-ai/06-answer-on-the-wire/',
  beyond: '/ga-ai/06b-beyond-the-wire/',
  modelStream: '/ga-ai/06c-model-stream/',
  source: '/source/standard/parser/',
  rounds: '/ga-ai/06d-one-call-per-round/',
  inspect: '/ga-ai/06e-inspect-your-stream/',
} as const;
export type PageKind = keyof typeof PAGES;
export const PAGE_KIND_NAMES = Object.keys(PAGES) as PageKind[];

/** A page's path in a locale, from the site's root: '/es/ga-ai/06-answer-on-the-wire/'. */
export const pagePath = (locale: Locale, kind: PageKind) => `${locale.prefix}${PAGES[kind]}`;
