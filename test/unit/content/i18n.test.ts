// The three locales carry the same UI strings, each translated, with the same placeholders.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const read = (locale: string) =>
  JSON.parse(readFileSync(new URL(`../../../content/i18n/${locale}.json`, import.meta.url), 'utf8')) as Record<
    string,
    string
  >;
const en = read('en');
const others = { es: read('es'), fr: read('fr') };
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.(astro|ts)$/.test(name) ? [path] : [];
  });
}

describe('UI strings', () => {
  for (const [locale, table] of Object.entries(others)) {
    it(`${locale} has exactly the English keys`, () => {
      expect(Object.keys(table).sort()).toEqual(Object.keys(en).sort());
    });
    it(`${locale} keeps every placeholder and translates every string`, () => {
      for (const [key, text] of Object.entries(en)) {
        expect(placeholders(table[key] ?? ''), key).toEqual(placeholders(text));
        expect(table[key]!.trim(), key).not.toBe('');
      }
    });
  }

  it('every course key used by a component exists', () => {
    const root = new URL('../../../src/', import.meta.url).pathname;
    const missing: string[] = [];
    for (const file of sourceFiles(root)) {
      const source = readFileSync(file, 'utf8');
      for (const m of source.matchAll(/t\('(course\.[\w.-]+)'/g)) if (!(m[1]! in en)) missing.push(`${file}: ${m[1]}`);
    }
    expect(missing).toEqual([]);
  });
});
