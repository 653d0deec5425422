// The glossary is data (content/i18n/_glossary.json): per concept, the term in each language and the
// forms to avoid, each a pattern. This test checks the data, that the table of
// content/i18n/TERMINOLOGY.md is the one made from it, and that the lesson pages (content/docs/), the
// UI strings (content/i18n/<locale>.json) and the exercises' texts, comments and answers
// (lessons-code/exercises/*/) use none of the forms to avoid. Each violation is one line: the file,
// the line (a page) or the key (a JSON file), the words found and the term to use.
//
// Why the table is made from the data rather than the data from the table: translators read a table,
// while a test needs patterns that a table cell cannot hold readably. The data is the one source; the
// table is its view, and a test keeps it in sync. After changing the data, rewrite the table with
//   GLOSSARY_WRITE=1 npx vitest run test/unit/content/glossary.test.ts

import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../src/lib/locales.ts';
import { EXERCISES as EXERCISE_FOLDERS } from '../../exercises.ts';

const ROOT = new URL('../../../', import.meta.url).pathname;
const LANGS = LOCALES;
type Lang = (typeof LANGS)[number];

interface Avoid {
  form: string;
  pattern: string;
  why?: string;
}
interface Term {
  concept: string;
  en: string;
  es: string;
  fr: string;
  avoid?: Partial<Record<Lang, Avoid[]>>;
  note?: string;
}
const GLOSSARY_FILE = 'content/i18n/_glossary.json';
const glossary = JSON.parse(readFileSync(join(ROOT, GLOSSARY_FILE), 'utf8')) as { terms: Term[] };

/** A pattern as a whole word: no letter, digit or _ just before or after it (\b knows only ASCII). */
const wholeWord = (pattern: string) => new RegExp(`(?<![\\p{L}\\p{N}_])(?:${pattern})(?![\\p{L}\\p{N}_])`, 'giu');

interface Rule {
  term: Term;
  avoid: Avoid;
  regex: RegExp;
}
const rulesOf = (lang: Lang): Rule[] =>
  glossary.terms.flatMap((term) =>
    (term.avoid?.[lang] ?? []).map((avoid) => ({ term, avoid, regex: wholeWord(avoid.pattern) })),
  );
const RULES = Object.fromEntries(LANGS.map((lang) => [lang, rulesOf(lang)])) as Record<Lang, Rule[]>;

/**
 * Code in backquotes and URLs are the program's, not the language's: they are blanked out. A
 * placeholder reads as a number (`tras {{n}} piezas` as `tras 00000 piezas`), so that its name is no
 * word. Everything keeps its length, so that a match is reported in the text's own words.
 */
const maskCode = (text: string) =>
  text
    .replace(/`[^`]*`|\bhttps?:\/\/\S+/g, (code) => '#'.repeat(code.length))
    .replace(/\{\{\w+\}\}/g, (placeholder) => '0'.repeat(placeholder.length));
/** What a page's code or tag becomes: no word, and no phrase runs across it. */
const CODE = ' \u27ea\u27eb ';

/**
 * The forms to avoid that `text` contains, as "“found” → “term” (English term)": one per place, the
 * longest match (es «piezas de texto», not «piezas»); a form that several concepts avoid (es «trozo»:
 * the chunk's, the read's) names each one's term.
 */
function violations(text: string, lang: Lang): string[] {
  const masked = maskCode(text);
  const found = new Map<number, { words: string; terms: Term[] }>();
  for (const rule of RULES[lang]) {
    for (const m of masked.matchAll(rule.regex)) {
      const at = found.get(m.index);
      const words = text.slice(m.index, m.index + m[0].length);
      if (!at || words.length > at.words.length) found.set(m.index, { words, terms: [rule.term] });
      else if (words.length === at.words.length && !at.terms.includes(rule.term)) at.terms.push(rule.term);
    }
  }
  const english = (term: Term) => term.en.replace(/ \(“[^)]*\)/, ''); // read (“the body arrived…”): read
  // Where two matches overlap (es «tras 3 piezas», «piezas de texto»), only the first is reported.
  const out: string[] = [];
  let end = 0;
  for (const [at, { words, terms }] of [...found].sort(([a], [b]) => a - b)) {
    if (at < end) continue;
    end = at + words.length;
    out.push(`“${words}” → ${terms.map((t) => `“${t[lang]}” (${english(t)})`).join(' or ')}`);
  }
  return out;
}

/**
 * An MDX or Markdown page, line by line, with what is not prose blanked out: code blocks and code in
 * backquotes, imports, tags (but not a component's title="…"), JSX expressions, link targets, and
 * the frontmatter's keys that are not shown (the shown ones: title, description, label, tagline,
 * text). Program output is never in a page's text: ProgramOutput takes it from the golden file.
 */
function pageLines(source: string): string[] {
  const lines = source.split('\n');
  let inFence = false;
  let inFront = lines[0] === '---';
  return lines.map((line, i) => {
    if (inFront) {
      if (i > 0 && line === '---') inFront = false;
      return /^\s*(title|description|label|tagline|text):/.test(line) ? line : '';
    }
    if (/^\s*(```|~~~)/.test(line)) {
      inFence = !inFence;
      return '';
    }
    if (inFence || /^(import|export) /.test(line)) return '';
    return line
      .replace(/`[^`]*`/g, CODE)
      .replace(/<[^>]*>/g, (tag) => [...tag.matchAll(/\btitle="([^"]*)"/g)].map((m) => ` ${m[1]} `).join('') || CODE)
      .replace(/\{[^}]*\}/g, CODE)
      .replace(/\]\([^)]*\)/g, ']');
  });
}

/** Every string of a JSON value with its key path (`cases.writer.checks`, `hints[0]`). */
function jsonStrings(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((item, i) => jsonStrings(item, `${path}[${i}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => jsonStrings(item, path ? `${path}.${key}` : key));
  return [];
}

