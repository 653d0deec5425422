// The two rules on what a learner's function may change (src/exercise-engine/learner-watch.ts), for
// every exercise: the data a case passes is the caller's, and a value a call returns stays as it was
// returned for the rest of the case. Each rule is checked as the page checks it (the learner's code
// in a worker of its own, with the harness, even after it replaced the built-ins the watch could
// use), in process as mutation testing judges it (test/mutation/in-process-learner.ts), and as the
// learner reads it (the verdict drawn in linkedom's document, in every language); and on the two
// mistake files that make each mistake in a course exercise.

import { readFileSync } from 'node:fs';
import { MessageChannel, Worker } from 'node:worker_threads';
import { parseHTML } from 'linkedom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExerciseDefinition, ExerciseText, GeneratedCase } from '../../../lessons-code/index.ts';
import type { Translate } from '../../../src/demo-kit/kit-client.ts';
import { LearnerLink, type CheckerPort } from '../../../src/exercise-engine/learner-link.ts';
import { parameterNames } from '../../../src/exercise-engine/learner-watch.ts';
import { globRegistry } from '../../../src/exercise-engine/registry.ts';
import { ExerciseRunner } from '../../../src/exercise-engine/runner.ts';
import { LOCALES, type CaseVerdict, type CheckReport } from '../../../src/exercise-engine/types.ts';
import { runCheck } from '../../../src/exercise-engine/verdicts.ts';
import { checkTools, judgeCase } from '../../mutation/in-process-learner.ts';
import en from '../../../content/i18n/en.json' with { type: 'json' };
import es from '../../../content/i18n/es.json' with { type: 'json' };
import fr from '../../../content/i18n/fr.json' with { type: 'json' };
import { testPlatform } from './exercises-platform.ts';

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
const statuses = (report: CheckReport): string[] => verdicts(report).map((verdict) => verdict.status);

/** Each case of the definition judged in process, on `module` (mutation testing's side). */
async function inProcess(definition: ExerciseDefinition, module: Record<string, unknown>): Promise<boolean[]> {
  const tools = checkTools(TEXT);
  const passed: boolean[] = [];
  for (let i = 0; i < definition.cases.length; i++) passed.push((await judgeCase(definition, i, module, tools)).pass);
  return passed;
}

/**
 * Built-ins a learner's module replaces before it runs anything else, so that a watch that used
 * them would compare nothing, or find nothing changed: copies that copy nothing, property lists
 * that are empty, equality that always holds, a toString that names no parameter.
 */
const REPLACE_BUILT_INS = `
const g = globalThis as any;
g.structuredClone = (value: unknown) => value;
Reflect.ownKeys = () => [];
Reflect.getOwnPropertyDescriptor = () => undefined;
Reflect.getPrototypeOf = () => null;
Object.getOwnPropertyDescriptor = () => undefined;
Object.keys = () => [];
Object.is = () => true;
Object.hasOwn = () => true;
Array.isArray = () => false;
ArrayBuffer.isView = () => false;
Function.prototype.toString = () => 'function () {}';
(Array.prototype as any).push = () => 0;
(Array.prototype as any).slice = function () { return []; };
`;

// ---- Rule 1: the arguments are the caller's.

/** Joins its texts with a space; the case passes it an array and keeps nothing else. */
const JOIN: ExerciseDefinition = {
  exports: { join: 'function' },
  cases: [
    {
      id: 'join',
      uses: ['join'],
      run: (l) => l.call('join', ['Let me check.', 'Found it.', 'Cmaj7']),
      expected: 'Let me check. Found it. Cmaj7',
    },
  ],
};

