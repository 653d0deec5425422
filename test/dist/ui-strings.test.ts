// The widgets' UI strings in the built pages, in each locale: every string handed to a widget (its
// data-strings, and the page's shared blocks its data-strings-from names, src/demo-kit/kit-server.ts)
// comes from that locale's content/i18n/<locale>.json, each demo's title and hint too, and no
// English UI phrase shows in a Spanish or French widget before any script runs. (What the widgets
// write once they run is checked in a browser: test/e2e/locales.spec.ts.)
// A <template>'s content is read like the rest of the page (withTemplates, ./site.ts): the workbench's
// markup waits in one, and a key missing from one locale's file shows there in English.

import { describe, expect, it } from 'vitest';
import { englishIn, uiStrings } from '../ui-strings.ts';
import { LOCALES, page, pagePath, withTemplates } from './site.ts';

/** What is not UI text: code, program output, the learner's text (English by design). */
const NOT_UI = 'pre, code, samp, textarea, script, style, kbd, [translate="no"]';

/** An element's UI text, its templates' included. */
function uiCopy(element: Element): Element {
  const copy = withTemplates(element);
  for (const skip of copy.querySelectorAll(NOT_UI)) skip.remove();
  return copy;
}

/** Each text of an element's UI, trimmed: one per run of text between tags (the parser may cut a run at an entity). */
function uiTexts(element: Element): string[] {
  const texts: string[] = [];
  const walk = (node: Node) => {
    let run = '';
    for (const child of node.childNodes) {
      if (child.nodeType === 3) run += child.textContent ?? '';
      else {
        texts.push(run);
        run = '';
        walk(child);
      }
    }
    texts.push(run);
  };
  walk(uiCopy(element));
  return texts.map((text) => text.replace(/\s+/g, ' ').trim()).filter((text) => text !== '');
}

/** The strings a widget reads: the shared blocks its data-strings-from names, then its own data-strings. */
function widgetStrings(document: Document, widget: Element): Record<string, string> {
  const blocks = (widget.getAttribute('data-strings-from') ?? '').split(' ').filter(Boolean);
  const shared = blocks.map((id) => JSON.parse(document.getElementById(id)?.textContent ?? '{}'));
  return Object.assign({}, ...shared, JSON.parse(widget.getAttribute('data-strings') ?? '{}'));
}

/**
 * The English strings a page in `code` must not show whole, by their text: those that the locale
 * translates differently or lacks, and that no string of the locale says as well.
 */
function englishStrings(code: string): Map<string, string> {
  const en = uiStrings('en');
  const own = uiStrings(code);
  const values = new Set(Object.values(own));
  const found = new Map<string, string>();
  for (const [key, text] of Object.entries(en)) {
    const value = text.trim();
    if (own[key] !== text && !values.has(text) && /\p{L}{2}/u.test(value) && !found.has(value)) found.set(value, key);
  }
  return found;
}

for (const locale of LOCALES) {
  describe(`UI strings in the built pages (${locale.code})`, () => {
    const values = new Set(Object.values(uiStrings(locale.code)));
    for (const kind of ['lesson', 'beyond', 'modelStream', 'rounds'] as const) {
      const document = page(pagePath(locale, kind));

      const title = `${kind}: each shared block of strings is in the page once, outside any template,`;
      it(`${title} for the widgets that name it`, () => {
        const named = new Set(
          [...document.querySelectorAll('[data-strings-from]')].flatMap((w) =>
            w.getAttribute('data-strings-from')!.split(' '),
          ),
        );
        expect(named.size).toBeGreaterThan(0);
        for (const id of named) {
          const blocks = document.querySelectorAll(`script[type="application/json"]#${id}`);
          expect(blocks.length, `#${id}`).toBe(1);
        }
      });

      it(`${kind}: every widget’s strings come from ${locale.code}.json`, () => {
        const widgets = [...document.querySelectorAll('[data-strings], [data-strings-from]')];
        expect(widgets.length).toBeGreaterThanOrEqual(kind === 'lesson' ? 10 : kind === 'modelStream' ? 1 : 3);
        const foreign: string[] = [];
        for (const widget of widgets) {
          const labels = widgetStrings(document, widget);
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
        const widgets = () => [...document.querySelectorAll('section.demo, .exercise-progress')];

        it(`${kind}: no English UI phrase in the widgets, their templates included`, () => {
          const found = widgets().flatMap((widget) => englishIn(uiCopy(widget).textContent ?? '', locale.code));
          expect(found).toEqual([]);
        });

        it(`${kind}: no English UI string in place of a ${locale.code}.json one, templates included`, () => {
          const english = englishStrings(locale.code);
          const own = uiStrings(locale.code);
          // One line per widget and key, however often the widget shows the string.
          const found = widgets().flatMap((widget) =>
            uiTexts(widget)
              .filter((text) => english.has(text))
              .map((text) => {
                const key = english.get(text)!;
                const where =
                  key in own ? `${locale.code}.json has “${own[key]}”` : `no such key in ${locale.code}.json`;
                return `${widget.id || widget.className}: “${text}” is en.json’s ${key} (${where})`;
              }),
          );
          expect([...new Set(found)]).toEqual([]);
        });
      }
    }
  });
}