const rel = (file: string) => file.slice(ROOT.length);
const langOfPage = (file: string): Lang => (/\/docs\/(es|fr)\//.exec(file)?.[1] as Lang | undefined) ?? 'en';

function mdxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? mdxFiles(join(dir, entry.name)) : /\.mdx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
}

function checkPage(file: string, lang: Lang): string[] {
  return pageLines(readFileSync(file, 'utf8')).flatMap((line, i) =>
    violations(line, lang).map((v) => `${rel(file)}:${i + 1}: ${v}`),
  );
}

/** A text file's strings; a link to a section (a `lesson`) is a path, not prose. */
function checkTexts(file: string, lang: Lang): string[] {
  const data = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  return jsonStrings(data)
    .filter(([key, text]) => !/(^|\.)lesson$/.test(key) && !/^\/\S*$/.test(text))
    .flatMap(([key, text]) => violations(text, lang).map((v) => `${rel(file)} ${key}: ${v}`));
}

/** A comment table maps each English block to its lines: the lines are checked as one text. */
function checkComments(file: string, lang: Lang): string[] {
  const table = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>;
  return Object.entries(table).flatMap(([english, lines]) => {
    const key = english.length > 48 ? `“${english.slice(0, 48)}…”` : `“${english}”`;
    return violations(lines.join(' '), lang).map((v) => `${rel(file)} ${key}: ${v}`);
  });
}

const DOCS = join(ROOT, 'content/docs');
const EXERCISES = join(ROOT, 'lessons-code/exercises');
const exerciseDirs = EXERCISE_FOLDERS.map((id) => join(EXERCISES, id));

/** The table of TERMINOLOGY.md, made from the data. */
function glossaryTable(): string {
  const cell = (text: string) => text.replaceAll('|', '\\|');
  const forms = (list: Avoid[]) => list.map((a) => `*${a.form}*${a.why ? ` (${a.why})` : ''}`).join(', ');
  const notThis = (term: Term) => {
    const parts: string[] = [];
    const es = term.avoid?.es ? forms(term.avoid.es) : '';
    const fr = term.avoid?.fr ? forms(term.avoid.fr) : '';
    if (term.avoid?.en) parts.push(`en ${forms(term.avoid.en)}`);
    if (es && es === fr) parts.push(`es/fr ${es}`);
    else {
      if (es) parts.push(`es ${es}`);
      if (fr) parts.push(`fr ${fr}`);
    }
    if (term.note) parts.push(term.note);
    return parts.join('; ');
  };
  return [
    '| Concept | English | Español | Français | Not this |',
    '| --- | --- | --- | --- | --- |',
    ...glossary.terms.map((term) =>
      `| ${[term.concept, term.en, term.es, term.fr, notThis(term)].map(cell).join(' | ')} |`.replace(/ +\|$/, ' |'),
    ),
  ].join('\n');
}
const TERMINOLOGY = join(ROOT, 'content/i18n/TERMINOLOGY.md');
const START = '<!-- The table is made from content/i18n/_glossary.json: edit the data, not the table. -->';
const END = '<!-- End of the table made from content/i18n/_glossary.json. -->';

