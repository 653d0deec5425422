// The widgets' UI strings in the built pages, in each locale: every string handed to a widget
// (its data-strings, src/demo-kit/kit-server.ts) comes from that locale's content/i18n/<locale>.json, each
// demo's title and hint too, and no English UI phrase shows in a Spanish or French widget before any script runs. (What
// the widgets write once they run is checked in a browser: test/e2e/locales.spec.ts.)

import { describe, expect, it } from 'vitest';
import { englishIn, uiStrings } from '../ui-strings.ts';
import { LOCALES, page, pagePath } from './site.ts';

/** An element's text without code, program output or the learner's text (English by design). */
function uiText(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  for (const skip of copy.querySelectorAll('pre, code, samp, textarea, script, style, template, kbd, [translate="no"]'))
    skip.remove();
  return copy.textContent ?? '';
}

for (const locale of LOCALES) {
  describe(`UI strings in the built pages (${locale.code})`, () => {
    const values = new Set(Object.values(uiStrings(locale.code)));
    for (const kind of ['lesson', 'beyond', 'modelStream', 'rounds'] as const) {
      const document = page(pagePath(locale, kind));

      it(`${kind}: every widget’s strings come from ${locale.code}.json`, () => {
        const widgets = [...document.querySelectorAll('[data-strings]')];
        expect(widgets.length).toBeGreaterThanOrEqual(kind === 'lesson' ? 10 : kind === 'modelStream' ? 1 : 3);
        const foreign: string[] = [];
        for (const widget of widgets) {
          const labels = JSON.parse(widget.getAttribute('data-strings')!) as Record<string, string>;
          expect(Object.keys(labels).length, widget.tagName).toBeGreaterThan(0);
          for (const [key, text] of Object.entries(labels))
            if (!values.has(text)) foreign.push(`${widget.tagName.toLowerCase()} ${key}: ${text}`);
        }
        expect(foreign).toEqual([]);
      });

      it(`${kind}: each demo’s title and hint come from ${locale.code}.json`, () => {
        const demos = [...document.querySelectorAll('section.demo:not(.exercise)')];
        expect(demos.length).toBeGreaterThanOrEqual(kind === 'modelStream' ? 1 : 3);
        for (const demo of demos) {
          const title = demo.querySelector('.demo-title')?.textContent?.trim() ?? '';
          expect(values.has(title), `title "${title}"`).toBe(true);
          const hint = demo.querySelector('.demo-hint')?.textContent?.trim();
          if (hint !== undefined) expect(values.has(hint), `hint "${hint}"`).toBe(true);
        }
      });

      if (locale.code !== 'en') {
        it(`${kind}: no English UI phrase in the widgets`, () => {
          const found = [...document.querySelectorAll('section.demo, .exercise-progress')].flatMap((widget) =>
            englishIn(uiText(widget), locale.code),
          );
          expect(found).toEqual([]);
        });
      }
    }
  });
}
