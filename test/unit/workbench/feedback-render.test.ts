// What a failing case shows, as the learner reads it (src/workbench/feedback-render.ts and
// exercise-render.ts, drawn in linkedom's document): a field only one side has is said to be missing
// on the side that lacks it, never on the side that has it; two unrelated values are each one mark.

import { parseHTML } from 'linkedom';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Translate } from '../../../src/demo-kit/kit-client.ts';
import en from '../../../content/i18n/en.json' with { type: 'json' };

const strings = en as Record<string, string>;
/** The workbench's `t`: its keys are the i18n keys after `course.exercise.`. */
const t: Translate = (key, vars) =>
  (strings[`course.exercise.${key}`] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars?.[name] ?? ''));

let render: typeof import('../../../src/workbench/feedback-render.ts');

beforeAll(async () => {
  const { document } = parseHTML('<!doctype html><html><body></body></html>');
  (globalThis as { document?: unknown }).document = document;
  render = await import('../../../src/workbench/feedback-render.ts');
});

const LABELS = { expected: 'Expected', actual: 'Your code gave' };

/** The text each side's box shows for the field labelled `label`. */
function sidesOf(nodes: HTMLElement[], label: string): { expected: string; actual: string } {
  const list = nodes.find((node) => node.tagName === 'DL')!;
  const dt = [...list.querySelectorAll('dt')].find((node) => node.textContent!.includes(label))!;
  const dd = dt.nextElementSibling!;
  const text = (selector: string) => dd.querySelector(selector)!.textContent!.replace(/^(Expected|Your code gave)/, '');
  return { expected: text('.exercise-expected'), actual: text('.exercise-actual') };
}

describe('fields one side lacks', () => {
  // As growing-text's each-part case shows a relay that went wrong: the learner's value has two
  // fields more than the expected one, which the expected value does not have.
  const expected = {
    kind: 'fields' as const,
    fields: [
      { label: 'Parts your relay passed on', text: '3' },
      { label: 'First part that is not the new text', text: 'none' },
    ],
  };
  const actual = {
    kind: 'fields' as const,
    fields: [
      { label: 'Parts your relay passed on', text: '3' },
      { label: 'First part that is not the new text', text: '2' },
      { label: 'What your relay passed on there', text: '"abc"' },
    ],
  };

  it('a field only the learner’s value has: present on their side, "no such field" on the expected side', () => {
    const sides = sidesOf(render.comparedFields(expected, actual, LABELS, t), 'What your relay passed on there');
    expect(sides.actual).toBe('"abc"');
    expect(sides.expected).toBe(strings['course.exercise.diff.fieldNotExpected']);
    expect(sides.expected).not.toBe(strings['course.exercise.diff.noField']);
  });

  it('a field only the expected value has: shown there, and missing on the learner’s side', () => {
    const sides = sidesOf(render.comparedFields(actual, expected, LABELS, t), 'What your relay passed on there');
    expect(sides.expected).toBe('"abc"');
    expect(sides.actual).toBe(strings['course.exercise.diff.noField']);
  });
});

describe('two values compared as code', () => {
  const marks = (nodes: HTMLElement[]) =>
    nodes.flatMap((node) =>
      [...node.querySelectorAll('pre del, pre ins')].map((mark) => `${mark.tagName}:${mark.textContent}`),
    );

  it('unrelated: each value is one mark, whole', () => {
    expect(marks(render.comparedCode('"neither"', '"both"', LABELS, t))).toEqual(['DEL:"neither"', 'INS:"both"']);
  });

  it('related: only what differs is marked', () => {
    expect(marks(render.comparedCode('["a\\nb"]', '["a\\r\\nb"]', LABELS, t))).toEqual(['INS:\\r']);
  });
});
