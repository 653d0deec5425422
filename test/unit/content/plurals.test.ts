// A number in a UI string agrees with its words in every locale: «1 octet reçu», never «1 octets
// reçus». Each number a string shows does one of two things:
//
// - its words take the plural form Intl.PluralRules picks for it: the string has plural forms whose
//   keys name that number, `key_one`/`key_other` for {{count}} and `key#name_one`/`key#name_other` for
//   any other placeholder {{name}} (src/demo-kit/format.ts chooses the form);
// - or it stands where no word agrees with it, as in a label: «Cas réussis : 1 sur 3».
//
// The test cannot parse grammar, so it reads "stands where no word agrees with it" as: after the
// number comes the end of the string, a punctuation mark or a unit symbol (ms, s, KiB…); or a word
// that links it to another number (3 of 7, +40 to +90 ms, 12 and 40); or one of the few words listed
// below that never agree with a number (tokens in / out, «de salida», «en sortie»); or the number
// follows a noun that names it, as an identifier does (line 3, read 2, event 4); and in Spanish and
// French no plural determiner comes just before it (the «los» of «a los 230 ms» would be wrong for
// 1). Anything else (a noun, a verb, «of its», «de sus») needs plural forms, or the string is
// rewritten as a label. The rule errs on the strict side: a string it rejects wrongly is rewritten,
// never listed as an exception.
//
// Which placeholders hold a number: all of them, except the names in TEXT (words, names, code) and
// the placeholders of PHRASES (a count already written with its noun by a course.count.* string, or
// a measure already written with its unit). So a new placeholder is checked as a number until it is
// listed here as text.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../src/lib/locales.ts';
import { translate } from '../../../src/demo-kit/format.ts';

type Locale = (typeof LOCALES)[number];

const read = (locale: Locale) =>
  JSON.parse(readFileSync(new URL(`../../../content/i18n/${locale}.json`, import.meta.url), 'utf8')) as Record<
    string,
    string
  >;

/** Placeholders that never hold a bare number, in any string (their callers pass words or code). */
const TEXT = new Set([
  'actual', // a value's type, as a phrase (course.exercise.exportWrong)
  'api',
  'char', // a character, quoted
  'command',
  'counts', // a list, "standard 3, …"
  'cr', // the sign that stands for CR
  'done', // yes or no
  'ending', // a turn's ending, as a word
  'expected', // a quoted text or an ending (course.cut.diff, course.providerCut.diff.*)
  'field',
  'file',
  'got',
  'harness',
  'host',
  'id',
  'joined', // yes or no
  'kind',
  'label',
  'link',
  'message',
  'name',
  'names',
  'place', // a sentence (course.cut.place.*)
  'pushed', // a sentence
  'question',
  'reader',
  'reason',
  'second', // a sentence (course.cut.twoReads)
  'section',
  'shortcut',
  'split',
  'state', // a word, "stopped"
  'term',
  'text',
  'title',
  'type',
  'verdict',
  'where', // a JSON path
  'writer',
  // counts written with their noun by a course.count.* or course.roundsDetails.calls string (size:
  // course.count.bytes, in course.cut.place.char and course.providers.bytes.split)
  'added',
  'breaks',
  'calls',
  'chunks',
  'reads',
  'removed',
  'size',
  'turns',
]);

/** Placeholders that hold a phrase in these strings only, and a bare number elsewhere. */
const PHRASES: Record<string, readonly string[]> = {
  // a count with its noun, made by course.count.*
  'course.output.checksCaption': ['chars'],
  'course.output.joined': ['chars'],
  'course.chunker.summary': ['lines', 'chars'],
  'course.chunker.stats': ['chars'],
  'course.hostStream.piece': ['bytes'],
  'course.hostStream.chatAnswer': ['chars'],
  'course.hostStream.eventLine': ['lines'],
  'course.hostStream.announce': ['events'],
  'course.hostStream.announceFailed': ['events'],
  'course.pairs.stats': ['chars'],
  'course.pairs.wireStats': ['events', 'chars'],
  'course.burst.read': ['events'],
  'course.providerCut.uncut': ['answer', 'reasoning'],
  // a line range, "12–30"
  'course.source.lines': ['lines'],
  // a time with its unit, "1,770 ms" (course.roundsTimeline.ms), or "—"
  'course.roundsTimeline.announce': ['pollFirst', 'everyFirst'],
};

