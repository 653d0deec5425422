// Text cut into plain runs and signs for its invisible characters, for the server (visibleHtml in
// src/demo-kit/kit-server.ts) and the browser (src/demo-kit/visible-render.ts) alike. The signs are
// drawn by the site's own font (public/fonts/ga-whitespace.otf, built by scripts/whitespace-font.ts),
// so they never show as empty boxes: LF ␊, CR ␍, tab ␉, NUL ␀, a BOM [BOM], and the spaces that
// matter ␣.

const SIGNS: Readonly<Record<string, string>> = {
  '\r': '␍',
  '\n': '␊',
  '\t': '␉',
  '\0': '␀',
  '\uFEFF': '[BOM]',
  ' ': '␣',
};

/** Which spaces get a sign: none, the notable ones (at a line's end, or two in a row), or all. */
export type SpaceSigns = boolean | 'notable';

export type VisiblePart = { text: string } | { sign: string; space: boolean; lineFeed: boolean };

/** Whether the space at `at` is notable: it ends a line or the text, or it is next to another space. */
function notableSpace(text: string, at: number): boolean {
  const next = text[at + 1];
  return next === undefined || next === ' ' || next === '\n' || next === '\r' || text[at - 1] === ' ';
}

/** `text` as plain runs and signs, in order. */
export function visibleParts(text: string, spaces: SpaceSigns = false): VisiblePart[] {
  const parts: VisiblePart[] = [];
  const pattern = spaces ? /[\r\n\t\0\uFEFF ]/g : /[\r\n\t\0\uFEFF]/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const at = match.index;
    const c = match[0];
    if (c === ' ' && spaces === 'notable' && !notableSpace(text, at)) continue;
    if (at > last) parts.push({ text: text.slice(last, at) });
    parts.push({ sign: SIGNS[c]!, space: c === ' ', lineFeed: c === '\n' });
    last = at + 1;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** The same signs in a plain string (no line breaks added), for labels and tests. */
export function visible(text: string): string {
  return text.replace(/[\r\n\t\0\uFEFF]/g, (c) => SIGNS[c]!);
}
