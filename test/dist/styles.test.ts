// The course's cascade layer comes after Starlight's on every page. The widgets' shared styles and
// the exercise workbench's (src/demo-kit/demo-kit.css, exercise.css) are in a layer, `course`, that
// must win over Starlight's own layers, as they did when they had none. Layers rank in the order they
// are first named, and the site's own CSS reaches the page before Starlight's: a layered file that
// did not name Starlight's layer first would put `course` first, under Starlight everywhere.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIST, LOCALES, PAGES, page, pagePath, type PageKind } from './site.ts';

/** The page's CSS in document order: its stylesheets (print ones left out) and its <style> elements. */
function cssOf(document: Document): string {
  return [...document.querySelectorAll('link[rel="stylesheet"], style')]
    .filter((node) => node.getAttribute('media') !== 'print')
    .map((node) => {
      if (node.tagName.toLowerCase() === 'style') return node.textContent ?? '';
      const href = node.getAttribute('href') ?? '';
      return readFileSync(join(DIST, href.slice(href.indexOf('_astro/'))), 'utf8');
    })
    .join('\n');
}

/** The top-level cascade layers in the order CSS first names them (`@layer a, b;` or `@layer a.x {`). */
function layerOrder(css: string): string[] {
  const order: string[] = [];
  for (const match of css.matchAll(/@layer\s+([^;{]+)[;{]/g)) {
    for (const name of match[1]!.split(',')) {
      const top = name.trim().split('.')[0]!;
      if (top !== '' && !order.includes(top)) order.push(top);
    }
  }
  return order;
}

describe('the course’s cascade layer', () => {
  it('is read as the CSS names the layers', () => {
    expect(layerOrder('@layer course{.a{}}@layer starlight.base,starlight.reset;')).toEqual(['course', 'starlight']);
    expect(layerOrder('@layer starlight;@layer course{.demo{}}@layer starlight.core{}')).toEqual([
      'starlight',
      'course',
    ]);
  });

  for (const locale of LOCALES) {
    for (const kind of Object.keys(PAGES) as PageKind[]) {
      it(`${locale.code} ${kind}: comes after Starlight’s, and no other layer comes before Starlight’s`, () => {
        const order = layerOrder(cssOf(page(pagePath(locale, kind))));
        expect(order[0]).toBe('starlight');
        expect(order).toContain('course');
      });
    }
  }
});
