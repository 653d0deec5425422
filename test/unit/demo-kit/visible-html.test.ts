// visibleHtml, the server's whitespace signs as HTML (a <pre set:html>): read back by an HTML parser,
// it is the text with its signs, each sign in its `.ws` span and a real line break after ␊, as
// appendVisible draws it in the browser; the text's own markup characters stay text.
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { visibleHtml } from '../../../src/demo-kit/kit-server.ts';
import { type SpaceSigns, visibleParts } from '../../../src/demo-kit/visible.ts';

const TEXTS = ['data: {"a":1}\r\n\r\n', "<b>&amp; it's</b>\tend\0", '\uFEFFtwo  spaces, one at the end ', ''];

function readBack(html: string) {
  const { document } = parseHTML(`<pre>${html}</pre>`);
  const pre = document.querySelector('pre')!;
  return {
    text: pre.textContent,
    elements: pre.children.length,
    signs: [...pre.querySelectorAll('span')].map((span) => [span.className, span.textContent]),
  };
}

describe('visibleHtml', () => {
  for (const spaces of [false, 'notable', true] as SpaceSigns[]) {
    it(`reads back as the text with its signs (spaces: ${spaces})`, () => {
      for (const text of TEXTS) {
        const parts = visibleParts(text, spaces);
        const signs = parts.flatMap((part) => ('text' in part ? [] : [part]));
        const read = readBack(visibleHtml(text, spaces));
        expect(read.text).toBe(
          parts.map((part) => ('text' in part ? part.text : part.sign + (part.lineFeed ? '\n' : ''))).join(''),
        );
        expect(read.elements).toBe(signs.length);
        expect(read.signs).toEqual(signs.map((part) => [part.space ? 'ws ws-space' : 'ws', part.sign]));
      }
    });
  }

  it('escapes the five characters Astro escapes in an expression', () => {
    expect(visibleHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
