// A failing case looked at again (src/exercise-engine/verdicts.ts, `secondLook`), for every exercise:
// 1. A result that came from calls made before it. When the same case passes with its calls made
//    alone to a fresh copy of the learner's module (loaded again in its worker, its module-level
//    variables afresh), the verdict says that the code keeps state between calls, and keeps the input
//    and the result as they were; a chosen case and a generated one alike.
// 2. A value thrown that is not an Error. The verdict gives the case's expected value, and, when the
//    case passes had the code thrown an Error of the same message, that Error beside the value thrown.
// Each is checked as the page checks it (the learner's code in a worker of its own), as the learner
// reads it in every language (linkedom), and against mutation testing's in-process side
// (test/mutation/in-process-learner.ts), which must give every case the same pass or fail. The
// learner's code is the fixtures of second-look/, written as a learner's mistakes would be.

import { readFileSync } from 'node:fs';
import { MessageChannel, Worker } from 'node:worker_threads';
import { parseHTML } from 'linkedom';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ExerciseDefinition, ExerciseText, GeneratedCase, Learner } from '../../../lessons-code/index.ts';
import type { Translate } from '../../../src/demo-kit/kit-client.ts';
import { LearnerLink, type CheckerPort } from '../../../src/exercise-engine/learner-link.ts';
import { LOCALES, type CaseVerdict, type CheckReport } from '../../../src/exercise-engine/types.ts';
import { runCheck } from '../../../src/exercise-engine/verdicts.ts';
import { checkTools, judgeCase } from '../../mutation/in-process-learner.ts';
import en from '../../../content/i18n/en.json' with { type: 'json' };
import es from '../../../content/i18n/es.json' with { type: 'json' };
import fr from '../../../content/i18n/fr.json' with { type: 'json' };

const TEXT: ExerciseText = { title: 't', cases: {}, hints: [] };

/** Runs `source` against a definition in a fresh learner's worker, as the checker worker would. */
async function check(definition: ExerciseDefinition, source: string): Promise<CheckReport> {
  const worker = new Worker(new URL('./exercises-learner-worker-node.ts', import.meta.url));
  const { port1, port2 } = new MessageChannel();
  worker.postMessage({ port: port2 }, [port2]);
  const link = new LearnerLink(port1 as unknown as CheckerPort);
  try {
    await link.hello;
    return await runCheck({ definition, text: TEXT, source }, link);
  } finally {
    link.close();
    await worker.terminate();
  }
}

const verdicts = (report: CheckReport): CaseVerdict[] =>
  report.outcome === 'checked' ? report.cases.map((c) => c.verdict) : [];

/** Whether each case passed, judged in process on `module` (mutation testing's side). */
async function inProcess(definition: ExerciseDefinition, module: Record<string, unknown>): Promise<boolean[]> {
  const tools = checkTools(TEXT);
  const passed: boolean[] = [];
  for (let i = 0; i < definition.cases.length; i++) passed.push((await judgeCase(definition, i, module, tools)).pass);
  return passed;
}

const fixture = (name: string): string => readFileSync(new URL(`./second-look/${name}`, import.meta.url), 'utf8');

let verdictBody: typeof import('../../../src/workbench/exercise-render.ts').verdictBody;
beforeAll(async () => {
  (globalThis as { document?: unknown }).document = parseHTML('<!doctype html><html><body></body></html>').document;
  ({ verdictBody } = await import('../../../src/workbench/exercise-render.ts'));
});

