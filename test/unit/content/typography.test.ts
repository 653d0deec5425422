// Typography of the UI strings, as content/i18n/TERMINOLOGY.md states it. A French reader notices a
// colon glued to its word, or a « » line break that leaves a guillemet alone at the start of a line;
// a Spanish reader notices “English quotes”. The exact characters are checked, so that strings added
// later by anyone follow the same rule.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { frenchTypographyProblems, NBSP, NNBSP } from '../../../src/lib/typography.ts';
import { mdxProse } from '../helpers/typography-rules.ts';

const read = (locale: string) =>
  JSON.parse(readFileSync(new URL(`../../../content/i18n/${locale}.json`, import.meta.url), 'utf8')) as Record<
    string,
    string
  >;

function mdxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? mdxFiles(join(dir, entry.name)) : entry.name.endsWith('.mdx') ? [join(dir, entry.name)] : [],
  );
}
const docs = new URL('../../../content/docs/', import.meta.url).pathname;

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

  it('leaves an HTTP header line as HTTP writes it, its colon glued to the name, and French prose around it', () => {
    expect(frenchTypographyProblems('Ils envoient Cache-Control: no-cache.')).toEqual([]);
    expect(frenchTypographyProblems(`La réponse dit x-accel-buffering: yes${NNBSP}; voilà.`)).toEqual([]);
    expect(frenchTypographyProblems('(content-encoding: {{coding}})')).toEqual([]);
    // a space before the header's colon makes an invalid header line, whatever the space
    expect(frenchTypographyProblems(`Ils envoient Cache-Control${NBSP}: no-cache.`)).toHaveLength(1);
    expect(frenchTypographyProblems('La réponse dit x-accel-buffering : yes.')).toContainEqual(
      expect.stringContaining('HTTP header'),
    );
    // the exemption is for header lines only: French words, and a header name with nothing after it
    expect(frenchTypographyProblems('Voir ci-dessous: la suite')).toHaveLength(1);
    expect(frenchTypographyProblems('l’en-tête cache-control:')).toHaveLength(1);
    // after a header's name, a colon that French words follow is French punctuation
    expect(frenchTypographyProblems(`pas d’en-tête cache-control${NBSP}: rien ne l’empêche`)).toEqual([]);
    expect(frenchTypographyProblems('pas d’en-tête cache-control: rien ne l’empêche')).toHaveLength(1);
  });

  it('keeps a number and its unit symbol together with a no-break space, after a digit or a placeholder', () => {
    expect(
      frenchTypographyProblems(`arrêté au bout de 2${NBSP}s, +{{ms}}${NBSP}ms, 64${NNBSP}Kio, 50${NNBSP}%`),
    ).toEqual([]);
    expect(frenchTypographyProblems('arrêté au bout de 2 s')).toHaveLength(1);
    expect(frenchTypographyProblems('+{{ms}} ms')).toHaveLength(1);
    expect(frenchTypographyProblems('64Kio, 40ms')).toHaveLength(2);
    expect(frenchTypographyProblems(`les 3 sources, {{count}} octets, H2 s’arrête`)).toEqual([]);
    // a no-break space after a placeholder is a number's, not a stray one
    expect(frenchTypographyProblems(`{{n}}${NNBSP}000 octets`)).toEqual([]);
    expect(frenchTypographyProblems(`un${NBSP}mot`)).toHaveLength(1);
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
  it('fr: no-break spaces before : ; ? ! inside « » and before a unit symbol, one apostrophe (’)', () => {
    const problems = Object.entries(read('fr')).flatMap(([key, text]) =>
      frenchTypographyProblems(text).map((p) => `${key}: ${p}`),
    );
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