describe('the glossary’s data', () => {
  it('every concept has a term in each language, and forms to avoid with a pattern that compiles', () => {
    expect(glossary.terms.length).toBeGreaterThan(80);
    const problems: string[] = [];
    for (const term of glossary.terms) {
      for (const lang of LANGS) if (!term[lang]?.trim()) problems.push(`${term.concept}: no ${lang} term`);
      for (const [lang, list] of Object.entries(term.avoid ?? {})) {
        if (!LANGS.includes(lang as Lang)) problems.push(`${term.concept}: unknown language ${lang}`);
        for (const avoid of list ?? []) {
          if (!avoid.form || !avoid.pattern) problems.push(`${term.concept}: a form to avoid needs form and pattern`);
          try {
            wholeWord(avoid.pattern);
          } catch (error) {
            problems.push(`${term.concept}: ${lang} ${avoid.form}: ${(error as Error).message}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('no form to avoid matches a term of the glossary in its own language', () => {
    const clashes = LANGS.flatMap((lang) =>
      glossary.terms.flatMap((term) => violations(term[lang], lang).map((v) => `${lang} “${term[lang]}”: ${v}`)),
    );
    expect(clashes).toEqual([]);
  });

  it('finds inflections and whole words only, and leaves code and the right senses alone', () => {
    expect(violations('Una línea vacía despachó el evento.', 'es')).toHaveLength(1);
    expect(violations('El evento se despacha; lo despacharán.', 'es')).toHaveLength(2);
    expect(violations('Una Línea en blanco.', 'es')).toEqual(['“Línea en blanco” → “línea vacía” (blank line)']);
    expect(violations('El servidor de modelos y el host.', 'es')).toEqual([]);
    expect(violations('El método `despachar` y `el terminal`.', 'es')).toEqual([]);
    expect(violations('Dos necesidades tiran en direcciones opuestas; el lector lo tira.', 'es')).toHaveLength(1);
    expect(violations('Reintentar', 'es')).toHaveLength(1);
    expect(violations('ofrece reintentar después', 'es')).toEqual([]);
    expect(violations('Repinta el agregado.', 'es')).toEqual([]);
    expect(violations('un symbole', 'fr')).toEqual([]);
    expect(violations('le symbole ␊', 'fr')).toHaveLength(1);
    expect(violations('à la fin du flux, la fin de ligne', 'fr')).toEqual([]);
    expect(violations(`Fin\u00a0: complète`, 'fr')).toHaveLength(1);
    expect(violations('max_tokens et les tokens, {{tokens}} jetons', 'fr')).toHaveLength(1);
    expect(violations('detenida tras {{pieces}} piezas de texto', 'es')).toEqual([
      '“tras {{pieces}} piezas” → “fragmento (de texto)” (piece (of text))',
    ]);
    const trozo = violations('un trozo', 'es');
    expect(trozo).toHaveLength(1);
    expect(trozo[0]).toBe(
      '“trozo” → “fragmento” (chunk) or “lectura” (read) or “parte (de los argumentos)” (piece (of the arguments))',
    );
  });

  it('reads a page’s prose by its lines, without code, tags or link targets', () => {
    const page = [
      '---',
      'title: Un título',
      'slug: despachar',
      '---',
      "import X from './despachar.astro';",
      '```ts',
      'despachar();',
      '```',
      'Texto [enlace](/es/despachar/) y <Card title="Tarjeta" icon="despachar" /> {despachar}',
    ].join('\n');
    expect(pageLines(page)).toEqual([
      '',
      'title: Un título',
      '',
      '',
      '',
      '',
      '',
      '',
      `Texto [enlace] y  Tarjeta  ${CODE}`,
    ]);
  });
});

it('TERMINOLOGY.md shows the table made from _glossary.json', () => {
  const text = readFileSync(TERMINOLOGY, 'utf8');
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  expect(start, `${START} in TERMINOLOGY.md`).toBeGreaterThan(0);
  expect(end, `${END} in TERMINOLOGY.md`).toBeGreaterThan(start);
  const made = `${START}\n\n${glossaryTable()}\n\n`;
  const shown = text.slice(start, end);
  if (shown !== made && process.env.GLOSSARY_WRITE === '1') {
    writeFileSync(TERMINOLOGY, text.slice(0, start) + made + text.slice(end));
    return;
  }
  expect(
    shown,
    'content/i18n/TERMINOLOGY.md: the table differs from content/i18n/_glossary.json; rewrite it with ' +
      'GLOSSARY_WRITE=1 npx vitest run test/unit/content/glossary.test.ts',
  ).toBe(made);
});

for (const lang of LANGS) {
  describe(`${lang}: no form the glossary says to avoid`, () => {
    it('in the lesson pages', () => {
      const pages = mdxFiles(DOCS).filter((file) => langOfPage(file) === lang);
      expect(pages.length).toBeGreaterThan(0);
      expect(pages.flatMap((file) => checkPage(file, lang))).toEqual([]);
    });

    it('in the UI strings', () => {
      expect(checkTexts(join(ROOT, `content/i18n/${lang}.json`), lang)).toEqual([]);
    });

    it('in the exercises’ texts, comments and answers', () => {
      const found = exerciseDirs.flatMap((dir) => {
        const file = (name: string) => join(dir, name);
        return [
          ...(existsSync(file(`text.${lang}.json`)) ? checkTexts(file(`text.${lang}.json`), lang) : []),
          ...(existsSync(file(`comments.${lang}.json`)) ? checkComments(file(`comments.${lang}.json`), lang) : []),
          ...(existsSync(file(`answer.${lang}.md`)) ? checkPage(file(`answer.${lang}.md`), lang) : []),
        ];
      });
      expect(found).toEqual([]);
    });
  });
}