const SPACE = '[ \\u00a0\\u202f]';
/** Unit symbols: they never take a plural. */
const UNIT = '(?:ms|s|min|h|KiB|MiB|Kio|Mio|Ko|Mo|kB|MB|%)';
/** Words that link a number to another number: a ratio, a range, a pair. */
const LINKS: Record<Locale, string> = { en: 'of|to|and|or', es: 'de|a|y|o', fr: 'sur|à|et|ou|de' };
/** Words that may follow a number and never agree with it. */
const INVARIABLE: Record<Locale, string> = {
  en: 'in|out|to|with|for|instead of|missing|changed',
  es: 'con|para|al|tras|en vez de|de entrada|de salida',
  fr: 'avec|pour|au lieu de|en entrée|en sortie',
};
/** Nouns a number follows as an identifier: «ligne 3», «lecture 2 sur 7». */
const NAMES: Record<Locale, string> = {
  en: 'line|column|read|event|byte|block|case|hint|exercise|round|character|status|HTTP',
  es: 'línea|columna|lectura|evento|byte|bloque|caso|pista|ejercicio|ronda|carácter|estado|HTTP',
  fr: 'ligne|colonne|lecture|événement|octet|bloc|cas|indice|exercice|itération|caractère|statut|HTTP',
};
/** Plural determiners: the number after one is plural whatever its value. */
const DETERMINERS: Record<Locale, string> = {
  en: 'these|those',
  es: 'los|las|sus|unos|unas|estos|estas',
  fr: 'les|des|ses|ces|leurs',
};

function labelRules(locale: Locale) {
  const u = 'u';
  return {
    ends: new RegExp(`^(?:$|${SPACE}?[.,;:!?()\\[\\]…·/–—»”"])`, u),
    unit: new RegExp(`^${SPACE}${UNIT}(?![\\p{L}\\d])`, u),
    link: new RegExp(`^${SPACE}(?:${LINKS[locale]})${SPACE}\\+?(?:\\{\\{\\w+\\}\\}|\\d)`, u),
    invariable: new RegExp(`^${SPACE}(?:${INVARIABLE[locale]})(?![\\p{L}])`, u),
    named: new RegExp(`(?:^|[^\\p{L}])(?:${NAMES[locale]})${SPACE}\\+?$`, 'iu'),
    determiner: new RegExp(`(?:^|[^\\p{L}])(?:${DETERMINERS[locale]})${SPACE}\\+?$`, 'iu'),
  };
}

