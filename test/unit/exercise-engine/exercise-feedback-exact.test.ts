// What a learner reads after a check is exact: an error the code threw is reported once (as the
// case's error, not again among what the case caught), an expected note states the condition the
// case checks, "at the start of a line" included, and a character that is not what it looks like
// (a tab, a no-break space, U+202F, U+2028, a zero-width space…) is shown as an escape, named in the
// page, so that two values shown alike are alike. Each exercise is run in a learner's worker, as the
// page runs it; the verdict is drawn as the workbench draws it (linkedom's document).

import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { parseHTML } from 'linkedom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unwantedSplit } from '../../../lessons-code/exercises/chunks-as-units/cases.ts';
import type { Translate } from '../../../src/demo-kit/kit-client.ts';
import { exerciseText, globRegistry } from '../../../src/exercise-engine/registry.ts';
import { ExerciseRunner } from '../../../src/exercise-engine/runner.ts';
import { exerciseSource } from '../../../src/exercise-engine/sources.ts';
import { codeParts } from '../../../src/exercise-engine/hidden-characters.ts';
import { LOCALES, type CaseReport, type CheckReport } from '../../../src/exercise-engine/types.ts';
import { showValue } from '../../../src/exercise-engine/values.ts';
import en from '../../../content/i18n/en.json' with { type: 'json' };
import es from '../../../content/i18n/es.json' with { type: 'json' };
import fr from '../../../content/i18n/fr.json' with { type: 'json' };
import { testPlatform } from './exercises-platform.ts';

const runner = new ExerciseRunner(testPlatform(globRegistry));
afterAll(() => runner.dispose());

const strings = en as Record<string, string>;
const t: Translate = (key, vars) =>
  (strings[`course.exercise.${key}`] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars?.[name] ?? ''));

let verdictBody: typeof import('../../../src/workbench/exercise-render.ts').verdictBody;
let feedback: typeof import('../../../src/workbench/feedback-render.ts');
beforeAll(async () => {
  (globalThis as { document?: unknown }).document = parseHTML('<!doctype html><html><body></body></html>').document;
  ({ verdictBody } = await import('../../../src/workbench/exercise-render.ts'));
  feedback = await import('../../../src/workbench/feedback-render.ts');
});

const caseOf = (report: CheckReport, id: string): CaseReport['verdict'] => {
  if (report.outcome !== 'checked') throw new Error(`not checked: ${report.outcome}`);
  return report.cases.find((c) => c.id === id)!.verdict;
};

const LABELS = { expected: 'Expected', actual: 'Your code gave' };

const occurrences = (text: string, part: string): number => text.split(part).length - 1;

describe('an error the learner’s code threw is reported once', () => {
  // The case calls routeAnthropic on many events; on each event without a delta it throws the same
  // TypeError, at the same line, and the case lets one of them through.
  const source = readFileSync(
    new URL('../../../lessons-code/exercises/route-anthropic/mistakes/no-event-check.ts', import.meta.url),
    'utf8',
  );
  const MESSAGE = "TypeError: Cannot read properties of undefined (reading 'type')";

  it('as the case’s error, and not again among what the case caught', async () => {
    const report = await runner.run('route-anthropic', 'en', source);
    const verdict = caseOf(report, 'answer');
    expect(verdict).toMatchObject({ status: 'throw', error: { message: MESSAGE, line: 10 } });
    expect(verdict.status === 'throw' && (verdict.caught ?? []).map((error) => error.message)).not.toContain(MESSAGE);
    // What the learner reads: the message once, with its line, and no "caught" block for it.
    const body = verdictBody(verdict, t, false)!;
    expect(occurrences(body.textContent!, MESSAGE)).toBe(1);
    expect(body.querySelector('.exercise-caught')).toBeNull();
    expect(body.textContent).toContain(t('thrownAt', { line: '10' }));
  });

  it('two different errors of one case are both reported', async () => {
    const twoErrors = source.replace(
      'const { delta } = JSON.parse(data);',
      "const { delta } = JSON.parse(data);\n  if (data.includes('ping')) throw new RangeError('a ping');",
    );
    const verdict = caseOf(await runner.run('route-anthropic', 'en', twoErrors), 'answer');
    expect(verdict.status).toBe('throw');
    const body = verdictBody(verdict, t, false)!.textContent!;
    const reported = [MESSAGE, 'RangeError: a ping'].map((message) => occurrences(body, message));
    expect(reported).toEqual([1, 1]);
  });
});

