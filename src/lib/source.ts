// Pieces of lessons-code/ files, cut out of the real source (imported with ?raw) for display, and the
// files that also get a page of their own ("the whole file", one click from each excerpt).

import { withBase } from './base.ts';

/** A run of lines of a file, 1-based and inclusive. */
export interface LineRange {
  from: number;
  to: number;
}

/** The files a lesson page shows, each with a page of its own at /source/<path without .ts>/. */
export const SHOWN_FILES = [
  'standard/parser.ts',
  'ga/writers.ts',
  'ga/chunkers.ts',
  // 06c: a provider's parser, and the three recordings the page links to
  'providers/anthropic.ts',
  'providers/recordings/openai-responses.ts',
  'providers/recordings/anthropic-messages.ts',
  'providers/recordings/gemini-stream.ts',
  // 06d: the harnesses and the round reader
  'rounds/harnesses.ts',
  'rounds/round-reader.ts',
] as const;

/** The address of a file's own page, under the site's base and the locale's prefix ('' for English, '/es', '/fr'). */
export function sourcePageUrl(file: string, localePrefix: string): string {
  return withBase(`${localePrefix}/source/${file.replace(/\.ts$/, '')}/`);
}

/** Region markers are for the file's readers and the page's cutting, not for the listing itself. */
export const isRegionMarker = (line: string) => /^\s*\/\/ #(end)?region\b/.test(line);

const isComment = (line: string) => /^\s*(\/\/|\/\*\*|\*)/.test(line) && !isRegionMarker(line);

/**
 * The lines of a declaration with the comment lines right above it. `name` is a top-level
 * function, const or class (`writeGaApiEvent`), or a member of a top-level class
 * (`StandardParser.processLine`).
 */
export function declarationRange(source: string, name: string): LineRange {
  const lines = source.split('\n');
  const [owner, member] = name.includes('.') ? name.split('.', 2) : [name, undefined];
  let start = lines.findIndex((line) =>
    new RegExp(`^export (async function\\*? |function |const |class )${owner}\\b`).test(line),
  );
  if (start < 0) throw new Error(`declarationRange: ${owner} is not declared at the top level`);
  let indent = '';
  if (member !== undefined) {
    const classEnd = lines.findIndex((line, i) => i > start && /^}/.test(line));
    const at = lines.findIndex(
      (line, i) =>
        i > start &&
        i < classEnd &&
        new RegExp(`^  (?:(?:private|public|protected|static|readonly|async) )*${member}\\b`).test(line),
    );
    if (at < 0) throw new Error(`declarationRange: ${owner} has no member ${member}`);
    start = at;
    indent = '  ';
  }
  let first = start;
  while (first > 0 && isComment(lines[first - 1]!)) first--;
  let last = start;
  if (!/;\s*$/.test(lines[start]!) || lines[start]!.trimEnd().endsWith('{')) {
    last = lines.findIndex((line, i) => i > start && new RegExp(`^${indent}[}\\]]`).test(line));
    if (last < 0) throw new Error(`declarationRange: the end of ${name} was not found`);
  }
  return { from: first + 1, to: last + 1 };
}

/**
 * The lines between `// #region name` and `// #endregion` (the markers themselves left out), the
 * convention VS Code folds on.
 */
export function regionRange(source: string, name: string): LineRange {
  const lines = source.split('\n');
  const open = lines.findIndex((line) => new RegExp(`^\\s*// #region ${name}\\b`).test(line));
  if (open < 0) throw new Error(`regionRange: no "// #region ${name}"`);
  const close = lines.findIndex((line, i) => i > open && /^\s*\/\/ #endregion\b/.test(line));
  if (close < 0) throw new Error(`regionRange: "// #region ${name}" is never closed`);
  return { from: open + 2, to: close };
}

/** `"98-160"` → { from: 98, to: 160 }, checked against the file's length. */
export function parseRange(text: string, lineCount: number): LineRange {
  const m = /^(\d+)-(\d+)$/.exec(text.trim());
  if (!m) throw new Error(`parseRange: "${text}" is not of the form 98-160`);
  const range = { from: Number(m[1]), to: Number(m[2]) };
  if (range.from < 1 || range.to < range.from || range.to > lineCount)
    throw new Error(`parseRange: ${text} is outside 1-${lineCount}`);
  return range;
}

/** The declaration of `name` with the comment lines right above it, as text. */
export function declarationOf(source: string, name: string): string {
  const { from, to } = declarationRange(source, name);
  return source
    .split('\n')
    .slice(from - 1, to)
    .join('\n');
}
