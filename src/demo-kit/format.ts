// UI strings with their placeholders filled, for the server and the browser alike.
// Conventions (the same as Starlight's i18next): `{{name}}` is a placeholder; a string that depends
// on a number has one key per plural form, `key_one`, `key_other` (and `key_many` where a language
// needs it), chosen by Intl.PluralRules on the `count` variable. Numbers are formatted per locale.

export type Vars = Record<string, string | number>;
export type Table = Readonly<Record<string, string>>;

const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function rulesFor(lang: string): Intl.PluralRules {
  let rules = pluralRules.get(lang);
  if (!rules) pluralRules.set(lang, (rules = new Intl.PluralRules(lang)));
  return rules;
}

/** A number as the locale writes it (1,234 · 1.234 · 1 234). */
export function formatNumber(lang: string, value: number): string {
  let format = numberFormats.get(lang);
  if (!format) numberFormats.set(lang, (format = new Intl.NumberFormat(lang)));
  return format.format(value);
}

/** The key that holds the right plural form of `key` for `count`, or `key` itself. */
function pluralKey(table: Table, lang: string, key: string, count: number): string {
  const form = `${key}_${rulesFor(lang).select(count)}`;
  if (form in table) return form;
  if (`${key}_other` in table) return `${key}_other`;
  return key;
}

/** Fills `{{name}}` placeholders; numbers are formatted for `lang`. */
function fill(template: string, lang: string, vars?: Vars): string {
  if (!vars) return template;
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const value = vars[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? formatNumber(lang, value) : value;
  });
}

/** Looks `key` up in `table` (its plural form when `vars.count` is a number) and fills it. */
export function translate(table: Table, lang: string, key: string, vars?: Vars): string {
  const count = vars?.count;
  const found = typeof count === 'number' ? pluralKey(table, lang, key, count) : key;
  const template = table[found];
  if (template === undefined) throw new Error(`missing UI string: ${key}`);
  return fill(template, lang, vars);
}

/** The strings whose keys start with one of `prefixes`, with `course.` taken off their keys. */
export function selectStrings(all: Table, prefixes: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(all)) {
    if (prefixes.some((prefix) => key.startsWith(prefix))) out[key.replace(/^course\./, '')] = value;
  }
  return out;
}
