// Typography of the UI strings, as content/i18n/TERMINOLOGY.md states it. A French reader notices a
// colon glued to its word, or a « » line break that leaves a guillemet alone at the start of a line;
// a Spanish reader notices “English quotes”. The exact characters are checked, so that strings added
// later by anyone follow the same rule.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const NBSP = '\u00a0'; // before : and inside « »
const NNBSP = '\u202f'; // before ; ! ?

const read = (locale: string) =>
  JSON.parse(readFileSync(new URL(`../../content/i18n/${locale}.json`, import.meta.url), 'utf8')) as Record<string, string>;

/** Hides what is code, not French: placeholders, URLs, SSE field names, key names like Ctrl+K. */
export function maskCode(text: string): string {
  return text
    .replace(/\{\{\w+\}\}/g, 'X')
    .replace(/\[[A-Z_]+\]/g, 'X') // [DONE], Pagefind's [SEARCH_TERM]
    .replace(/\bhttps?:\/\/\S+/g, 'X')
    .replace(/\b(?:data|event|id|retry):/g, 'X');
}

/** Every place where a French string breaks the rule, with a few characters of context. */
export function frenchTypographyProblems(text: string): string[] {
  const s = maskCode(text);
  const problems: string[] = [];
  const at = (i: number, what: string) => problems.push(`${what}: “${s.slice(Math.max(0, i - 12), i + 3)}”`);
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    const before = s[i - 1];
    if (c === ':' && before !== NBSP) at(i, 'U+00A0 expected before “:”');
    if ((c === ';' || c === '!' || c === '?') && before !== NNBSP && before !== '!' && before !== '?')
      at(i, `U+202F expected before “${c}”`);
    if (c === '«' && s[i + 1] !== NBSP) at(i, 'U+00A0 expected after “«”');
    if (c === '»' && before !== NBSP) at(i, 'U+00A0 expected before “»”');
    if (c === "'") at(i, 'typographic apostrophe ’ expected');
    if ((c === NBSP || c === NNBSP) && !/[:;!?»]/.test(s[i + 1] ?? '') && s[i - 1] !== '«' && !/\d/.test(s[i - 1] ?? ''))
      at(i, 'stray no-break space');
  }
  return problems;
}

/**
 * The prose of an MDX page, as a reader sees it: frontmatter values that are shown (title,
 * description, labels), the text between tags, and the title attributes of components. Code (fenced
 * and inline), link targets, imports and JSX expressions are the program's characters, not French.
 */
export function mdxProse(source: string): string[] {
  const end = source.indexOf('\n---\n', 4);
  const front = source.slice(4, end);
  const parts = [...front.matchAll(/^\s*(?:title|description|label|tagline|text):\s*(.*)$/gm)].map((m) => m[1]!.replace(/^(["'])(.*)\1$/, '$2'));
  const body = source.slice(end + 5);
  for (const m of body.matchAll(/<[A-Z][^>\n]*\btitle="([^"]*)"/g)) parts.push(m[1]!);
  parts.push(
    body
      .replace(/```[\s\S]*?```/g, ' ')
      .replace(/`[^`\n]*`/g, 'X')
      .replace(/<[^>\n]*>/g, 'X')
      .replace(/\]\([^)\n]*\)/g, ']')
      .replace(/^import .*$/gm, '')
      .replace(/\{[^}\n]*\}/g, 'X'),
  );
  return parts;
}

function mdxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? mdxFiles(join(dir, entry.name)) : entry.name.endsWith('.mdx') ? [join(dir, entry.name)] : [],
  );
}
const docs = new URL('../../content/docs/', import.meta.url).pathname;

describe('French typography rule (checker)', () => {
  it('accepts the rule and rejects ordinary or missing spaces', () => {
    expect(frenchTypographyProblems(`Erreur${NBSP}: «${NBSP}data: x${NBSP}» ; ok`)).toHaveLength(1);
    expect(frenchTypographyProblems(`Prêt${NNBSP}? Oui${NNBSP}! L’hôte${NBSP}: {{n}}${NNBSP};`)).toEqual([]);
    expect(frenchTypographyProblems('Erreur : x')).toHaveLength(1);
    expect(frenchTypographyProblems('Erreur: x')).toHaveLength(1);
    expect(frenchTypographyProblems(`« mot »`)).toHaveLength(2);
    expect(frenchTypographyProblems("l'hôte")).toHaveLength(1);
    expect(frenchTypographyProblems('voir https://example.org/a?b=c et le champ data: ici')).toEqual([]);
  });
});

describe('the French pages follow the same rule', () => {
  for (const file of mdxFiles(join(docs, 'fr'))) {
    it(file.slice(docs.length), () => {
      const problems = mdxProse(readFileSync(file, 'utf8')).flatMap((text) => frenchTypographyProblems(text));
      expect(problems).toEqual([]);
    });
  }
});

describe('the Spanish pages quote with «…»', () => {
  for (const file of mdxFiles(join(docs, 'es'))) {
    it(file.slice(docs.length), () => {
      const prose = mdxProse(readFileSync(file, 'utf8')).join('\n');
      expect(prose.match(/.{0,20}[“”"].{0,20}/g) ?? []).toEqual([]);
      expect(prose.match(/«\s|\s»/g) ?? []).toEqual([]);
    });
  }
});

describe('UI strings follow the typography of their language', () => {
  it('fr: no-break spaces before : ; ? ! and inside « », one apostrophe (’)', () => {
    const problems = Object.entries(read('fr')).flatMap(([key, text]) => frenchTypographyProblems(text).map((p) => `${key}: ${p}`));
    expect(problems).toEqual([]);
  });

  it('es: «…» with no space inside, no “…” outside them, no straight apostrophe', () => {
    const problems: string[] = [];
    for (const [key, text] of Object.entries(read('es'))) {
      if (/«\s|\s»/.test(text)) problems.push(`${key}: space inside « »`);
      if (/[“”]/.test(text) && !/«[^»]*[“”][^»]*»/.test(text)) problems.push(`${key}: “…” outside « »`);
      if (text.includes("'")) problems.push(`${key}: straight apostrophe`);
      if (/\bEnter\b/.test(text)) problems.push(`${key}: the key is “Intro” in Spanish`);
    }
    expect(problems).toEqual([]);
  });

  it('en: curly quotes and the typographic apostrophe', () => {
    const problems = Object.entries(read('en'))
      .filter(([, text]) => text.includes("'") || /(^|\s)"|"(\s|$)/.test(text))
      .map(([key]) => key);
    expect(problems).toEqual([]);
  });
});
