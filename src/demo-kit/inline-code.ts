// Code quoted inside a sentence (an exercise's `backquoted` text: a case, a hint, a diagnosis, a
// note) with its whitespace kept and shown as the values of the results show it: a line break,
// a CR or a tab as its sign, and every space that a reader could miss or that HTML would collapse
// as ␣ (two or more in a row, or one at the start or the end of the code, or next to a line break).
// A single space between two words stays a space. The same parts serve the server (Exercise.astro,
// as HTML) and the browser (with-code.ts, as nodes); the signs are visible.ts's.

import { visibleParts, type VisiblePart } from './visible.ts';

/** Whether the space at `at` in `code` gets its sign. */
function shownSpace(code: string, at: number): boolean {
  const before = code[at - 1];
  const after = code[at + 1];
  return (
    before === undefined ||
    after === undefined ||
    before === ' ' ||
    after === ' ' ||
    /[\r\n\t]/.test(before) ||
    /[\r\n\t]/.test(after)
  );
}

/** `code` as plain runs and signs, in order (each sign stands for one character of `code`). */
function inlineCodeParts(code: string): VisiblePart[] {
  const out: VisiblePart[] = [];
  const text = (run: string) => {
    const last = out[out.length - 1];
    if (last && 'text' in last) last.text += run;
    else out.push({ text: run });
  };
  let at = 0;
  for (const part of visibleParts(code, true)) {
    if ('text' in part) {
      text(part.text);
      at += part.text.length;
      continue;
    }
    if (part.space && !shownSpace(code, at)) text(' ');
    else out.push(part);
    at += 1;
  }
  return out;
}

/** The same as one string, the signs in place (no line break after ␊): what the learner reads. */
export const inlineCodeText = (code: string): string =>
  inlineCodeParts(code)
    .map((part) => ('text' in part ? part.text : part.sign))
    .join('');

/** A text whose `backquoted` parts are code, as the learner reads it (the backquotes are not shown). */
export const withCodeText = (text: string): string =>
  text
    .split('`')
    .map((part, i) => (i % 2 === 1 ? inlineCodeText(part) : part))
    .join('');

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  "'": '&#39;',
  '"': '&quot;',
};
const escapeHtml = (text: string) => text.replace(/[&<>'"]/g, (c) => ENTITIES[c]!);

/** The inside of a `<code set:html>` for `code`: the text escaped, each sign in its `.ws` span. */
export const inlineCodeHtml = (code: string): string =>
  inlineCodeParts(code)
    .map((part) =>
      'text' in part
        ? escapeHtml(part.text)
        : `<span class="${part.space ? 'ws ws-space' : 'ws'}">${escapeHtml(part.sign)}</span>`,
    )
    .join('');

/** Appends `code` to `parent` (a <code> element) with its signs, as nodes (never parsed as HTML). */
export function appendInlineCode(parent: Node, code: string): void {
  const document = parent.ownerDocument!;
  for (const part of inlineCodeParts(code)) {
    if ('text' in part) {
      parent.appendChild(document.createTextNode(part.text));
      continue;
    }
    const mark = document.createElement('span');
    mark.className = part.space ? 'ws ws-space' : 'ws';
    mark.textContent = part.sign;
    parent.appendChild(mark);
  }
}
