// The three locales carry the same UI strings, each translated, with the same placeholders.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KEYS_FILE, uiKeysSource } from '../../../scripts/write-ui-keys.ts';
import { formBase } from '../../../src/demo-kit/format.ts';

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
  // Each problem is one line that names the file and the key: a key missing in one locale is reported
  // as such, never as a TypeError from a test that reads it.
  for (const [locale, table] of Object.entries(others)) {
    const file = `content/i18n/${locale}.json`;
    it(`${locale} has exactly the English keys`, () => {
      expect([
        ...Object.keys(en)
          .filter((key) => !Object.hasOwn(table, key))
          .map((key) => `${file}: no key ${key} (it is in en.json)`),
        ...Object.keys(table)
          .filter((key) => !Object.hasOwn(en, key))
          .map((key) => `${file}: key ${key} is not in en.json`),
      ]).toEqual([]);
    });
    it(`${locale} keeps every placeholder and translates every string`, () => {
      const problems: string[] = [];
      for (const [key, text] of Object.entries(en)) {
        const translated = table[key];
        if (translated === undefined) continue; // the test above names it
        const want = placeholders(text).join(', ');
        const got = placeholders(translated).join(', ');
        if (got !== want) problems.push(`${file}: ${key} has placeholders [${got}], en.json has [${want}]`);
        if (translated.trim() === '') problems.push(`${file}: ${key} is empty`);
      }
      expect(problems).toEqual([]);
    });
  }

  it(`${KEYS_FILE} lists en.json's course keys (else run \`npx node scripts/write-ui-keys.ts\`)`, () => {
    expect(readFileSync(KEYS_FILE, 'utf8')).toBe(uiKeysSource(en));
  });

  // `Astro.locals.t()` is typed with the keys of src/lib/ui-keys.ts (content.config.ts), so a .ts file
  // that calls it with a key en.json lacks fails `npm run typecheck`. The .astro components are not
  // type-checked by it (tsc reads no .astro file), so their calls are read here: a literal key must
  // exist, and a key built in a template literal (`course.${name}.hint`) must match at least one key,
  // each `${…}` standing for any text. Keys that reach the browser by prefix (kit-server.ts) are
  // looked up there, by `Strings.t`.
  it('every course key used by a component exists', () => {
    const root = new URL('../../../', import.meta.url).pathname;
    const keys = new Set(Object.keys(en).map(formBase));
    const missing: string[] = [];
    for (const file of sourceFiles(`${root}src/`)) {
      const source = readFileSync(file, 'utf8');
      for (const m of source.matchAll(/\bt\('(course\.[\w.-]+)'/g))
        if (!keys.has(m[1]!))
          missing.push(`${file.slice(root.length)}: t('${m[1]}'), no such key in content/i18n/en.json`);
      for (const m of source.matchAll(/\bt\(`(course\.[^`]*)`/g)) {
        const pattern = m[1]!
          .split(/\$\{[^}]*\}/)
          .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
          .join('.+');
        const built = new RegExp(`^${pattern}$`);
        if (![...keys].some((key) => built.test(key)))
          missing.push(`${file.slice(root.length)}: t(\`${m[1]}\`) matches no key in content/i18n/en.json`);
      }
    }
    expect(missing).toEqual([]);
  });
});