const STRINGS: Record<string, Record<string, string>> = { en, es, fr };
/** The workbench's `t` in a locale: its keys are the i18n keys after `course.exercise.`. */
const translate =
  (locale: string): Translate =>
  (key, vars) => {
    const text = STRINGS[locale]![`course.exercise.${key}`];
    if (text === undefined) throw new Error(`no string course.exercise.${key}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars?.[name] ?? `{{${name}}}`));
  };
/** A sentence as the page shows it: its backquoted parts as code, without the backquotes. */
const shown = (text: string): string => text.replace(/`/g, '');

// ---- 1. State kept between calls.

/** The complete lines of the chunks joined, as a right answer gives them. */
const linesOf = (chunks: readonly string[]): string[] => chunks.join('').split('\n').slice(0, -1);

const ANY_CHUNKS: GeneratedCase<string[], string[]> = {
  kind: 'generated',
  id: 'any-chunks',
  uses: ['lines'],
  inputs: (gen) => gen.array(gen.string({ unit: gen.constantFrom('a', '\n'), maxLength: 3 }), { maxLength: 3 }),
  run: async (learner, chunks) => (await learner.call('lines', chunks)) as string[],
  expected: (chunks) => linesOf(chunks),
  input: (chunks, tools) => ({ kind: 'code', text: `lines(${tools.showValue(chunks)})` }),
};

const LINES: ExerciseDefinition = {
  exports: { lines: 'function' },
  cases: [
    // Leaves `b` unfinished: a module-level rest keeps it for the next call.
    { id: 'unfinished', uses: ['lines'], run: (l) => l.call('lines', ['a\nb']), expected: ['a'] },
    {
      id: 'next-call',
      uses: ['lines'],
      run: (l) => l.call('lines', ['c\n']),
      expected: ['c'],
      input: () => ({ kind: 'code', text: 'lines(["c\\n"])' }),
    },
    // Both calls are the case's own: alone, on a fresh module, the mistake gives the same wrong lines.
    {
      id: 'within-case',
      uses: ['lines'],
      run: async (l) => [await l.call('lines', ['x']), await l.call('lines', ['y\n'])],
      expected: [[], ['y']],
    },
    ANY_CHUNKS,
  ],
};

describe('a result that depends on calls made before it', () => {
  it('a chosen case and a generated one: the result as it was, and that the case passes alone', async () => {
    const report = await check(LINES, fixture('module-level-rest.ts'));
    const [unfinished, nextCall, withinCase, generated] = verdicts(report);
    expect(unfinished).toMatchObject({ status: 'pass' });
    // The `b` of the case before, shown as the code gave it.
    expect(nextCall).toEqual({
      status: 'fail',
      expected: { kind: 'code', text: '["c"]' },
      actual: { kind: 'code', text: '["bc"]' },
      input: { kind: 'code', text: 'lines(["c\\n"])' },
      keptState: true,
    });
    expect(withinCase).toMatchObject({ status: 'fail', actual: { kind: 'code', text: '[[], ["xy"]]' } });
    expect(withinCase).not.toHaveProperty('keptState');
    expect(generated).toMatchObject({ status: 'fail', keptState: true, generated: { seed: expect.any(Number) } });
    expect(await inProcess(LINES, await import('./second-look/module-level-rest.ts'))).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });

  it('a right answer passes every case, on both sides; the copy loaded again logs nothing', async () => {
    expect(verdicts(await check(LINES, fixture('local-rest.ts'))).map((v) => v.status)).toEqual([
      'pass',
      'pass',
      'pass',
      'pass',
    ]);
    expect(await inProcess(LINES, await import('./second-look/local-rest.ts'))).toEqual([true, true, true, true]);
    // Two cases, two calls logged: the second look's call, on the copy, is not the learner's run.
    const twoCases: ExerciseDefinition = { exports: LINES.exports, cases: LINES.cases.slice(0, 2) };
    const logged = fixture('module-level-rest.ts').replace('const text =', "console.log('call');\n  const text =");
    const report = await check(twoCases, logged);
    expect(verdicts(report)[1]).toMatchObject({ status: 'fail', keptState: true });
    expect(report.console).toEqual(['call', 'call']);
  });

  it('as the learner reads it: the state first, then the input and the two results, in every language', async () => {
    const verdict = verdicts(await check(LINES, fixture('module-level-rest.ts')))[1]!;
    for (const locale of LOCALES) {
      const t = translate(locale);
      const body = verdictBody(verdict, t, false)!;
      expect(body.querySelector('p.bad')!.textContent).toBe(shown(t('keptState')));
      expect(body.textContent).toContain(shown(t('keptStateWhy')));
      expect(body.querySelector('.exercise-expected .exercise-label')!.textContent).toBe(t('expected'));
      expect(body.textContent).toContain('"bc"');
      expect(body.textContent).not.toContain('{{');
    }
  });
});

// ---- 2. A value thrown that is not an Error.

type ReadResult = { returned: unknown } | { threw: string };

/** The learner's reader on a stream: only an Error it throws is a result; anything else is the case's verdict. */
async function readResult(learner: Learner, stream: string): Promise<ReadResult> {
  try {
    return { returned: await learner.call('read', stream) };
  } catch (error) {
    if (error instanceof Error && 'wasError' in error && error.wasError === true) return { threw: error.message };
    throw error;
  }
}

const UNAVAILABLE = 'data: a\n\ndata: {"error": "Model unavailable"}\n\n';
const BUSY = 'data: {"error": 503}\n\n';

const READ: ExerciseDefinition = {
  exports: { read: 'function' },
  cases: [
    {
      id: 'unavailable',
      uses: ['read'],
      run: (l) => readResult(l, UNAVAILABLE),
      expected: { threw: 'Model unavailable' },
    },
    { id: 'busy', uses: ['read'], run: (l) => readResult(l, BUSY), expected: { threw: '503' } },
    // A case no Error passes: it wants the text before the error event.
    { id: 'text-first', uses: ['read'], run: (l) => readResult(l, UNAVAILABLE), expected: { returned: 'a' } },
  ],
};

describe('a value thrown where an Error is expected', () => {
  it('the expected value, and the Error that passes the case beside the value thrown', async () => {
    const [unavailable, busy, textFirst] = verdicts(await check(READ, fixture('thrown-value.ts')));
    expect(unavailable).toMatchObject({
      status: 'throw',
      error: { name: null, message: '"Model unavailable"', valueKind: 'string', source: 'learner' },
      expected: { kind: 'code', text: '{ threw: "Model unavailable" }' },
      errorExpected: 'new Error("Model unavailable")',
    });
    expect(busy).toMatchObject({
      status: 'throw',
      error: { name: null, message: '503', valueKind: 'number' },
      errorExpected: 'new Error("503")',
    });
    expect(textFirst).toMatchObject({ status: 'throw', expected: { kind: 'code', text: '{ returned: "a" }' } });
    expect(textFirst).not.toHaveProperty('errorExpected');
    expect(textFirst).not.toHaveProperty('keptState');
    expect(await inProcess(READ, await import('./second-look/thrown-value.ts'))).toEqual([false, false, false]);
  });

  it('as the learner reads it, in every language', async () => {
    const [unavailable, , textFirst] = verdicts(await check(READ, fixture('thrown-value.ts')));
    for (const locale of LOCALES) {
      const t = translate(locale);
      const body = verdictBody(unavailable!, t, false)!;
      expect(body.querySelector('p.bad')!.textContent).toBe(
        shown(t('thrownNotError', { kind: t('value.string'), text: 'new Error("Model unavailable")' })),
      );
      expect(body.querySelector('.exercise-expected .exercise-label')!.textContent).toBe(t('thrownExpected'));
      expect(body.querySelector('.exercise-actual .exercise-label')!.textContent).toBe(t('thrownGot'));
      // The Error's parts marked as only expected (a space in a mark shows as ␣), the message on both sides.
      expect([...body.querySelectorAll('pre del.exercise-diff')].map((node) => node.textContent)).toEqual([
        'new␣Error(',
        ')',
      ]);
      expect(body.querySelector('.exercise-actual pre')!.textContent).toBe('"Model unavailable"');
      expect(body.textContent).toContain(shown(t('thrownNotErrorWhy')));
      expect(body.textContent).not.toContain('{{');
      // No Error passes this case: its expected value, then what was thrown.
      const other = verdictBody(textFirst!, t, false)!;
      expect(other.querySelector('.exercise-expected .exercise-label')!.textContent).toBe(t('expected'));
      expect(other.textContent).toContain(t('thrownValue'));
    }
  });
});
