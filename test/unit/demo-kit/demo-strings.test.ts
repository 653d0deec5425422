// Every string a demo's script asks for exists in every locale: a key missing in one language
// fails here, not in a learner's page. Scripts on the demo kit read their strings with
// `new Strings(host, '<scope>')` and call `t('key')`: the key is looked up as course.<scope>.key,
// then course.demo.key, then course.key (src/demo-kit/kit-client.ts); skeletons call tr('key') for course.key.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formBase } from '../../../src/demo-kit/format.ts';
import { SHARED_PREFIXES } from '../../../src/demo-kit/kit-server.ts';

const read = (locale: string) =>
  JSON.parse(readFileSync(new URL(`../../../content/i18n/${locale}.json`, import.meta.url), 'utf8')) as Record<
    string,
    string
  >;
const locales = { en: read('en'), es: read('es'), fr: read('fr') };

function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path, pattern) : pattern.test(name) ? [path] : [];
  });
}

// A key exists as a plain string or as plural forms (key_one, key#name_one…: src/demo-kit/format.ts).
const exists = (table: Record<string, string>, key: string) =>
  key in table || Object.keys(table).some((full) => formBase(full) === key);
const src = new URL('../../../src/', import.meta.url).pathname;

describe('demo strings', () => {
  const scripts = files(src, /\.ts$/).map((path) => ({ path, source: readFileSync(path, 'utf8') }));
  const onKit = scripts.filter((file) => /new Strings\(\w+, '(\w+)'\)/.test(file.source));

  it('the demos on the kit are found', () => {
    expect(onKit.length).toBeGreaterThan(0);
  });

  for (const [locale, table] of Object.entries(locales)) {
    it(`${locale}: every t('key') of a demo script resolves`, () => {
      const missing: string[] = [];
      for (const { path, source } of onKit) {
        const scope = /new Strings\(\w+, '(\w+)'\)/.exec(source)![1]!;
        for (const m of source.matchAll(/\bt\('([\w.]+)'/g)) {
          const key = m[1]!;
          // what the client gets: its own strings, the shared ones, and the extra prefixes its frame names
          const shared = SHARED_PREFIXES.some((prefix) => `course.${key}`.startsWith(prefix)) ? [`course.${key}`] : [];
          if (![`course.${scope}.${key}`, `course.demo.${key}`, ...shared].some((full) => exists(table, full)))
            missing.push(`${path}: ${key}`);
        }
      }
      expect(missing).toEqual([]);
    });

    it(`${locale}: every tr('key') of a skeleton resolves`, () => {
      const missing: string[] = [];
      for (const path of files(src, /\.astro$/)) {
        for (const m of readFileSync(path, 'utf8').matchAll(/\btr\('([\w.]+)'/g))
          if (!exists(table, `course.${m[1]}`)) missing.push(`${path}: ${m[1]}`);
      }
      expect(missing).toEqual([]);
    });

    it(`${locale}: a string with plural forms has its "one" and "other" forms, picked by one number`, () => {
      const stems = new Set(
        Object.keys(table)
          .filter((key) => formBase(key) !== key)
          .map((key) => key.replace(/_(zero|one|two|few|many|other)$/, '')),
      );
      for (const stem of stems) {
        expect(table[`${stem}_one`], stem).toBeTruthy();
        expect(table[`${stem}_other`], stem).toBeTruthy();
        const base = formBase(`${stem}_other`);
        expect(table[base], `${base} has plural forms and a plain form`).toBeUndefined();
        const pickers = [...stems].filter((other) => formBase(`${other}_other`) === base);
        expect(pickers, `${base} has forms picked by two numbers`).toEqual([stem]);
      }
    });
  }
});
