// The typography rules of content/i18n/TERMINOLOGY.md as functions, shared by the tests that check
// UI strings, lesson pages and exercise texts (typography.test.ts, exercises.test.ts).

export const NBSP = '\u00a0'; // before : and inside « »
export const NNBSP = '\u202f'; // before ; ! ?

/** Hides what is code, not French: placeholders, URLs, SSE field names, key names like Ctrl+K. */
function maskCode(text: string): string {
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
