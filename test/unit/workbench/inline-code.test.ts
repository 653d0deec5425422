// Code quoted in an exercise's sentences (a case, a hint, a diagnosis, a note) as the learner reads
// it (src/demo-kit/inline-code.ts, drawn by Exercise.astro on the server and with-code.ts in the
// page): its spaces kept, the ones a reader could miss shown as ␣, line breaks as their signs, as
// the values of the results show them; never parsed as HTML.

import { parseHTML } from 'linkedom';
import { beforeAll, describe, expect, it } from 'vitest';
import { inlineCodeHtml, inlineCodeText, withCodeText } from '../../../src/demo-kit/inline-code.ts';
import { exerciseText } from '../../../src/exercise-engine/registry.ts';
import { LOCALES } from '../../../src/exercise-engine/types.ts';

let withCode: typeof import('../../../src/demo-kit/with-code.ts').withCode;
let document: Document;
beforeAll(async () => {
  document = parseHTML('<!doctype html><html><body></body></html>').document as unknown as Document;
  (globalThis as { document?: unknown }).document = document;
  ({ withCode } = await import('../../../src/demo-kit/with-code.ts'));
});

describe('inline code', () => {
  it('keeps every space, and shows as ␣ those two in a row or at either end', () => {
    expect(inlineCodeText('data:  b')).toBe('data:␣␣b');
    expect(inlineCodeText(' b')).toBe('␣b');
    expect(inlineCodeText('e.g. ')).toBe('e.g.␣');
    expect(inlineCodeText('a   b')).toBe('a␣␣␣b');
    expect(inlineCodeText(' ')).toBe('␣');
  });

  it('a single space between words stays a space; escapes written in code notation stay as written', () => {
    expect(inlineCodeText('{ answer, routing }')).toBe('{ answer, routing }');
    expect(inlineCodeText('"data: " + line + "\\n"')).toBe('"data: " + line + "\\n"');
  });

  it('a real line break, CR or tab shows its sign, and a space next to one shows too', () => {
    expect(inlineCodeText('a\r\nb')).toBe('a␍␊b');
    expect(inlineCodeText('a \nb\tc')).toBe('a␣␊b␉c');
  });

  it('as HTML for the server: the signs in their spans, the text escaped', () => {
    const html = inlineCodeHtml('<b>  & </b>');
    expect(html).toBe('&lt;b&gt;<span class="ws ws-space">␣</span><span class="ws ws-space">␣</span>&amp; &lt;/b&gt;');
    const code = parseHTML(`<code>${html}</code>`).document.querySelector('code')!;
    expect(code.textContent).toBe(inlineCodeText('<b>  & </b>'));
    expect(code.querySelectorAll('b')).toHaveLength(0);
  });

  it('in the page (with-code.ts): the same text, each sign in a .ws span', () => {
    const p = withCode(document.createElement('p'), 'so `data:  b` gives `b`, and ` b` keeps its space');
    expect(p.textContent).toBe('so data:␣␣b gives b, and ␣b keeps its space');
    expect([...p.querySelectorAll('code')].map((code) => code.textContent)).toEqual(['data:␣␣b', 'b', '␣b']);
    expect(p.querySelectorAll('code .ws-space')).toHaveLength(3);
  });

  it('fix-746’s diagnosis of a reader that strips every space reads as it means, in each language', () => {
    for (const locale of LOCALES) {
      const shown = withCodeText(exerciseText('fix-746', locale)!.diagnoses!['reader-strips-spaces']!.text);
      expect(shown, locale).toContain('data:␣␣b');
      expect(shown, locale).toContain('␣b');
      expect(shown, locale).not.toContain('data:  b');
    }
  });
});
