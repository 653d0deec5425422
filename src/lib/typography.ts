// The typography rules of content/i18n/TERMINOLOGY.md as functions: checkExercise applies them to an
// exercise's texts (src/exercise-engine/check-exercise.ts), test/unit/content/typography.test.ts to
// the UI strings and the lesson pages, and scripts/new-exercise.ts writes French with their spaces.

import type { Locale } from './locales.ts';

export const NBSP = '\u00a0'; // before : and inside « », between a number and its unit symbol
export const NNBSP = '\u202f'; // before ; ! ? (and allowed between a number and its unit symbol)

/** Unit symbols that follow a number: «2 s», «40 ms», «64 Kio», «50 %». */
const UNIT = '(?:ms|s|min|h|Kio|Mio|Gio|Ko|Mo|Go|KiB|MiB|kB|MB|%)';
/** A number (digits, not inside a word) or a placeholder, then no space or an ordinary one, then a unit symbol. */
const UNIT_WITHOUT_NO_BREAK_SPACE = new RegExp(
  `(?:(?<![\\p{L}\\d_])\\d+(?:[.,]\\d+)?|\\{\\{\\w+\\}\\}) ?${UNIT}(?![\\p{L}\\d])`,
  'gu',
);

/**
 * HTTP header fields that the strings quote as a header line (`Cache-Control: no-cache`,
 * `x-accel-buffering: yes`): HTTP allows no whitespace between a field's name and its colon
 * (RFC 9112, section 5.1), so the line is code and keeps its colon glued to the name. A header line
 * is the name, its colon, a space and one value (`no-cache`, `{{coding}}`) that no French word
 * follows: in «l’en-tête cache-control\u00a0: rien ne…» the colon is French punctuation.
 */
const HEADER_NAMES =
  '(?:cache-control|content-(?:type|encoding|length|location)|transfer-encoding|retry-after|set-cookie|cookie' +
  '|authorization|x-accel-[a-z]+|x-[a-z]+(?:-[a-z]+)+)';
const HEADER_VALUE = '[\\w{}/*=.-]*[\\w}](?![\\w{}/*=-]|[ \u00a0\u202f]\\p{L})';
const HEADER_LINE = new RegExp(`(?<![\\p{L}\\d-])${HEADER_NAMES}:(?= ${HEADER_VALUE})`, 'giu');
/** A header line with a space of any kind before its colon: not a header HTTP accepts. */
const HEADER_SPACED_COLON = new RegExp(`(?<![\\p{L}\\d-])${HEADER_NAMES}[ \u00a0\u202f]+:(?= ${HEADER_VALUE})`, 'giu');

/**
 * Hides what is code, not French: placeholders (as a digit: most hold a number), URLs, SSE field
 * names, HTTP header lines, [DONE].
 */
function maskCode(text: string): string {
  return text
    .replace(/\{\{\w+\}\}/g, '0')
    .replace(/\[[A-Z_]+\]/g, 'X') // [DONE], Pagefind's [SEARCH_TERM]
    .replace(/\bhttps?:\/\/\S+/g, 'X')
    .replace(/\b(?:data|event|id|retry):/g, 'X')
    .replace(HEADER_LINE, 'X');
}

/**
 * Every place where a French string breaks the rule, with a few characters of context. `units: false`
 * leaves out the rule for a number and its unit symbol.
 */
export function frenchTypographyProblems(text: string, { units = true } = {}): string[] {
  const problems: string[] = [];
  // A number and its unit symbol stay on one line: «2\u00a0s», «{{ms}}\u00a0ms», never «2 s» or «2s».
  if (units)
    for (const m of text.matchAll(UNIT_WITHOUT_NO_BREAK_SPACE))
      problems.push(`U+00A0 or U+202F expected between a number and its unit: “${m[0]}”`);
  for (const m of text.matchAll(HEADER_SPACED_COLON))
    problems.push(`no space between an HTTP header’s name and its colon: “${m[0]}”`);
  const s = maskCode(text);
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
    // A no-break space belongs before : ; ! ? », after «, and after a number (a digit, or a
    // placeholder, which maskCode turned into one): before its unit, or as «64\u202f000».
    if (
      (c === NBSP || c === NNBSP) &&
      !/[:;!?»]/.test(s[i + 1] ?? '') &&
      s[i - 1] !== '«' &&
      !/\d/.test(s[i - 1] ?? '')
    )
      at(i, 'stray no-break space');
  }
  return problems;
}

/**
 * Every place where a text of the course in `locale` breaks its typography: French as above; Spanish
 * quotes with «…» and no space inside, no “…”, ' or the key name Enter (Intro); English with curly
 * quotes and ’. What is between backquotes is code and is left alone.
 */
export function typographyProblems(text: string, locale: Locale): string[] {
  const prose = text.replace(/`[^`]*`/g, 'X');
  if (locale === 'fr') return frenchTypographyProblems(prose);
  const problems: string[] = [];
  if (locale === 'es') {
    if (/«\s|\s»/.test(prose)) problems.push('no space inside « »');
    if (/[“”]/.test(prose)) problems.push('«…», not “…”');
    if (prose.includes("'")) problems.push('typographic apostrophe ’ expected');
    if (/\bEnter\b/.test(prose)) problems.push('the key is Intro in Spanish');
  } else {
    if (prose.includes("'")) problems.push('typographic apostrophe ’ expected');
    if (/(^|\s)"|"(\s|$)/.test(prose)) problems.push('curly quotes “…” expected');
  }
  return problems;
}
