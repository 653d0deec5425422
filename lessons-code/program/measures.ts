// The measures the program prints (the lesson's "lines of text", "line breaks" and verdicts), each
// in linear or n·log n time whatever the text: the demos run them on answers of a megabyte.

import { expectString } from '../core/arguments.ts';
import { containedIn } from '../core/substrings.ts';

/** Lines of text: LF-separated lines that are not blank once trimmed. */
export function countLines(text: string): number {
  expectString(text, 'countLines', 'text');
  let n = 0;
  for (const line of text.split('\n')) if (line.trim() !== '') n++;
  return n;
}

/** Line breaks: the number of LF characters. */
export function countBreaks(text: string): number {
  expectString(text, 'countBreaks', 'text');
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** Space, tab, LF, VT, FF, CR: what the walk in compare() steps over between two lines. */
const isBlank = (code: number): boolean => code === 32 || (code >= 9 && code <= 13);

/**
 * How the text a user got differs from the original: `exact`, what is missing, or `differs`.
 *
 * @example
 * ```ts
 * compare('a\nb\n', 'a\nb\n'); // 'exact'
 * compare('a\nb\n', 'ab\n'); // '1 line breaks missing'
 * ```
 */
export function compare(original: string, got: string): string {
  expectString(original, 'compare', 'original');
  expectString(got, 'compare', 'got');
  if (original === got) return 'exact';
  // A line of text is still there when `got` contains it. Most lines are where they were, give or
  // take whitespace: one walk through `got` finds them in order. The others are looked for all
  // together (core/substrings.ts), never by scanning `got` once per line, which would cost the
  // product of their number and its length on a long answer.
  let total = 0;
  const elsewhere: string[] = [];
  let at = 0;
  for (const raw of original.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    total++;
    while (at < got.length && isBlank(got.charCodeAt(at))) at++;
    if (got.startsWith(line, at)) at += line.length;
    else elsewhere.push(line);
  }
  const present = containedIn(got, elsewhere);
  const missing = elsewhere.filter((line) => !present.has(line)).length;
  const parts: string[] = [];
  if (missing > 0) parts.push(`${missing} of ${total} lines missing`);
  const lostBreaks = countBreaks(original) - countBreaks(got);
  if (lostBreaks > 0) parts.push(`${lostBreaks} line breaks missing`);
  return parts.length > 0 ? parts.join(', ') : 'differs';
}

/**
 * A string in double quotes with its backslashes, quotes, CRs and LFs escaped; the rest raw.
 *
 * @example
 * ```ts
 * show('a\nb "c"'); // '"a\\nb \\"c\\""'
 * ```
 */
export function show(text: string): string {
  expectString(text, 'show', 'text');
  return (
    '"' +
    text.replace(/[\\"\r\n]/g, (c) => (c === '\\' ? '\\\\' : c === '"' ? '\\"' : c === '\r' ? '\\r' : '\\n')) +
    '"'
  );
}