describe('rule 1: a function that changes the data it was given fails, whatever it returns', () => {
  it('an item written over: which argument, where, the array before and after the call', async () => {
    const source = `export function join(texts: string[]): string {
  for (let i = 1; i < texts.length; i++) texts[i] = ' ' + texts[i];
  return texts.join('');
}
`;
    const [verdict] = verdicts(await check(JOIN, source));
    expect(verdict).toEqual({
      status: 'changed',
      change: {
        kind: 'changed-argument',
        name: 'join',
        call: 1,
        seen: 1,
        path: 'texts[1]',
        shownPath: 'texts',
        before: '["Let me check.", "Found it.", "Cmaj7"]',
        after: '["Let me check.", " Found it.", " Cmaj7"]',
      },
    });
    const spaced = (texts: string[]) => {
      for (let i = 1; i < texts.length; i++) texts[i] = ' ' + texts[i];
      return texts.join('');
    };
    expect(await inProcess(JOIN, { join: spaced })).toEqual([false]);
    expect(await inProcess(JOIN, { join: (texts: string[]) => texts.join(' ') })).toEqual([true]);
  });

  it('an array that grew, was sorted, or lost its items; a nested property; a value turned into a getter', async () => {
    const changes: Record<string, string> = {
      'texts.push("")': 'texts',
      'texts.sort()': 'texts[0]',
      'texts.length = 0': 'texts',
      'Object.defineProperty(texts, 2, { get: () => "Cmaj7" })': 'texts',
    };
    for (const [change, path] of Object.entries(changes)) {
      const source = `export function join(texts: string[]): string {
  const joined = texts.join(' ');
  ${change};
  return joined;
}
`;
      const [verdict] = verdicts(await check(JOIN, source));
      expect(verdict?.status === 'changed' && verdict.change.path, change).toBe(path);
    }
    const nested: ExerciseDefinition = {
      exports: { tempo: 'function' },
      cases: [{ id: 'tempo', uses: ['tempo'], run: (l) => l.call('tempo', { song: { bpm: 90 } }), expected: 90 }],
    };
    const source = 'export const tempo = ({ song }: { song: { bpm: number } }) => song.bpm++;\n';
    const [verdict] = verdicts(await check(nested, source));
    // A parameter that is a pattern has no name of its own: the path starts from its position.
    expect(verdict).toMatchObject({
      status: 'changed',
      change: { path: 'arguments[0].song.bpm', shownPath: 'arguments[0]', before: '{ song: { bpm: 90 } }' },
    });
    expect(verdict?.status === 'changed' && verdict.change.after).toBe('{ song: { bpm: 91 } }');
  });

  it('an async function: compared once its promise has settled, so a change after an await counts', async () => {
    const source = `export async function join(texts: string[]): Promise<string> {
  const joined = texts.join(' ');
  await null;
  texts.reverse();
  return joined;
}
`;
    expect(statuses(await check(JOIN, source))).toEqual(['changed']);
  });

  it('code that reads its argument, returns it, or changes it back before returning passes', async () => {
    const sources = [
      'export const join = (texts: string[]) => texts.join(" ");\n',
      `export function join(texts: string[]): string {
  texts.push('tmp');
  texts.pop();
  return texts.join(' ');
}
`,
      'export const join = (texts: string[]) => [...texts].reverse().reverse().join(" ");\n',
    ];
    for (const source of sources) expect(statuses(await check(JOIN, source)), source).toEqual(['pass']);
    const same: ExerciseDefinition = {
      exports: { same: 'function' },
      cases: [{ id: 'same', uses: ['same'], run: (l) => l.call('same', ['a']), expected: ['a'] }],
    };
    expect(statuses(await check(same, 'export const same = (list: string[]) => list;\n'))).toEqual(['pass']);
  });

  it('a stream and a recorder the harness builds are not the caller’s data: using them passes', async () => {
    const definition: ExerciseDefinition = {
      exports: { relay: 'function' },
      cases: [
        {
          id: 'relay',
          uses: ['relay'],
          run: async (l) => {
            const onText = l.recorder();
            const returned = await l.call('relay', l.stream(['a', 'b']), onText, ['kept']);
            return { returned, calls: onText.calls };
          },
          expected: { returned: 'ab', calls: [['a'], ['b']] },
        },
      ],
    };
    const source = `type OnText = (text: string) => void;
export async function relay(body: ReadableStream<Uint8Array>, onText: OnText, kept: string[]) {
  const decoder = new TextDecoder();
  let all = '';
  for await (const chunk of body as any) {
    const text = decoder.decode(chunk);
    onText(text);
    all += text;
  }
  return all;
}
`;
    expect(statuses(await check(definition, source))).toEqual(['pass']);
    const changesKept = source.replace('return all;', "kept.push('x');\n  return all;");
    expect(verdicts(await check(definition, changesKept))).toMatchObject([
      { status: 'changed', change: { path: 'kept', shownPath: 'kept' } },
    ]);
  });

  it('still holds after the learner’s module replaced the built-ins the watch could use', async () => {
    const source = `${REPLACE_BUILT_INS}
export function join(texts: string[]): string {
  let joined = '';
  for (let i = 0; i < texts.length; i++) {
    if (i > 0) texts[i] = ' ' + texts[i];
    joined += texts[i];
  }
  return joined;
}
`;
    expect(verdicts(await check(JOIN, source))).toMatchObject([
      { status: 'changed', change: { kind: 'changed-argument', path: 'texts[1]', shownPath: 'texts' } },
    ]);
    const right = `${REPLACE_BUILT_INS}
export function join(texts: string[]): string {
  let joined = '';
  for (let i = 0; i < texts.length; i++) joined += (i > 0 ? ' ' : '') + texts[i];
  return joined;
}
`;
    expect(statuses(await check(JOIN, right))).toEqual(['pass']);
  });
});

