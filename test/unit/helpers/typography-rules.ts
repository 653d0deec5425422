// The typography rules of content/i18n/TERMINOLOGY.md as functions, shared by the tests that check
// UI strings, lesson pages and exercise texts (typography.test.ts, exercises.test.ts).

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
 * The prose of an MDX page, as a reader sees it: frontmatter values that are shown (title,
 * description, labels), the text between tags, and the title attributes of components. Code (fenced
 * and inline), link targets, imports and JSX expressions are the program's characters, not French.
 */
export function mdxProse(source: string): string[] {
  const end = source.indexOf('\n---\n', 4);
  const front = source.slice(4, end);
  const parts = [...front.matchAll(/^\s*(?:title|description|label|tagline|text):\s*(.*)$/gm)].map((m) =>
    m[1]!.replace(/^(["'])(.*)\1$/, '$2'),
  );
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