describe('an expected note says what its case checks', () => {
  it('chunks-as-units: a list number counts only at the start of a line, in the note as in the check', async () => {
    // The rule the case applies (cases.ts): a chunk that ends after "3. " at the start of a line is
    // split where no sentence ends; one that ends after "step 3. " in a sentence is not.
    expect(unwantedSplit(['Play the root.\n3. ', 'Add the third.'])).toBe(0);
    expect(unwantedSplit(['Go to step 3. ', 'Then stop.'])).toBeNull();
    const where = { en: 'at the start of a line', es: 'al principio de una línea', fr: 'en début de ligne' };
    for (const locale of LOCALES) {
      const text = exerciseText('chunks-as-units', locale)!;
      expect(text.cases['unwanted-split']!.checks, locale).toContain(where[locale]);
      // What the learner reads under "Expected" when the case fails (the starter's answer has no such split).
      const report = await runner.run('chunks-as-units', locale, exerciseSource('chunks-as-units', 'starter', locale));
      const verdict = caseOf(report, 'unwanted-split');
      expect(verdict.status === 'fail' && verdict.expected, locale).toEqual({
        kind: 'note',
        text: text.strings!['unwanted.expected'],
      });
      expect(text.strings!['unwanted.expected'], locale).toContain(where[locale]);
    }
  });
});

/**
 * What must never reach the learner as itself, by Unicode's properties (UAX #44): White_Space,
 * Default_Ignorable_Code_Point, controls (Cc), format characters (Cf), a lone surrogate (Cs), an
 * accent of the Combining Diacritical Marks blocks (Blocks.txt: U+0300–U+036F, U+1AB0–U+1AFF,
 * U+1DC0–U+1DFF, U+20D0–U+20FF, U+FE20–U+FE2F); the space U+0020 aside. Written here again, from the
 * definition, not imported.
 */
const COMBINING_DIACRITICS = String.raw`\u0300-\u036F\u1AB0-\u1AFF\u1DC0-\u1DFF\u20D0-\u20FF\uFE20-\uFE2F`;
const NOT_WHAT_IT_LOOKS_LIKE = new RegExp(
  String.raw`(?! )[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\p{Cs}${COMBINING_DIACRITICS}]`,
  'u',
);

/** A string in code notation read back as JavaScript reads it. */
const evaluate = (literal: string): unknown => new Function(`return ${literal};`)();

