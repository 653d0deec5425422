// The exercise workbenches in the built pages, before any script runs: a prediction's expected
// values are nowhere in the page (not in its text, not in the workbench's template, not in an
// attribute) until the learner commits a prediction or asks for the answer; every workbench lists
// its cases in the page's language; each stays small (its first view ≤ 30 elements, the rest in
// a <template> put in place when it loads); and exercises 2–4 keep the lesson's answer in prose
// inside their one solution disclosure, collapsed, before the reference code.

import { readFileSync } from 'node:fs';
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { withCodeText } from '../../src/demo-kit/inline-code.ts';
import { exerciseDefinition, exerciseText } from '../../src/exercise-engine/registry.ts';
import { showValue } from '../../src/exercise-engine/values.ts';
import { uiStrings } from '../ui-strings.ts';
import { LOCALES, fileOf, page, pagePath } from './site.ts';

const IDS = ['predict', 'fix-746', 'error-ends-stream', 'chunks-as-units'];

/** Every way the page could carry a prediction's expected value: code notation, with HTML's escapes. */
function forms(value: unknown): string[] {
  const shown = [showValue(value)];
  if (Array.isArray(value)) for (const item of value) shown.push(showValue(item));
  const escaped = shown.map((text) => text.replaceAll('"', '&quot;'));
  return [...shown, ...escaped, ...shown.map((text) => text.replaceAll('"', "'"))];
}

describe.each(LOCALES)('the lesson’s exercises ($code)', (locale) => {
  const path = pagePath(locale, 'lesson');
  const html = readFileSync(fileOf(path), 'utf8');

  it('exercise 1’s expected values are not in the page before a prediction is committed', () => {
    const prediction = exerciseDefinition('predict')!;
    expect(prediction.kind).toBe('prediction');
    // Exactly the values that would give the answer away (single letters or words elsewhere on the page are not).
    const wanted = prediction.cases
      .flatMap((c) => forms(c.expected))
      .filter((text) => text.length > 3 && text !== '"neither"' && text !== "'neither'");
    expect(wanted).toContain('["a\\nb"]');
    for (const text of new Set(wanted)) expect(html.includes(text), text).toBe(false);
    // The escaped line feed of the first writer's result is nowhere at all.
    expect(html.includes('a\\nb')).toBe(false);
  });

  it('each workbench lists its cases, by name, in the page’s language; its first view is small', () => {
    const document = page(path);
    for (const id of IDS) {
      const section = document.querySelector(`#exercise-${id}`)!;
      expect(section, id).not.toBeNull();
      const text = exerciseText(id, locale.code)!;
      const template = section.querySelector('template[data-workbench]')!;
      // The template's markup as text (the parser does not expand entities inside a <template>).
      const listed = template.innerHTML
        .replace(/<[^>]+>/g, '')
        .replaceAll('&#160;', '\u00a0')
        .replaceAll('&quot;', '"')
        .replaceAll('&amp;', '&');
      for (const c of exerciseDefinition(id)!.cases) {
        const { name, checks } = text.cases[c.id]!;
        // As the learner reads them: inline code with its notable spaces shown as ␣.
        expect(listed, `${id}/${c.id}`).toContain(withCodeText(name));
        expect(listed, `${id}/${c.id}`).toContain(withCodeText(checks));
      }
      const firstView = [...section.querySelectorAll('*')].filter((el) => !el.closest('template'));
      expect(firstView.length, id).toBeLessThanOrEqual(30);
    }
  });

  it(
    'exercises 2–4: the lesson’s answer and the reference code in one collapsed ' +
      'disclosure, with the answer’s links',
    () => {
      const document = page(path);
      const mdx = readFileSync(
        new URL(
          `../../content/docs/${locale.prefix ? locale.code + '/' : ''}ga-ai/06-answer-on-the-wire.mdx`,
          import.meta.url,
        ),
        'utf8',
      );
      for (const id of ['fix-746', 'error-ends-stream', 'chunks-as-units']) {
        const template = document.querySelector(`#exercise-${id} template[data-workbench]`)!;
        const parts = parseHTML(`<!doctype html><html><body>${template.innerHTML}</body></html>`).document;
        const disclosures = parts.querySelectorAll('details');
        expect(disclosures, id).toHaveLength(1);
        const [solution] = disclosures;
        expect(solution!.hasAttribute('open'), id).toBe(false);
        expect(solution!.querySelector('summary')?.textContent).toBe(
          uiStrings(locale.code)['course.exercise.solution'],
        );
        // The answer first, block by block (paragraphs, a list) as the lesson's source has it, then the code.
        const answer = solution!.querySelector('[data-answer]')!;
        const source = new RegExp(`<Exercise id="${id}">\\n([\\s\\S]*?)\\n</Exercise>`).exec(mdx)?.[1] ?? '';
        const blocks = source.trim().split(/\n\n+/);
        expect(blocks.length, id).toBeGreaterThan(1);
        expect(
          [...answer.children].map((block) => block.tagName.toLowerCase()),
          id,
        ).toEqual(blocks.map((block) => (block.startsWith('- ') ? 'ul' : 'p')));
        const code = solution!.querySelector('[data-reference-code]')!;
        expect(answer.compareDocumentPosition(code) & 4, id).toBe(4); // DOCUMENT_POSITION_FOLLOWING
        // The answer's links, as the lesson's source writes them.
        const links = [...source.matchAll(/\]\((https:[^)]+)\)/g)].map((m) => m[1]);
        expect(
          [...answer.querySelectorAll('a')].map((a) => a.getAttribute('href')),
          id,
        ).toEqual(links);
      }
      // A prediction's answer is its own (answer.<locale>.md, after a prediction), never in the page.
      expect(document.querySelector('#exercise-predict template[data-workbench]')!.innerHTML).not.toContain('<details');
    },
  );
});