// ---- Rule 2: a returned value stays as it was returned.

/** Routes three events and keeps every route, as a caller that routes a stream does. */
const ROUTES: ExerciseDefinition = {
  exports: { route: 'function' },
  cases: [
    {
      id: 'kept',
      uses: ['route'],
      run: async (l) => {
        const events = ['a', 'b', 'c'];
        const route = await l.memo(
          'route',
          events.map((event) => [event]),
        );
        return events.map((event) => route(event));
      },
      expected: [{ text: 'a' }, { text: 'b' }, { text: 'c' }],
    },
    { id: 'one', uses: ['route'], run: (l) => l.call('route', 'd'), expected: { text: 'd' } },
  ],
};

/** A router that returns one object, changed at every call. */
const SHARED = `const shared = { text: '' };
export function route(event: string) {
  shared.text = event;
  return shared;
}
`;

describe('rule 2: a value a call returned must not change during a later call of the same case', () => {
  it('one object returned by every call: which call returned it, which changed it, before and after', async () => {
    const report = await check(ROUTES, SHARED);
    expect(verdicts(report)[0]).toEqual({
      status: 'changed',
      change: {
        kind: 'changed-result',
        name: 'route',
        call: 1,
        seen: 2,
        path: 'result.text',
        shownPath: 'result',
        before: '{ text: "a" }',
        after: '{ text: "b" }',
      },
    });
    // A case of one call: nothing it returned is changed within it; values are never compared
    // across cases.
    expect(statuses(report)).toEqual(['changed', 'pass']);
    expect(await inProcess(ROUTES, { route: sharedRoute() })).toEqual([false, true]);
  });

  it('an array a function keeps growing and returns each time', async () => {
    const source = `const seen: string[] = [];
export function route(event: string) {
  seen.push(event);
  return { text: seen[seen.length - 1] };
}
`;
    expect(statuses(await check(ROUTES, source))).toEqual(['pass', 'pass']);
    const growing: ExerciseDefinition = {
      exports: { pieces: 'function' },
      cases: [
        {
          id: 'pieces',
          uses: ['pieces'],
          run: async (l) => [await l.call('pieces', 'a'), await l.call('pieces', 'b')],
          expected: [['a'], ['a', 'b']],
        },
      ],
    };
    const accumulator =
      'const kept: string[] = [];\nexport const pieces = (piece: string) => (kept.push(piece), kept);\n';
    expect(verdicts(await check(growing, accumulator))).toMatchObject([
      { status: 'changed', change: { kind: 'changed-result', path: 'result', before: '["a"]', after: '["a", "b"]' } },
    ]);
  });

  it('the same object returned again unchanged (a cache, a constant) passes', async () => {
    const source = `const cache = new Map<string, { text: string }>();
export function route(event: string) {
  if (!cache.has(event)) cache.set(event, { text: event });
  return cache.get(event);
}
`;
    expect(statuses(await check(ROUTES, source))).toEqual(['pass', 'pass']);
    expect(await inProcess(ROUTES, { route: (event: string) => ({ text: event }) })).toEqual([true, true]);
  });

  it('a generated case: each input is a case of its own; the smallest input whose calls change a result', async () => {
    const generated: GeneratedCase<string[], unknown[]> = {
      kind: 'generated',
      id: 'any',
      uses: ['route'],
      inputs: (gen) => gen.array(gen.constantFrom('a', 'b', 'c'), { maxLength: 6 }),
      run: async (l, events) => {
        const route = await l.memo(
          'route',
          events.map((event) => [event]),
        );
        return events.map((event) => route(event));
      },
      expected: (events) => events.map((text) => ({ text })),
      input: (events, tools) => ({ kind: 'code', text: tools.showValue(events) }),
    };
    const definition: ExerciseDefinition = { exports: { route: 'function' }, cases: [generated] };
    const [verdict] = verdicts(await check(definition, SHARED));
    expect(verdict).toMatchObject({
      status: 'changed',
      change: { kind: 'changed-result', call: 1, seen: 2 },
      input: { kind: 'code', text: expect.stringMatching(/^\["[abc]", "[abc]"\]$/) },
      generated: { tried: expect.any(Number) },
    });
    expect(await inProcess(definition, { route: sharedRoute() })).toEqual([false]);
    expect(statuses(await check(definition, 'export const route = (text: string) => ({ text });\n'))).toEqual(['pass']);
  });

  it('still holds after the learner’s module replaced the built-ins the watch could use', async () => {
    expect(verdicts(await check(ROUTES, `${REPLACE_BUILT_INS}\n${SHARED}`))).toMatchObject([
      { status: 'changed', change: { kind: 'changed-result', path: 'result.text' } },
      { status: 'pass' },
    ]);
  });
});

