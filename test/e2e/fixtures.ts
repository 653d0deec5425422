// Shared by the browser tests: the locales, their lesson URLs, a page that fails the test on any
// console error, and an axe-core check (WCAG 2.1 AA).

import { test as base, expect, type Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import { readFileSync } from 'node:fs';

export const LOCALES = [
  { code: 'en', lang: 'en', prefix: '' },
  { code: 'es', lang: 'es', prefix: '/es' },
  { code: 'fr', lang: 'fr', prefix: '/fr' },
] as const;

export type Locale = (typeof LOCALES)[number];

export const lessonUrl = (locale: Locale) => `${locale.prefix}/ga-ai/06-answer-on-the-wire/`;
export const landingUrl = (locale: Locale) => `${locale.prefix}/`;

/** The program's expected output, the project's own copy of the golden file. */
export const EXPECTED_OUTPUT = readFileSync(new URL('../fixtures/l6-expected.txt', import.meta.url), 'utf8');

/** A page whose console errors and uncaught exceptions fail the test that used it. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
    expect(errors, 'console errors').toEqual([]);
  },
});

export { expect };

/** Sets Starlight's theme before the page loads ('light' or 'dark'). */
export async function useTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.addInitScript((value) => {
    localStorage.setItem('starlight-theme', value);
  }, theme);
  await page.emulateMedia({ colorScheme: theme });
}

/** axe-core with the WCAG 2.1 A and AA rules; returns the violations (expect them to be []). */
export async function axeViolations(page: Page, include?: string) {
  // Expressive Code makes its scrollable code blocks focusable from a script: let it run first.
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.expressive-code pre')].every((pre) => pre.scrollWidth <= pre.clientWidth || pre.hasAttribute('tabindex')),
  );
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5), help: v.help }));
}