describe('a character that is not what it looks like is shown as an escape', () => {
  const LOOK_ALIKES: [string, string][] = [
    ['\t', '"a\\tb"'],
    ['\u00a0', '"a\\u{00A0}b"'],
    ['\u202f', '"a\\u{202F}b"'],
    ['\u2028', '"a\\u{2028}b"'],
    ['\u2029', '"a\\u{2029}b"'],
    ['\u0085', '"a\\u{0085}b"'],
    ['\u200b', '"a\\u{200B}b"'],
    ['\ufeff', '"a\\u{FEFF}b"'],
    ['\u000b', '"a\\u{000B}b"'],
    ['\u000c', '"a\\u{000C}b"'],
    ['\u3000', '"a\\u{3000}b"'],
    ['\u00ad', '"a\\u{00AD}b"'],
    ['\u200d', '"a\\u{200D}b"'],
    ['\u202e', '"a\\u{202E}b"'],
    ['\u0000', '"a\\u{0000}b"'],
    ['\ud83c', '"a\\u{D83C}b"'],
    ['\u{e0041}', '"a\\u{E0041}b"'],
    // A combining accent: "e" then U+0301 looks like "é" (U+00E9).
    ['\u0301', '"a\\u{0301}b"'],
    ['\u20dd', '"a\\u{20DD}b"'],
  ];

  it('each as its escape, never as a space or as nothing; a space, CR, LF and letters as before', () => {
    for (const [c, shown] of LOOK_ALIKES) {
      expect(showValue(`a${c}b`), `U+${c.codePointAt(0)!.toString(16)}`).toBe(shown);
      expect(showValue(`a${c}b`)).not.toBe(showValue('a b'));
    }
    expect(showValue('a b')).toBe('"a b"');
    expect(showValue('a\r\nb "c" \\')).toBe('"a\\r\\nb \\"c\\" \\\\"');
    // é written as one character stays itself; written as e and an accent, the accent is an escape.
    expect(showValue(['é', 'e\u0301', '🎸', '❤', 'नमस्ते'])).toBe('["é", "e\\u{0301}", "🎸", "❤", "नमस्ते"]');
    expect(showValue({ 'a\u00a0b': 1 })).toBe('{ "a\\u{00A0}b": 1 }');
  });

  it('whatever the string: read back as JavaScript, it is the string, and nothing in it is hidden', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
        const shown = showValue(text);
        expect(evaluate(shown)).toBe(text);
        expect(shown).not.toMatch(NOT_WHAT_IT_LOOKS_LIKE);
      }),
      { seed: 20260, numRuns: 500 },
    );
  });

  it('a long string is cut between two characters, never inside a surrogate pair', () => {
    const text = 'a'.repeat(1999) + '🎸' + 'b'.repeat(10);
    const shown = showValue(text);
    expect(shown).not.toContain('\\u{D83C}');
    expect(shown).toBe(`"${'a'.repeat(1999)}" …(+12)`);
  });

  it('the escapes the page names are the ones showValue writes, and an escaped backslash is none', () => {
    expect(codeParts(showValue('a\u202fb\tc\r\n'))).toEqual([
      { text: '"a' },
      { escape: '\\u{202F}', codePoint: 0x202f, kind: 'space' },
      { text: 'b' },
      { escape: '\\t', codePoint: 9, kind: 'tab' },
      { text: 'c\\r\\n"' },
    ]);
    // The learner's text "\u{202F}", backslash and all: shown as text, not as the character.
    expect(codeParts(showValue('\\u{202F}'))).toEqual([{ text: '"\\\\u{202F}"' }]);
    expect(codeParts(showValue('\u200b\u0007\ud800e\u0301')).map((part) => 'kind' in part && part.kind)).toEqual([
      false,
      'invisible',
      'control',
      'surrogate',
      false,
      'combining',
      false,
    ]);
  });

  it('in every language the page names each kind of escape with its code point', () => {
    const kinds = ['tab', 'space', 'control', 'invisible', 'surrogate', 'combining'];
    for (const table of [en, es, fr] as Record<string, string>[])
      for (const kind of kinds) expect(table[`course.exercise.char.${kind}`], kind).toContain('{{code}}');
  });

  it('in the page: a named sign, the mark of a difference exactly around it, a space still ␣', () => {
    const nodes = feedback.comparedCode(showValue('a b'), showValue('a\u202fb'), LABELS, t);
    const actual = nodes.find((node) => node.className === 'exercise-actual')!;
    const expected = nodes.find((node) => node.className === 'exercise-expected')!;
    const ins = actual.querySelectorAll('ins');
    expect(ins).toHaveLength(1);
    expect(ins[0]!.textContent).toBe('\\u{202F}');
    expect(expected.querySelector('del')!.textContent).toBe('␣');
    const char = ins[0]!.querySelector('.exercise-char') as HTMLElement;
    const name = 'whitespace character U+202F, not a plain space';
    // Screen readers hear the name (CSS generated text from data-sr-name), not the escape, hidden from them.
    expect(char.dataset.srName).toBe(name);
    expect(char.firstElementChild!.getAttribute('aria-hidden')).toBe('true');
    expect(char.firstElementChild!.getAttribute('title')).toBe(name);
    // Copied, the value is the code notation, which JavaScript reads back as the learner's string.
    expect(evaluate(actual.querySelector('pre')!.textContent!)).toBe('a\u202fb');
  });

  it('in a table cell, the escape is named too', () => {
    const table = { kind: 'table' as const, header: ['event', 'route'], rows: [['1', showValue('x\u00a0')]] };
    const nodes = feedback.comparedTables(table, { ...table, rows: [['1', showValue('x ')]] }, LABELS, t);
    const expected = nodes.find((node) => node.className === 'exercise-expected')!;
    const char = expected.querySelector('td .exercise-char') as HTMLElement;
    expect(char.dataset.srName).toBe('whitespace character U+00A0, not a plain space');
    const bad = nodes.find((node) => node.className === 'exercise-actual')!.querySelector('.exercise-cell-bad')!;
    expect(bad.querySelector('.exercise-cell-expected .exercise-char')).not.toBeNull();
    expect(bad.textContent).toBe('✗ "x " (expected: "x\\u{00A0}")');
  });

  it('chunks-as-units, a render that trims ASCII whitespace only: the verdict names what it kept', async () => {
    // The learner's render trims [ \t\r\n] only: a chunk that ends in another whitespace character
    // keeps it, so where two chunks meet it puts what appending puts. The case shrinks to such a chunk.
    const answer = 'Connect the two chords with a passing tone, e.g. a chromatic note between two chord tones.\n';
    const source = `export const answer = ${JSON.stringify(answer)};

export function render(chunks: string[]): string {
  return chunks.map((chunk) => chunk.replace(/^[ \\t\\r\\n]+|[ \\t\\r\\n]+$/g, '')).join('');
}
`;
    const verdict = caseOf(await runner.run('chunks-as-units', 'en', source), 'render-generated');
    expect(verdict.status).toBe('fail');
    if (verdict.status !== 'fail' || verdict.actual.kind !== 'fields') throw new Error('fields expected');
    const meet = verdict.actual.fields.filter((field) => field.label.startsWith('Where chunks'));
    expect(meet).toHaveLength(2);
    // Yours and appended put the same there, a whitespace character other than a space: each field
    // shows it as its escape, so the two read alike because they are alike, and unlike a space.
    expect(meet[0]!.text).toBe(meet[1]!.text);
    expect(meet[0]!.text).toMatch(/^"(\\u\{[0-9A-F]{4,6}\}|\\t)+"$/);
    expect(meet[0]!.text).not.toBe(showValue(' '));
    for (const field of verdict.actual.fields) expect(field.text).not.toMatch(NOT_WHAT_IT_LOOKS_LIKE);
    // In the page: each of the two fields holds a sign named as whitespace, and nothing is raw.
    const body = verdictBody(verdict, t, false)!;
    const named = [...body.querySelectorAll('dd .exercise-char')].map((node) => (node as HTMLElement).dataset.srName);
    expect(named.length).toBeGreaterThanOrEqual(2);
    for (const name of named) expect(name).toMatch(/^whitespace character U\+[0-9A-F]{4,6}, not a plain space$/);
    expect(body.textContent!.replaceAll('\n', '')).not.toMatch(NOT_WHAT_IT_LOOKS_LIKE);
  });
});
