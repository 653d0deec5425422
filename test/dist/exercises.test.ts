// The exercise workbenches in the built pages, before any script runs: a prediction's expected
// values are nowhere in the page (not in its text, not in the workbench's template, not in an
// attribute) until the learner commits a prediction or asks for the answer; every workbench lists
// its cases in the page's language; and each stays small (its first view ≤ 30 elements, the rest in
// a <template> put in place when it loads).

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exerciseDefinition, exerciseText } from '../../src/exercise-engine/registry.ts';
import { showValue } from '../../src/exercise-engine/values.ts';
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
    const wanted = prediction.cases.flatMap((c) => forms(c.expected)).filter((text) => text.length > 3 && text !== '"neither"' && text !== "'neither'");
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
      const listed = template.innerHTML.replace(/<[^>]+>/g, '').replaceAll('&#160;', '\u00a0').replaceAll('&quot;', '"').replaceAll('&amp;', '&');
      for (const c of exerciseDefinition(id)!.cases) {
        const { name, checks } = text.cases[c.id]!;
        expect(listed, `${id}/${c.id}`).toContain(name.replaceAll('`', ''));
        expect(listed, `${id}/${c.id}`).toContain(checks.replaceAll('`', ''));
      }
      const firstView = [...section.querySelectorAll('*')].filter((el) => !el.closest('template'));
      expect(firstView.length, id).toBeLessThanOrEqual(30);
    }
  });
});
