// UI strings with their placeholders filled, for the server and the browser alike.
// Conventions (Starlight's i18next ones, extended): `{{name}}` is a placeholder. A string whose words
// agree with a number has one key per plural form, chosen by Intl.PluralRules for that number:
// `key_one`, `key_other` (and `key_many` where a language needs it) when the number is `count`, and
// `key#name_one`, `key#name_other` when it is any other placeholder `{{name}}`: the key names the
// number the words agree with («{{before}} de ses octets est arrivé» is
// `course.providers.bytes.endsInside#before_one`). Every locale has the same keys, so one placeholder
// picks the form in all three; a string where the languages would need different ones is written as
// a label instead («Cas réussis : 1 sur 3»). test/unit/content/plurals.test.ts checks that every
// number in a string does one or the other. Numbers are formatted per locale.

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

/** The plural forms' suffix of a key: `_one`, `#before_other`; group 1 is the placeholder, if not `count`. */
const FORM_SUFFIX = /(?:#(\w+))?_(?:zero|one|two|few|many|other)$/;

/** The key a plural form belongs to (`course.x#before_one` → `course.x`), or `key` itself. */
export function formBase(key: string): string {
  return key.replace(FORM_SUFFIX, '');
}

/** The plural category of a placeholder's value: a number, or digits given as text; other text takes `other`. */
function category(lang: string, value: string | number): string {
  const n = typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? rulesFor(lang).select(n) : 'other';
}

/**
 * The key that holds `key` in the form its number asks for: `key` itself when it has no forms, else
 * `key_<form>` picked by `vars.count`, or `key#name_<form>` picked by `vars.name`; `_other` when the
 * language has no key for the form. `key` itself when no placeholder of `vars` picks a form.
 */
function formKey(table: Table, lang: string, key: string, vars?: Vars): string {
  if (key in table || !vars) return key;
  for (const [name, value] of Object.entries(vars)) {
    const stem = name === 'count' ? key : `${key}#${name}`;
    if (!(`${stem}_other` in table)) continue;
    const form = `${stem}_${category(lang, value)}`;
    return form in table ? form : `${stem}_other`;
  }
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

/** Looks `key` up in `table` (in the plural form its number asks for, see `formKey`) and fills it. */
export function translate(table: Table, lang: string, key: string, vars?: Vars): string {
  const template = table[formKey(table, lang, key, vars)];
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
