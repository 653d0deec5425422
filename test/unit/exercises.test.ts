// The four exercises (the lesson's section "Exercises", /ga-ai/06-answer-on-the-wire/#exercises) and their check engine: every reference solution passes every
// case and every starter fails one, in each language; the expected outputs are the lesson's; the
// engine's verdicts (pass, wrong output, throw, missing or wrongly typed export, syntax error,
// load error) and the runner's time limit, in a real worker as in the page.

import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import {
  IMPROVISATION_ANSWER,
  VOICING_ANSWER,
  VOICING_QUESTION,
  consumePageStream,
  createInPageHost,
  createPageChat,
  readChatService,
  splitAfter743,
  splitPinned,
  streamOf,
  writeGaApiEvent,
  writeGaChatbotEvent,
  type PageConsume,
} from '../../lessons-code/index.ts';
import { EXERCISES, EXERCISE_IDS, exerciseStorageKey } from '../../lessons-code/exercises/index.ts';
import { checkExports, deepEqual, kindOf, showValue } from '../../lessons-code/exercises/check.ts';
import { isLessonsCode, learnerLine, loadModule, transpile } from '../../lessons-code/exercises/compile.ts';
import { unwantedSplit } from '../../lessons-code/exercises/chunks-as-units.ts';
import { FAILURE_BUBBLE } from '../../lessons-code/exercises/error-ends-stream.ts';
import { EXPECTED_TABLE } from '../../lessons-code/exercises/fix-746.ts';
import { localizeCode, LOCALES } from '../../lessons-code/exercises/localize.ts';
import { checkSource } from '../../lessons-code/exercises/pipeline.ts';
import { CHECK_LIMIT_MS, ExerciseRunner, type FromWorker, type WorkerLike } from '../../lessons-code/exercises/runner.ts';
import type { CheckReport, ExerciseDefinition, LearnerExports } from '../../lessons-code/exercises/types.ts';
import { lessonStreams } from './helpers.ts';

const statuses = (report: CheckReport): string[] => (report.outcome === 'checked' ? report.cases.map((c) => c.verdict.status) : [report.outcome]);

/** Loads a learner's source as the worker does and returns its exports. */
function exportsOf(source: string): LearnerExports {
  const compiled = transpile(source);
  if (!compiled.ok) throw new Error(compiled.problem.message);
  const loaded = loadModule(compiled.code, console);
  if (!loaded.ok) throw new Error('did not load');
  return loaded.exports;
}

describe('each exercise, in each language', () => {
  for (const id of EXERCISE_IDS) {
    const definition = EXERCISES[id];
    for (const locale of LOCALES) {
      it(`${id} (${locale}): the reference solution passes every case`, async () => {
        const report = await checkSource(definition, definition.solution[locale]);
        expect(statuses(report)).toEqual(definition.cases.map(() => 'pass'));
        expect(report.outcome === 'checked' && report.solved).toBe(true);
      });
      it(`${id} (${locale}): the starter code loads and fails at least one case with a wrong result`, async () => {
        const report = await checkSource(definition, definition.starter[locale]);
        expect(report.outcome).toBe('checked');
        expect(statuses(report)).toContain('fail');
        expect(report.outcome === 'checked' && report.solved).toBe(false);
      });
    }
    it(`${id}: the three languages differ only in comments`, () => {
      const code = (text: string) => text.split('\n').filter((line) => !line.trim().startsWith('//')).join('\n');
      for (const which of ['starter', 'solution'] as const) {
        expect(code(definition[which].es)).toBe(code(definition[which].en));
        expect(code(definition[which].fr)).toBe(code(definition[which].en));
      }
    });
    it(`${id}: every case and hint is written in all three languages`, () => {
      for (const c of definition.cases) for (const locale of LOCALES) expect(c.title[locale].length).toBeGreaterThan(5);
      for (const locale of LOCALES) expect(definition.hints[locale]).toHaveLength(definition.hints.en.length);
      expect(definition.hints.en.length).toBeGreaterThanOrEqual(2);
    });
  }
});

