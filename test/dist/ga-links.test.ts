// Every link to Guitar Alchemist's code in the built site points into the pinned commit and at a
// file that exists in GA's tree there (test/ga-paths.ts); GaApi's writer is linked where it really is.

import { expect, it } from 'vitest';
import { GAAPI_WRITER, GA_PATHS, GA_PIN } from '../ga-paths.ts';
import { LOCALES, htmlFiles, page, pagePath } from './site.ts';
import { readFileSync } from 'node:fs';

const BLOB = 'https://github.com/GuitarAlchemist/ga/blob/';

it('every link to a GA file is at the pin and names a file of its tree', () => {
  const wrong: string[] = [];
  let links = 0;
  for (const file of htmlFiles()) {
    for (const match of readFileSync(file, 'utf8').matchAll(
      /\shref="(https:\/\/github\.com\/GuitarAlchemist\/ga\/blob\/[^"]+)"/g,
    )) {
      links++;
      const [commit, ...rest] = match[1]!.slice(BLOB.length).split('/');
      const path = rest.join('/').replace(/#.*$/, '');
      if (commit !== GA_PIN || !GA_PATHS.includes(path)) wrong.push(`${file}: ${match[1]}`);
    }
  }
  expect(links).toBeGreaterThan(50);
  expect(wrong).toEqual([]);
});

it.each(LOCALES.map((locale) => [locale.code, locale] as const))(
  'the lesson links GaApi’s writer at its real path, lines 318–322 (%s)',
  (_code, locale) => {
    const hrefs = [...page(pagePath(locale, 'lesson')).querySelectorAll('a[href*="/GaApi/"]')].map((a) =>
      a.getAttribute('href'),
    );
    const writer = `${BLOB}${GA_PIN}/${GAAPI_WRITER.path}#${GAAPI_WRITER.lines}`;
    expect(hrefs.length).toBeGreaterThanOrEqual(2); // in the text and under Sources
    expect(hrefs.every((href) => href === writer)).toBe(true);
  },
);
