// The site's UI strings (content/i18n/<locale>.json), shared by the checks of the built pages
// (test/dist/) and the browser's locale smoke tests (test/e2e/locales.spec.ts).

import { readFileSync } from 'node:fs';
import { COURSE_LOCALES } from '../src/lib/locales.ts';

export type Strings = Record<string, string>;

/** The site's locales (src/lib/locales.ts): English at the root, the others under their prefixes. */
export const LOCALES = COURSE_LOCALES;
export type Locale = (typeof LOCALES)[number];

const cache = new Map<string, Strings>();
/** The UI strings of a locale. */
export function uiStrings(code: string): Strings {
  let table = cache.get(code);
  if (!table) {
    table = JSON.parse(readFileSync(new URL(`../content/i18n/${code}.json`, import.meta.url), 'utf8')) as Strings;
    cache.set(code, table);
  }
  return table;
}

/** A string with its {{placeholders}} filled in. */
export const fill = (text: string, vars: Record<string, string | number> = {}) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? `{{${name}}}`));

/**
 * The program's expected output, the project's own copy of the golden file (English, byte for byte,
 * in every locale: its words may show anywhere).
 */
export const EXPECTED_OUTPUT = readFileSync(new URL('./fixtures/l6-expected.txt', import.meta.url), 'utf8');

/**
 * The English UI phrases that a page in `code` must never show: every English string cut at its
 * placeholders, each piece of two words or more that no translated string of `code` contains (a
 * phrase a real translation keeps is allowed; a string left in English is not) and that the
 * program's output does not print (its verdicts, such as "line breaks", show as the program prints
 * them). Worked out once per locale: the browser tests ask for it at every widget they look at.
 */
const englishOnly = new Map<string, string[]>();
function englishOnlyPhrases(code: string): string[] {
  if (code === 'en') return [];
  const known = englishOnly.get(code);
  if (known) return known;
  const en = uiStrings('en');
  const translated = Object.entries(uiStrings(code))
    .filter(([key, value]) => value !== en[key])
    .map(([, value]) => value);
  const own = [...translated, EXPECTED_OUTPUT];
  const phrases = new Set<string>();
  for (const text of Object.values(uiStrings('en'))) {
    for (const piece of text.split(/\{\{\w+\}\}/)) {
      const phrase = piece.replace(/^[\s.,:;!?()«»"“”'’…·–—-]+|[\s.,:;!?()«»"“”'’…·–—-]+$/g, '');
      if (!/\p{L}+\s+\p{L}+/u.test(phrase) || phrase.length < 8) continue;
      if (own.some((value) => value.includes(phrase))) continue;
      phrases.add(phrase);
    }
  }
  const list = [...phrases];
  englishOnly.set(code, list);
  return list;
}

/** The English-only phrases found in a text shown on a page in `code`. */
export function englishIn(text: string, code: string): string[] {
  const flat = text.replace(/\s+/g, ' ');
  return englishOnlyPhrases(code).filter((phrase) => flat.includes(phrase));
}
