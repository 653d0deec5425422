// The "inspect your own stream" page (content/docs/ga-ai/06e-inspect-your-stream.mdx) as built, in each
// locale, before any script runs: its language and its sidebar entry after 06d; the landing page and
// the key takeaways of the four lesson pages linking to it; the inspector's skeleton with its strings
// from the locale's file, its results hidden until a stream is read, and each finding's lesson a
// section of a page in the same language (that each #fragment exists: links.test.ts).

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LESSON_KEYS } from '../../lessons-code/inspect/findings.ts';
import { englishIn, uiStrings } from '../ui-strings.ts';
import { LOCALES, page, pagePath, withTemplates } from './site.ts';

const label = (code: string) =>
  /^\s+label:\s*(.+?)\s*$/m.exec(
    readFileSync(
      new URL(
        `../../content/docs/${code === 'en' ? '' : code + '/'}ga-ai/06e-inspect-your-stream.mdx`,
        import.meta.url,
      ),
      'utf8',
    ),
  )?.[1];

/** The section of a page that holds the key takeaways: the last h2 before "Sources", or the last one. */
function takeaways(document: Document): Element[] {
  const content = document.querySelector('.sl-markdown-content')!;
  const headings = [...content.querySelectorAll('h2')];
  const sources = headings.findIndex((h) => /^(Sources|Fuentes)$/.test(h.textContent!.trim()));
  const heading = headings[sources === -1 ? headings.length - 1 : sources - 1]!;
  const section: Element[] = [];
  // Starlight wraps each heading in a div with its anchor link.
  for (let node = heading.closest('.sl-heading-wrapper') ?? heading; (node = node.nextElementSibling!); ) {
    if (node.matches('h2, .sl-heading-wrapper')) break;
    section.push(node);
  }
  return section;
}

for (const locale of LOCALES) {
  describe(`the 06e page as built (${locale.code})`, () => {
    const document = page(pagePath(locale, 'inspect'));
    const own = `${locale.prefix}/ga-ai/06e-inspect-your-stream/`;

    it('is in its language; its sidebar entry is its label, the current page, after 06d', () => {
      expect(document.documentElement.getAttribute('lang')).toBe(locale.lang);
      const links = [...document.querySelectorAll('nav a[href*="/ga-ai/"]')];
      const at = links.findIndex((a) => a.getAttribute('href') === own);
      expect(links[at]?.textContent?.trim()).toBe(label(locale.code));
      expect(links[at]?.getAttribute('aria-current')).toBe('page');
      const before = links.findIndex((a) => a.getAttribute('href')!.endsWith('/ga-ai/06d-one-call-per-round/'));
      expect(before).toBeGreaterThanOrEqual(0);
      expect(before).toBeLessThan(at);
    });

    it('the landing page and the key takeaways of each lesson page link to it', () => {
      expect(page(pagePath(locale, 'landing')).querySelector(`a[href="${own}"]`)).not.toBeNull();
      for (const kind of ['lesson', 'beyond', 'modelStream', 'rounds'] as const) {
        const links = takeaways(page(pagePath(locale, kind))).flatMap((node) => [...node.querySelectorAll('a')]);
        expect(
          links.some((a) => a.getAttribute('href') === own),
          kind,
        ).toBe(true);
      }
    });

    it('the inspector: its skeleton from the locale’s strings, results hidden, lessons in the page’s language', () => {
      const inspector = withTemplates(document.querySelector('ga-stream-inspector')!);
      const strings = uiStrings(locale.code);
      expect(inspector.getAttribute('data-lazy')).toBeNull(); // set by its script, once defined
      expect(inspector.querySelector('[data-part=run]')?.textContent?.trim()).toBe(strings['course.inspect.run']);
      expect(inspector.querySelector('[data-part=status]')?.textContent?.trim()).toBe(strings['course.inspect.idle']);
      expect(inspector.querySelector('[data-part=results]')?.hasAttribute('hidden')).toBe(true);
      const privacy = document.querySelector('.si-privacy')?.textContent?.trim();
      expect(privacy).toBe(strings['course.inspect.privacy']);
      const lessons = [...inspector.querySelectorAll('a[data-lesson]')];
      expect(lessons.map((a) => a.getAttribute('data-lesson'))).toEqual([...LESSON_KEYS]);
      for (const a of lessons)
        expect(a.getAttribute('href')).toMatch(new RegExp(`^${locale.prefix}/ga-ai/06[a-e]?-[\\w-]+/#.+`));
      const data = JSON.parse(inspector.getAttribute('data-strings')!) as Record<string, string>;
      expect(data['inspect.finding.cut.title']).toBe(strings['course.inspect.finding.cut.title']);
      expect(englishIn(inspector.textContent ?? '', locale.code)).toEqual([]);
    });
  });
}