describe('what the checks expect (the lesson, #exercises)', () => {
  it('1. predict: "a\\nb" through GaChatbot.Api, "a" through GaApi, and neither depends on the system', () => {
    const [gachatbot, gaapi, system] = EXERCISES.predict.cases;
    expect(gachatbot!.expected).toEqual(['a\nb']);
    expect(gaapi!.expected).toEqual(['a']);
    expect(system!.expected).toBe('neither');
  });

  it('1. predict: the proof shows both writers’ bytes, the ignored field "b", and the events', () => {
    const reveal = EXERCISES.predict.reveal!();
    const texts = reveal.blocks.map((block) => block.text);
    expect(texts).toContain('data: a\ndata: b\n\n');
    expect(texts).toContain('data: a\r\nb\n\n');
    expect(texts).toContain('["a\\nb"]');
    expect(texts).toContain('["a"]');
    const gaapiLines = reveal.blocks.find((block) => block.text === 'data: a\r\nb\n\n')!.lines!;
    expect(gaapiLines.map((line) => line.text)).toEqual(['data: a\r\n', 'b\n', '\n']);
    expect(gaapiLines[1]!.explanation.en).toContain('"b"');
    expect(gaapiLines[1]!.explanation.en).toContain('ignored');
  });

  it('2. fix #746: exact for all six pairs with #743’s chunks, 6 line breaks missing for all six with the pinned chunks', () => {
    expect(EXPECTED_TABLE).toHaveLength(6);
    for (const row of EXPECTED_TABLE) expect(row.slice(2)).toEqual(['6 line breaks missing', 'exact']);
    expect(EXPECTED_TABLE.map((row) => `${row[0]} / ${row[1]}`)).toEqual([
      'GaChatbot.Api / HTML standard',
      'GaChatbot.Api / GaChatbot page',
      'GaChatbot.Api / ga-client chatService',
      'GaApi / HTML standard',
      'GaApi / GaChatbot page',
      'GaApi / ga-client chatService',
    ]);
  });

  it('2. fix #746: the starter is GaApi’s writer and chatService’s reader as they are', () => {
    const starter = exportsOf(EXERCISES['fix-746'].starter.en);
    const write = starter.writeGaApiEvent as (chunk: string) => string;
    const read = starter.readChatService as (stream: string) => string;
    for (const chunk of [...splitPinned(IMPROVISATION_ANSWER), 'a\r\nb', '', 'x\n\ny']) expect(write(chunk)).toBe(writeGaApiEvent(chunk));
    const streams = [...lessonStreams().map((s) => s.stream), streamOf(writeGaApiEvent, splitAfter743(IMPROVISATION_ANSWER)), 'data: x\n\ndata: {"a":1}\n\n  tail  '];
    for (const stream of streams) {
      let expected: string;
      try {
        expected = readChatService(stream);
      } catch (error) {
        expect(() => read(stream)).toThrow((error as Error).message);
        continue;
      }
      expect(read(stream)).toBe(expected);
    }
  });

  it('3. an error ends the stream: the bubble shows the failure message after "Request failed: "', () => {
    expect(FAILURE_BUBBLE).toBe('Request failed: Failed to process message. Please try again.');
    expect(EXERCISES['error-ends-stream'].cases[0]!.expected).toEqual([FAILURE_BUBBLE]);
    expect(EXERCISES['error-ends-stream'].cases[1]!.expected).toEqual([]);
    expect(EXERCISES['error-ends-stream'].cases[3]!.expected).toEqual([
      { role: 'user', content: VOICING_QUESTION },
      { role: 'assistant', content: VOICING_ANSWER },
    ]);
  });

  it('3. the starter is the page’s own consumeSseStream: same bubbles and history as the course’s port', async () => {
    const starter = exportsOf(EXERCISES['error-ends-stream'].starter.en).consumeSseStream as PageConsume;
    const run = async (consume: PageConsume) => {
      const chat = createPageChat(createInPageHost({ now: () => 0, newId: () => 'id' }), consume);
      await chat.submit('which arpeggio fits Am F C G');
      await chat.submit(VOICING_QUESTION);
      return { bubbles: chat.bubbles, history: chat.history };
    };
    expect(await run(starter)).toEqual(await run(consumePageStream));
  });

  it('4. #743 keeps every character; the cut after "e.g. " or "3. " is found, a sentence end is not', () => {
    expect(unwantedSplit(splitAfter743('Use a passing tone, e.g. a chromatic note.\n'))).toBe(0);
    expect(unwantedSplit(splitAfter743('Steps:\n\n1. Play the root.\n2. Add the third.\n3. Add the fifth.\n'))).toBe(0);
    expect(unwantedSplit(['Play it. ', 'Then stop.'])).toBeNull();
    expect(unwantedSplit(['Over 3. ', 'x'])).toBeNull(); // "3." mid-line is a sentence end, not a list number
    expect(unwantedSplit(['i.e. ', 'the third'])).toBe(0);
    expect(unwantedSplit(['So e.g. '])).toBeNull(); // the last chunk: no cut after it
    const answer = 'Use a passing tone, e.g. a chromatic note.\n';
    expect(splitAfter743(answer).join('')).toBe(answer);
  });
});