const FORM = /(?:#(\w+))?_(?:zero|one|two|few|many|other)$/;

/** The key whose plural form `key` is (`x#before_one` → `x`), or `key` itself. */
const baseOf = (key: string) => key.replace(FORM, '');

/** The number a plural form is picked by: `count` for key_one, `before` for key#before_one. */
function picker(key: string): string | undefined {
  const m = FORM.exec(key);
  return m ? (m[1] ?? 'count') : undefined;
}

/** Each number of `text` that neither picks the string's form nor stands as in a label. */
function disagreements(locale: Locale, key: string, text: string): string[] {
  const rules = labelRules(locale);
  const base = baseOf(key);
  const out: string[] = [];
  for (const m of text.matchAll(/\{\{(\w+)\}\}/g)) {
    const name = m[1]!;
    if (name === picker(key) || TEXT.has(name) || PHRASES[base]?.includes(name)) continue;
    const before = text.slice(0, m.index);
    const after = text.slice(m.index + m[0].length);
    const label =
      !rules.determiner.test(before) &&
      (rules.ends.test(after) ||
        rules.unit.test(after) ||
        rules.link.test(after) ||
        rules.invariable.test(after) ||
        rules.named.test(before));
    if (!label) out.push(`${locale} ${key}: {{${name}}} in “…${before.slice(-30)}{{${name}}}${after.slice(0, 30)}…”`);
  }
  return out;
}

describe('the rule', () => {
  const check = (locale: Locale, key: string, text: string) => disagreements(locale, key, text).length === 0;
  it('takes a number that picks its form, or stands as in a label', () => {
    expect(check('fr', 'x#before_one', '{{before}} de ses octets est arrivé')).toBe(true);
    expect(check('fr', 'x_one', '{{count}} octet reçu sur {{n}}.')).toBe(true);
    expect(check('fr', 'x', 'Cas réussis : {{passed}} sur {{total}}.')).toBe(true);
    expect(check('en', 'x', 'Read {{n}} of the body')).toBe(true);
    expect(check('fr', 'x', 'son horloge a tourné de +{{from}} à +{{to}}\u00a0ms')).toBe(true);
    expect(check('es', 'x', 'Consumo: {{input}} de entrada')).toBe(true);
  });
  it('rejects a number its words do not follow', () => {
    expect(check('fr', 'x', '{{at}} octets reçus sur {{n}}.')).toBe(false);
    expect(check('fr', 'x_one', '{{generated}} jeton sur {{count}} généré')).toBe(false);
    expect(check('es', 'x', '{{passed}} de {{total}} casos se cumplen.')).toBe(false);
    expect(check('es', 'x', 'llegaron {{before}} de sus bytes')).toBe(false);
    expect(check('en', 'x', '{{before}} of its {{size}} bytes are here')).toBe(false);
    expect(check('es', 'x', 'Primer texto a los {{ms}} ms')).toBe(false);
  });
  it('reads every placeholder as a number unless it is listed as text', () => {
    expect(check('en', 'x', '{{somethingNew}} things')).toBe(false);
    expect(check('en', 'x', '{{title}} things')).toBe(true);
  });
});

describe('every number in the UI strings agrees, or stands as in a label', () => {
  for (const locale of LOCALES) {
    it(locale, () => {
      const table = read(locale);
      const numbers = Object.entries(table).filter(([key, text]) =>
        [...text.matchAll(/\{\{(\w+)\}\}/g)].some(
          ([, name]) => !TEXT.has(name!) && !PHRASES[baseOf(key)]?.includes(name!),
        ),
      );
      expect(numbers.length).toBeGreaterThan(100); // the strings with a number are found
      expect(numbers.flatMap(([key, text]) => disagreements(locale, key, text))).toEqual([]);
    });
  }
});

describe('the plural form is picked by the number its key names (src/demo-kit/format.ts)', () => {
  const tables = { en: read('en'), es: read('es'), fr: read('fr') };
  const say = (locale: Locale, key: string, vars: Record<string, string | number>) =>
    translate(tables[locale], locale, key, vars);

  it('by {{count}}, or by any other placeholder', () => {
    expect(say('fr', 'course.providers.bytes.endsInside', { before: 1 })).toContain('1 de ses octets est arrivé,');
    expect(say('fr', 'course.providers.bytes.endsInside', { before: 2 })).toContain('2 de ses octets sont arrivés,');
    expect(say('es', 'course.providers.bytes.endsInside', { before: 1 })).toContain('llegó 1 de sus bytes');
    expect(say('en', 'course.exercise.allPass', { total: 1 })).toBe('The only case passes: exercise solved!');
    expect(say('en', 'course.exercise.allPass', { total: 7 })).toBe('All 7 cases pass: exercise solved!');
    expect(say('fr', 'course.roundsStop.generatedOf', { generated: 1, count: 57, state: 'arrêté' })).toBe(
      '1 jeton généré sur 57, arrêté',
    );
    expect(say('fr', 'course.count.bytes', { count: 0 })).toBe('0 octet'); // French: 0 and 1 are singular
  });

  it('a number given as text picks by its digits, or takes the "other" form when it is formatted', () => {
    expect(say('en', 'course.exercise.share.tooLong', { max: '1' })).toContain('longer than 1 character,');
    expect(say('en', 'course.exercise.tooLong', { max: '200,000' })).toContain('longer than 200,000 characters.');
  });

  it('every string with forms gives a text for 1 and for 2 in every locale', () => {
    for (const locale of LOCALES) {
      const table = tables[locale];
      for (const key of new Set(Object.keys(table).filter((k) => FORM.test(k)))) {
        const name = picker(key)!;
        const vars = Object.fromEntries([...table[key]!.matchAll(/\{\{(\w+)\}\}/g)].map(([, v]) => [v!, 'x']));
        for (const n of [1, 2]) expect(() => say(locale, baseOf(key), { ...vars, [name]: n }), key).not.toThrow();
      }
    }
  });
});