/** The shared-object router, as a module in this process (a fresh object for each test). */
function sharedRoute(): (event: string) => { text: string } {
  const shared = { text: '' };
  return (event) => {
    shared.text = event;
    return shared;
  };
}

describe('the names of a function’s parameters, read from its source text', () => {
  it('plain names, defaults, patterns and rest parameters, arrows, comments', () => {
    expect(
      parameterNames(function join(texts: string[], sep = ', ') {
        return texts.join(sep);
      }),
    ).toEqual(['texts', 'sep']);
    expect(parameterNames((a: { x: number }, { y }: { y: number }, ...rest: number[]) => [a, y, rest])).toEqual([
      'a',
      null,
      null,
    ]);
    expect(parameterNames(new Function('texts', 'return texts'))).toEqual(['texts']);
    expect(parameterNames(new Function('texts /* the rounds */', 'return texts'))).toEqual([]);
    expect(parameterNames(Math.max)).toEqual([]);
    // A single parameter with no parentheses, and parentheses inside a default value.
    expect(parameterNames(new Function('return texts => texts')())).toEqual(['texts']);
    expect(parameterNames(new Function('return (a = f(1, [2, 3]), b) => a')())).toEqual(['a', 'b']);
  });
});

// ---- The two mistakes of the course, and what the learner reads.

const runner = new ExerciseRunner(testPlatform(globRegistry));
afterAll(() => runner.dispose());

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

const mistake = (exercise: string, name: string) =>
  readFileSync(new URL(`../../../lessons-code/exercises/${exercise}/mistakes/${name}`, import.meta.url), 'utf8');

describe('the course’s two mistakes, as the learner reads them', () => {
  it('paragraph-between-rounds: breaks written into the caller’s texts', async () => {
    const report = await runner.run(
      'paragraph-between-rounds',
      'en',
      mistake('paragraph-between-rounds', 'mutates-input.ts'),
    );
    const verdict = verdicts(report)[0]!;
    expect(verdict).toMatchObject({ status: 'changed', change: { kind: 'changed-argument', path: 'texts[1]' } });
    for (const locale of LOCALES) {
      const t = translate(locale);
      const body = verdictBody(verdict, t, false)!;
      const text = body.textContent!;
      // Where it changed and the function's name, the two sides labelled, what changed marked, why it matters.
      expect([...body.querySelectorAll('p.bad code')].map((code) => code.textContent)).toEqual([
        'texts[1]',
        'joinRounds',
      ]);
      expect(body.querySelector('.exercise-expected .exercise-label')!.textContent).toBe(
        t('changed.before', { where: 'texts' }),
      );
      expect(body.querySelector('.exercise-actual .exercise-label')!.textContent).toBe(
        t('changed.after', { where: 'texts' }),
      );
      expect(body.querySelector('.exercise-diff-legend')!.textContent).toContain(t('changed.legendAfter'));
      expect(body.querySelector('pre ins.exercise-diff')!.getAttribute('data-sr-start')).toBe(t('changed.srAfter'));
      // The breaks written into the second text: the only mark, on the side after the call.
      expect([...body.querySelectorAll('pre ins.exercise-diff')].map((node) => node.textContent)).toEqual(['\\n\\n']);
      expect(body.querySelector('pre del.exercise-diff')).toBeNull();
      expect(text).toContain(t('changed.argumentWhy'));
      expect(text).not.toContain('{{');
    }
  });

  it('route-anthropic: one route object changed at every call', async () => {
    const report = await runner.run('route-anthropic', 'en', mistake('route-anthropic', 'shared-route-object.ts'));
    const verdict = verdicts(report)[0]!;
    expect(verdict).toMatchObject({
      status: 'changed',
      change: { kind: 'changed-result', name: 'routeAnthropic', path: 'result.text', shownPath: 'result' },
    });
    if (verdict.status !== 'changed') return;
    const { call, seen } = verdict.change;
    expect(seen).toBe(call + 1);
    for (const locale of LOCALES) {
      const t = translate(locale);
      const body = verdictBody(verdict, t, false)!;
      expect(body.querySelector('p.bad')!.textContent).toBe(
        t('changed.result', { name: 'routeAnthropic', call, seen, where: 'result.text' }).replace(/`/g, ''),
      );
      expect(body.querySelector('.exercise-expected .exercise-label')!.textContent).toBe(
        t('changed.returned', { call, where: 'result' }),
      );
      expect(body.querySelector('.exercise-actual .exercise-label')!.textContent).toBe(
        t('changed.afterCall', { seen, where: 'result' }),
      );
      expect(body.textContent).toContain(t('changed.resultWhy').replace(/`/g, ''));
    }
  });
});