describe('the check engine', () => {
  const definition: ExerciseDefinition = {
    id: 'predict',
    title: { en: 't', es: 't', fr: 't' },
    starter: { en: '', es: '', fr: '' },
    solution: { en: '', es: '', fr: '' },
    exports: [
      { name: 'double', kind: 'function' },
      { name: 'words', kind: 'string-array' },
    ],
    cases: [
      { id: 'double', title: { en: 'double', es: 'd', fr: 'd' }, uses: ['double'], run: (l) => (l.double as (s: string) => string)('ab'), expected: 'abab' },
      { id: 'words', title: { en: 'words', es: 'w', fr: 'w' }, uses: ['words'], run: (l) => l.words, expected: ['a', 'b'] },
    ],
    hints: { en: [], es: [], fr: [] },
  };

  it('pass: every case passes and the report says solved', async () => {
    const report = await checkSource(definition, "export const double = (s: string): string => s + s;\nexport const words: string[] = ['a', 'b'];\n");
    expect(statuses(report)).toEqual(['pass', 'pass']);
    expect(report.outcome === 'checked' && report.solved).toBe(true);
  });

  it('wrong output: expected against actual, escapes visible', async () => {
    const report = await checkSource(definition, "export const double = (s: string) => s + '\\n';\nexport const words = ['a', 'b'];\n");
    expect(report.outcome).toBe('checked');
    if (report.outcome !== 'checked') return;
    expect(report.cases[0]!.verdict).toEqual({ status: 'fail', expected: { kind: 'code', text: '"abab"' }, actual: { kind: 'code', text: '"ab\\n"' } });
    expect(report.cases[1]!.verdict.status).toBe('pass');
  });

  it('throw: the message and the line of the learner’s code it came from', async () => {
    const source = "export function double(s: string): string {\n  const n: number = 1;\n  throw new TypeError('no ' + s);\n}\nexport const words = ['a', 'b'];\n";
    const report = await checkSource(definition, source);
    expect(report.outcome === 'checked' && report.cases[0]!.verdict).toEqual({ status: 'throw', message: 'TypeError: no ab', line: 3 });
  });

  it('throw from lessons-code, called by the learner: the learner’s line', async () => {
    const source = "import { splitPinned } from 'lessons-code';\n\nexport function double(s: string) {\n  return (splitPinned as any)(s).map((x: any) => x.y.z);\n}\nexport const words = ['a', 'b'];\n";
    const report = await checkSource(definition, source);
    const verdict = report.outcome === 'checked' ? report.cases[0]!.verdict : null;
    expect(verdict?.status).toBe('throw');
    expect(verdict?.status === 'throw' && verdict.line).toBe(4);
  });

  it('missing export and wrongly typed export: which one, and what it is', async () => {
    const report = await checkSource(definition, "export const words = 'a b';\n");
    expect(report.outcome === 'checked' && report.cases.map((c) => c.verdict)).toEqual([
      { status: 'export', name: 'double', expectedKind: 'function', actualKind: 'missing' },
      { status: 'export', name: 'words', expectedKind: 'string-array', actualKind: 'string' },
    ]);
  });

  it('syntax error: the transpiler’s message with line and column', async () => {
    const report = await checkSource(definition, "export const words = ['a', 'b'];\n\nexport function double(s: string) {\n  return s +;\n}\n");
    expect(report).toMatchObject({ outcome: 'compile-error', problem: { message: 'Unexpected token', line: 4, column: 13 } });
  });

  it('syntax error only the engine sees (a name declared twice): the message, no position', async () => {
    const report = await checkSource(definition, 'let a = 1;\nlet a = 2;\n');
    expect(report.outcome).toBe('compile-error');
    expect(report.outcome === 'compile-error' && report.problem.message).toMatch(/already been declared/);
  });

  it('load error: code that throws at the top level, with its line; an import other than lessons-code, named', async () => {
    expect(await checkSource(definition, "const x = 1;\nthrow new Error('top');\n")).toMatchObject({ outcome: 'load-error', message: 'Error: top', line: 2 });
    expect(await checkSource(definition, "import fs from 'node:fs';\nexport const words = [fs];\n")).toMatchObject({ outcome: 'load-error', importName: 'node:fs', line: 1 });
  });

  it('lessons-code can be imported by name or by the lesson’s relative path', async () => {
    expect(isLessonsCode('lessons-code')).toBe(true);
    expect(isLessonsCode('../lessons-code/index.ts')).toBe(true);
    expect(isLessonsCode('../../lessons-code')).toBe(true);
    expect(isLessonsCode('lessons-code/answers.ts')).toBe(false);
    const learner = exportsOf("import * as lc from '../lessons-code/index.ts';\nimport { show } from 'lessons-code';\nexport const a = show(lc.VOICING_QUESTION);\n");
    expect(learner.a).toBe('"Show me Cmaj7 voicings"');
  });

  it('the learner’s console output is captured, bounded, and reported', async () => {
    const report = await checkSource(definition, "console.log('hi', [1, 'x']);\nfor (let i = 0; i < 500; i++) console.log(i);\nexport const words = ['a', 'b'];\n");
    expect(report.console[0]).toBe('hi [1, "x"]');
    expect(report.console.length).toBe(101);
  });

  it('async cases are awaited; an export that cannot even be read is reported, never thrown', async () => {
    const asyncDefinition: ExerciseDefinition = { ...definition, cases: [{ ...definition.cases[0]!, run: async (l) => (l.double as (s: string) => Promise<string>)('x') }] };
    expect(statuses(await checkSource(asyncDefinition, 'export async function double(s: string) { return s; }\n'))).toEqual(['fail']);
    const hostile = new Proxy({}, { ownKeys: () => { throw new Error('no'); }, getOwnPropertyDescriptor: () => { throw new Error('no'); } });
    const reports = await checkExports(definition, hostile as LearnerExports);
    expect(reports.map((r) => r.verdict.status)).toEqual(['export', 'export']);
  });

  it('values show with escapes and stay bounded', () => {
    expect(showValue('a\r\nb')).toBe('"a\\r\\nb"');
    expect(showValue([['x'], { a: 1, 'b c': undefined }])).toBe('[["x"], { a: 1, "b c": undefined }]');
    const cyclic: unknown[] = [];
    cyclic.push(cyclic);
    expect(showValue(cyclic)).toBe('[[circular]]');
    expect(showValue('x'.repeat(10_000)).length).toBeLessThan(2100);
    expect(showValue(Array.from({ length: 1000 }, (_, i) => i))).toContain('…(+950)');
    expect(showValue(() => 1)).toBe('[function (anonymous)]');
    expect(kindOf(['a'])).toBe('string-array');
    expect(kindOf([1])).toBe('array');
    expect(deepEqual({ a: [1, 'x'] }, { a: [1, 'x'] })).toBe(true);
    expect(deepEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(deepEqual([NaN], [NaN])).toBe(true);
  });

  it('the learner’s line survives a wrapper that adds lines above the code', () => {
    const error = new Error('x');
    error.stack = 'Error: x\n    at f (learner.ts:7:3)';
    expect(learnerLine(error)).toBe(5); // V8 puts two lines of the Function header above the body
    expect(learnerLine('thrown string')).toBeNull();
  });

  it('localized code: multi-line comments keep the indentation', () => {
    const code = localizeCode('  // {{a}}\nx();\n', { en: { a: 'one\ntwo' }, es: { a: 'uno' }, fr: { a: 'un' } });
    expect(code.en).toBe('  // one\n  // two\nx();\n');
    expect(code.es).toBe('  // uno\nx();\n');
  });

  it('the storage key is versioned per exercise', () => {
    expect(exerciseStorageKey('fix-746')).toBe('ga-course:l6:v1:exercise:fix-746');
  });
});

describe('the runner: a worker per check, stopped after the time limit', () => {
  const spawned: Worker[] = [];
  const spawn = (): WorkerLike => {
    const worker = new Worker(new URL('./exercise-node-worker.ts', import.meta.url));
    spawned.push(worker);
    return {
      post: (message) => worker.postMessage(message),
      listen: (onMessage, onFailure) => {
        worker.on('message', (message: FromWorker) => onMessage(message));
        worker.on('error', (error) => onFailure(error.message));
      },
      terminate: () => void worker.terminate(),
    };
  };
  /** The delay of every runner timer that went off: which limit stopped a check, with no clock read. */
  const fired: number[] = [];
  const runner = new ExerciseRunner(spawn, {
    setTimer: (run, ms) =>
      setTimeout(() => {
        fired.push(ms);
        run();
      }, ms),
  });
  afterAll(() => runner.dispose());

  it('the page’s limit is 2 s', () => {
    expect(CHECK_LIMIT_MS).toBe(2000);
  });

  // The test's timeout (20 s, ten times the limit) is the bound on finishing; `npm run bench:limits`
  // prints how long the stop takes.
  it('timeout: `while (true) {}` at the top level is stopped by the 2 s limit', async () => {
    fired.length = 0;
    const report = await runner.run('predict', 'while (true) {}\n');
    expect(report).toMatchObject({ outcome: 'load-timeout', timedOut: true });
    expect(fired).toEqual([CHECK_LIMIT_MS]); // the check's limit stopped it, nothing else
  });

  it('timeout inside a case: the cases before keep their verdicts, that one says timeout, the rest were not run', async () => {
    const source = "export function writeGaApiEvent(chunk: string) { return 'data: ' + chunk + '\\n\\n'; }\nexport function readChatService(stream: string): string { for (;;) {} }\n";
    const report = await runner.run('fix-746', source);
    expect(report.timedOut).toBe(true);
    expect(statuses(report)).toEqual(['fail', 'timeout', 'skipped']);
  });

  it('a promise that never settles is stopped the same way', async () => {
    const report = await runner.run('error-ends-stream', 'export const consumeSseStream = () => new Promise(() => {});\n');
    expect(statuses(report)).toEqual(['timeout', 'skipped', 'skipped', 'skipped']);
  });

  it('after a timeout the next check runs in a fresh worker and passes; the syntax check still answers', async () => {
    const definition = EXERCISES['chunks-as-units'];
    const report = await runner.run('chunks-as-units', definition.solution.en);
    expect(report.outcome === 'checked' && report.solved).toBe(true);
    expect(await runner.transpile('const x = ;')).toEqual({ message: 'Unexpected token', line: 1, column: 11 });
    expect(await runner.transpile(definition.starter.en)).toBeNull();
  });

  it('a spare worker warms up on every exercise before it says it is ready, and then checks at once', async () => {
    await runner.ready();
    const warmed = spawned.length;
    // The check runs in the worker that was already warm: no worker is started for it (the next
    // spare starts only once the verdict is in).
    let workersDuringCheck = -1;
    const report = await runner.run('error-ends-stream', EXERCISES['error-ends-stream'].solution.fr, () => {
      if (workersDuringCheck < 0) workersDuringCheck = spawned.length;
    });
    expect(report.outcome === 'checked' && report.solved).toBe(true);
    expect(workersDuringCheck).toBe(warmed);
    expect(spawned.length).toBe(warmed + 1);
  });

  it('every check used a worker of its own', () => {
    expect(spawned.length).toBeGreaterThanOrEqual(4);
  });
});

describe('the exercise data stays the lesson’s', () => {
  it('the improvisation answer through the fixed pair is exact with #743’s chunks', () => {
    const fixed = exportsOf(EXERCISES['fix-746'].solution.en);
    const stream = streamOf(fixed.writeGaApiEvent as (c: string) => string, splitAfter743(IMPROVISATION_ANSWER));
    expect((fixed.readChatService as (s: string) => string)(stream)).toBe(IMPROVISATION_ANSWER);
    expect(writeGaChatbotEvent('a\r\nb')).toBe('data: a\ndata: b\n\n');
  });
});
