// The exercises and their check, as the page runs them (the rules of an exercise's files, complete
// and translated, are the contract's: src/exercise-engine/check-exercise.ts, run by
// exercise-contract.test.ts): each reference solution and each alternative solution passes every
// case, each starter does not; the expected
// values are the lesson's; the engine's verdicts (wrong value, throw, export, syntax, load error,
// prediction not given, fake fetch); the runner's time limit; and every attack of
// test/unit/exercise-engine/exercises-attacks/ ends without a pass. Learner code runs in a
// node:worker_threads worker with the same harness as the page's.

import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { MessageChannel, Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import {
  IMPROVISATION_ANSWER,
  STREAM_PATH,
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
  type ExerciseCase,
  type ExerciseDefinition,
  type ExerciseText,
  type PageConsume,
} from '../../../lessons-code/index.ts';
import { LearnerLink, type CheckerPort } from '../../../src/exercise-engine/learner-link.ts';
import { runCheck } from '../../../src/exercise-engine/verdicts.ts';
import { EXERCISE_IDS, exerciseDefinition, exerciseText, globRegistry } from '../../../src/exercise-engine/registry.ts';
import { nodeRegistry } from '../../../src/exercise-engine/registry-node.ts';
import {
  CHECK_LIMIT_MS,
  ExerciseRunner,
  RUNNER_FAILURE_KINDS,
  RunnerFailure,
  type Endpoint,
} from '../../../src/exercise-engine/runner.ts';
import { isSolved } from '../../../src/exercise-engine/solved.ts';
import { alternativeSources, exerciseSource } from '../../../src/exercise-engine/sources.ts';
import { LOCALES, type CheckReport } from '../../../src/exercise-engine/types.ts';
import { deepEqual, kindOf, showValue } from '../../../src/exercise-engine/values.ts';
import { variantOf } from '../../../src/exercise-engine/variants.ts';
import { seamIn, unwantedSplit } from '../../../lessons-code/exercises/chunks-as-units/cases.ts';
import {
  FAILURE_BUBBLE,
  FAILURE_STREAM,
  JSON_ANSWER,
  PAGE_READS,
  VOICING_STREAM_SHOWN,
} from '../../../lessons-code/exercises/error-ends-stream/cases.ts';
import { EXPECTED_TABLE } from '../../../lessons-code/exercises/fix-746/cases.ts';
// An exercise's file is its reference solution as a module (its starter is a variant of it).
import * as predictSolution from '../../../lessons-code/exercises/predict/exercise.ts';
import * as fixSolution from '../../../lessons-code/exercises/fix-746/exercise.ts';
import { importVariant } from './exercise-variants.ts';
import { testPlatform } from './exercises-platform.ts';
import { endPageChecks, pageCheck } from './page-check.ts';
import { uiStrings } from '../../ui-strings.ts';
import { EXERCISES, exerciseIds } from '../../exercises.ts';

const EXERCISES_DIR = new URL('../../../lessons-code/exercises/', import.meta.url);
const ATTACKS_DIR = new URL('./exercises-attacks/', import.meta.url);
const statuses = (report: CheckReport): string[] =>
  report.outcome === 'checked' ? report.cases.map((c) => c.verdict.status) : [report.outcome];
const caseIds = (id: string): string[] => exerciseDefinition(id)!.cases.map((c) => c.id);

/** A case with chosen inputs of an exercise, by its id. */
function chosenCase(exercise: string, id: string): ExerciseCase {
  const found = exerciseDefinition(exercise)!.cases.find((c) => c.id === id);
  if (found === undefined || found.kind === 'generated') throw new Error(`${exercise} has no chosen case ${id}`);
  return found;
}

/**
 * Alternative right answers: the files of lessons-code/exercises/<id>/alternatives/, and the `// #alternative` branches
 * of its exercise.ts.
 */
function alternatives(id: string): { name: string; source: string }[] {
  const dir = new URL(`${id}/alternatives/`, EXERCISES_DIR);
  const files = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.ts')) : [];
  return [
    ...files.map((name) => ({ name, source: readFileSync(new URL(name, dir), 'utf8') })),
    ...alternativeSources(id),
  ];
}

const platform = testPlatform(globRegistry);
const runner = new ExerciseRunner(platform);
afterAll(() => runner.dispose());
afterAll(endPageChecks);

describe('the exercise folders', () => {
  it('the course’s exercises are found by their folders, by Vite’s globs and in plain Node alike', async () => {
    // The folders themselves (test/exercises.ts), as every other test's list of exercises.
    expect(EXERCISE_IDS).toEqual(exerciseIds());
    expect(EXERCISE_IDS.length).toBeGreaterThanOrEqual(9);
    const node = await nodeRegistry();
    expect(node.ids).toEqual(EXERCISE_IDS);
    for (const id of EXERCISE_IDS)
      for (const locale of LOCALES) expect(node.text(id, locale)).toEqual(exerciseText(id, locale));
  });

  it('a prediction hides its expected values: no case text and no hint states them', () => {
    for (const locale of LOCALES) {
      const text = JSON.stringify(exerciseText('predict', locale));
      expect(text).not.toContain('["a\\\\nb"]');
      expect(text).not.toMatch(/\[\s*\\"a\\"\s*\]/);
    }
  });
});

describe('each exercise in the learner’s worker', () => {
  for (const id of EXERCISES) {
    for (const locale of LOCALES) {
      it(`${id} (${locale}): the reference solution passes every case`, async () => {
        const report = await runner.run(id, locale, exerciseSource(id, 'solution', locale));
        expect(statuses(report)).toEqual(caseIds(id).map(() => 'pass'));
        expect(isSolved(report, caseIds(id))).toBe(true);
      });
    }
    it(`${id}: the starter does not pass`, async () => {
      const report = await runner.run(id, 'en', exerciseSource(id, 'starter', 'en'));
      expect(isSolved(report, caseIds(id))).toBe(false);
      if (exerciseDefinition(id)!.kind === 'prediction')
        expect(report).toMatchObject({
          outcome: 'unanswered',
          names: ['fromGaChatbotApi', 'fromGaApi', 'dependsOnSystem'],
        });
      else expect(statuses(report)).toContain('fail');
    });
    for (const { name, source } of alternatives(id)) {
      it(`${id}: the alternative ${name} passes every case`, async () => {
        // the check learner-sides.test.ts compares with mutation testing's, run once (page-check.ts)
        const report = await pageCheck(id, source);
        expect(statuses(report)).toEqual(caseIds(id).map(() => 'pass'));
      });
    }
  }
});

describe('what the checks expect (the lesson’s figures)', () => {
  it('1. predict: "a\\nb" through GaChatbot.Api, "a" through GaApi, and neither depends on the system', () => {
    const [gachatbot, gaapi, system] = exerciseDefinition('predict')!.cases;
    expect(gachatbot!.expected).toEqual(['a\nb']);
    expect(gaapi!.expected).toEqual(['a']);
    expect(system!.expected).toBe('neither');
    // The exercise's file is the solution as a real module: the values the page would type are these.
    expect(predictSolution.fromGaChatbotApi).toEqual(['a\nb']);
  });

  it('1. predict: the proof shows both writers’ bytes, the ignored field "b", and the events', async () => {
    const reveal = await runner.reveal('predict', 'en');
    const texts = reveal!.proof.map((block) => block.text);
    expect(texts).toContain('data: a\ndata: b\n\n');
    expect(texts).toContain('data: a\r\nb\n\n');
    expect(texts).toContain('["a\\nb"]');
    expect(texts).toContain('["a"]');
    const gaapiLines = reveal!.proof.find((block) => block.text === 'data: a\r\nb\n\n')!.lines!;
    expect(gaapiLines.map((line) => line.text)).toEqual(['data: a\r\n', 'b\n', '\n']);
    expect(gaapiLines[1]!.explanation).toContain('"b"');
    expect(gaapiLines[1]!.explanation).toContain('ignored');
    expect(reveal!.expected).toEqual({
      gachatbot: { kind: 'code', text: '["a\\nb"]' },
      gaapi: { kind: 'code', text: '["a"]' },
      system: { kind: 'code', text: '"neither"' },
    });
    const fr = await runner.reveal('predict', 'fr');
    expect(fr!.proof[1]!.label).toBe('Événements déclenchés par le lecteur standard');
  });

  it('2. fix #746: exact for all six pairs with #743’s chunks, 6 line breaks missing with the pinned chunks', () => {
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

  it(
    '2. fix #746: the starter is GaApi’s writer and chatService’s reader as they ' +
      'are; the solution reads #743’s stream exactly',
    async () => {
      const fixStarter = await importVariant<typeof fixSolution>('fix-746', 'starter');
      for (const chunk of [...splitPinned(IMPROVISATION_ANSWER), 'a\r\nb', '', 'x\n\ny'])
        expect(fixStarter.writeGaApiEvent(chunk)).toBe(writeGaApiEvent(chunk));
      const streams = [
        streamOf(writeGaApiEvent, splitAfter743(IMPROVISATION_ANSWER)),
        'data: x\n\ndata: {"a":1}\n\n  tail  ',
        'data: {"error":"boom"}\n\n',
      ];
      for (const stream of streams) {
        let expected: string;
        try {
          expected = readChatService(stream);
        } catch (error) {
          expect(() => fixStarter.readChatService(stream)).toThrow((error as Error).message);
          continue;
        }
        expect(fixStarter.readChatService(stream)).toBe(expected);
      }
      const stream = streamOf(fixSolution.writeGaApiEvent, splitAfter743(IMPROVISATION_ANSWER));
      expect(fixSolution.readChatService(stream)).toBe(IMPROVISATION_ANSWER);
    },
  );

  it('3. an error ends the stream: the bubble shows the failure message after "Request failed: "', () => {
    expect(FAILURE_BUBBLE).toBe('Request failed: Failed to process message. Please try again.');
    const cases = exerciseDefinition('error-ends-stream')!.cases;
    const expectedOf = (id: string) => cases.find((c) => c.id === id)!.expected;
    expect(expectedOf('failure-bubble')).toEqual([FAILURE_BUBBLE]);
    expect(expectedOf('keep-alive-then-failure')).toEqual([FAILURE_BUBBLE]);
    expect(expectedOf('failure-history')).toEqual([]);
    expect(expectedOf('history')).toEqual([
      { role: 'user', content: VOICING_QUESTION },
      { role: 'assistant', content: VOICING_ANSWER },
    ]);
  });

  it('3. the starter is the page’s own consumeSseStream: same bubbles and history as the course’s port', async () => {
    const run = async (consume: PageConsume) => {
      const chat = createPageChat(createInPageHost({ now: () => 0, newId: () => 'id' }), consume);
      await chat.submit('which arpeggio fits Am F C G');
      await chat.submit(VOICING_QUESTION);
      return { bubbles: chat.bubbles, history: chat.history };
    };
    const errorStarter = await importVariant<{ consumeSseStream: PageConsume }>('error-ends-stream', 'starter');
    expect(await run(errorStarter.consumeSseStream)).toEqual(await run(consumePageStream));
  });

  it('3. page-stream expects what the page’s own reader returns for its reads, as the starter does', async () => {
    const body = () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const read of PAGE_READS) controller.enqueue(read);
          controller.close();
        },
      });
    const pageStream = exerciseDefinition('error-ends-stream')!.cases.find((c) => c.id === 'page-stream')!;
    const errorStarter = await importVariant<{ consumeSseStream: PageConsume }>('error-ends-stream', 'starter');
    expect(pageStream.expected).toEqual(await consumePageStream(body()));
    expect(pageStream.expected).toEqual(await errorStarter.consumeSseStream(body()));
  });

  it('3. the streams the cases show are the host’s (its routing event cut as the program prints it)', async () => {
    const host = createInPageHost({ now: () => 0, newId: () => 'id' });
    const streamFor = async (message: string) =>
      (
        await host(STREAM_PATH, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ message }),
        })
      ).text();
    expect(await streamFor('which arpeggio fits Am F C G')).toBe(FAILURE_STREAM);
    const voicing = await streamFor(VOICING_QUESTION);
    const afterRouting = (stream: string) => stream.slice(stream.indexOf('\n\n'));
    expect(afterRouting(VOICING_STREAM_SHOWN)).toBe(afterRouting(voicing));
    const shownRouting = VOICING_STREAM_SHOWN.slice(0, VOICING_STREAM_SHOWN.indexOf('…'));
    expect(voicing.startsWith(shownRouting)).toBe(true);
    // The answer a search for "error" or a test for JSON alone would end: its first chunk says
    // "error" and is no JSON, its last is JSON with no `error` property.
    const chunks = splitAfter743(JSON_ANSWER);
    expect(chunks).toHaveLength(3);
    expect(chunks[0]).toContain('"error"');
    expect(() => JSON.parse(chunks[0]!)).toThrow(SyntaxError);
    expect(Object.keys(JSON.parse(chunks[2]!))).toEqual(['chord', 'frets']);
  });

  it('4. #743 keeps every character; the split after "e.g. " or "3. " is found, a sentence end is not', () => {
    expect(unwantedSplit(splitAfter743('Use a passing tone, e.g. a chromatic note.\n'))).toBe(0);
    expect(unwantedSplit(splitAfter743('Steps:\n\n1. Play the root.\n2. Add the third.\n3. Add the fifth.\n'))).toBe(0);
    expect(unwantedSplit(['Play it. ', 'Then stop.'])).toBeNull();
    expect(unwantedSplit(['Over 3. ', 'x'])).toBeNull(); // "3." mid-line is a sentence end, not a list number
    expect(unwantedSplit(['i.e. ', 'the third'])).toBe(0);
    expect(unwantedSplit(['So e.g. '])).toBeNull(); // the last chunk: no split after it
  });

  it('4. a client is judged where the two chunks meet: trimmed then spaced, or trimmed whole, is no change', () => {
    const renderChanges = chosenCase('chunks-as-units', 'render-changes');
    const pair = splitAfter743('Use a passing tone, e.g. a chromatic note.\n');
    expect(pair).toEqual(['Use a passing tone, e.g. ', 'a chromatic note.\n']);
    expect(seamIn(pair.join(''), pair)).toBe(' ');
    const judged = (rendered: unknown) => renderChanges.accept!({ pair, rendered });
    expect(judged(pair.map((chunk) => chunk.trim()).join(''))).toBe(true); // "e.g.a chromatic"
    expect(judged(pair.join('\n'))).toBe(true);
    expect(judged(pair.join(' '))).toBe(true);
    expect(judged(pair.map((chunk) => chunk.trim()).join(' '))).toBe(false);
    expect(judged(pair.join('').trimEnd())).toBe(false);
    expect(judged(pair.join(''))).toBe(false);
    expect(judged(pair.map((chunk) => chunk.trim()))).toBe(false);
    expect(judged('Use a passing tone, E.G. A CHROMATIC NOTE.')).toBe(false); // the chunks' own text changed
    // render-keeps-text: whitespace may change, nothing else.
    const renderKeeps = chosenCase('chunks-as-units', 'render-keeps-text');
    const keeps = (rendered: unknown) => renderKeeps.accept!({ pair, rendered });
    expect(keeps(pair.map((chunk) => chunk.trim()).join(''))).toBe(true);
    expect(keeps(pair.join('\n'))).toBe(true);
    expect(keeps(pair.map((chunk) => chunk.trim()).join(' / '))).toBe(false);
    expect(keeps(pair.join('').slice(1))).toBe(false);
    expect(keeps(pair.map((chunk) => chunk.trim()))).toBe(false);
  });
});

describe('a new exercise is a new folder, nothing else (docs/authoring.md, "Adding an exercise")', () => {
  it('the example exercise of docs/authoring.md, written to a folder of its own, is found and checked', async () => {
    const guide = readFileSync(new URL('../../../docs/authoring.md', import.meta.url), 'utf8');
    const section = guide.slice(guide.indexOf('## Adding an exercise'));
    const files = [...section.matchAll(/```(?:ts|json)\n\/\/ (lessons-code\/exercises\/[^\n]+)\n([\s\S]*?)```/g)].map(
      (m) => ({ path: m[1]!, text: m[2]! }),
    );
    expect(files.map((f) => f.path.split('/').pop())).toEqual(['exercise.ts', 'cases.ts', 'text.en.json']);
    // A copy of the project's layout: the new folder beside lessons-code's index.ts and package.json
    // (through which the example's `'lessons-code'` resolves).
    const root = mkdtempSync(join(tmpdir(), 'exercise-'));
    mkdirSync(join(root, 'lessons-code'), { recursive: true });
    for (const file of ['index.ts', 'package.json'])
      symlinkSync(new URL(`../../../lessons-code/${file}`, import.meta.url).pathname, join(root, 'lessons-code', file));
    for (const file of files) {
      mkdirSync(dirname(join(root, file.path)), { recursive: true });
      writeFileSync(join(root, file.path), file.text);
    }
    const registry = await nodeRegistry(new URL(`file://${join(root, 'lessons-code/exercises/')}`));
    expect(registry.ids).toEqual(['last-event']);
    const example = new ExerciseRunner(testPlatform(registry));
    try {
      const file = files.find((f) => f.path.endsWith('exercise.ts'))!.text;
      const solution = variantOf(file, 'solution');
      const starter = variantOf(file, 'starter');
      expect(starter).toBe(
        '// Return the data of the last event of the stream.\n' +
          'export async function lastData(body: ReadableStream<Uint8Array>): Promise<string> {\n' +
          "  return '';\n}\n",
      );
      expect(statuses(await example.run('last-event', 'en', solution))).toEqual(['pass']);
      expect(statuses(await example.run('last-event', 'en', starter))).toEqual(['fail']);
    } finally {
      example.dispose();
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the predict exercise', () => {
  it('a prediction of no event at all ([]) is checked like any other, not taken for a value not given', async () => {
    const report = await runner.run(
      'predict',
      'en',
      "export const fromGaChatbotApi = ['a\\nb'];\nexport const fromGaApi: string[] = [];\n" +
        "export const dependsOnSystem = 'neither';\n",
    );
    expect(statuses(report)).toEqual(['pass', 'fail', 'pass']);
    expect(report.outcome === 'checked' && report.cases[1]!.verdict).toMatchObject({
      status: 'fail',
      expected: { kind: 'code', text: '["a"]' },
      actual: { kind: 'code', text: '[]' },
    });
  });
});

// ---- The engine's verdicts, on small exercises written here.

/** Runs `source` against a definition in a fresh learner's worker, as the checker worker would. */
async function check(
  definition: ExerciseDefinition,
  source: string,
  text: ExerciseText = { title: 't', cases: {}, hints: [] },
): Promise<CheckReport> {
  const worker = new Worker(new URL('./exercises-learner-worker-node.ts', import.meta.url));
  const { port1, port2 } = new MessageChannel();
  worker.postMessage({ port: port2 }, [port2]);
  const link = new LearnerLink(port1 as unknown as CheckerPort);
  try {
    await link.hello;
    return await runCheck({ definition, text, source }, link);
  } finally {
    link.close();
    await worker.terminate();
  }
}

/** An exercise whose function takes a fetch: the checker answers each request the learner's code makes. */
const FETCH_EXERCISE: ExerciseDefinition = {
  exports: { ask: 'function' },
  cases: [
    {
      id: 'one-call',
      uses: ['ask'],
      run: async (l) => {
        const fetch = l.fetch((request) =>
          request.url === '/api/chat'
            ? { status: 200, headers: { 'content-type': 'text/event-stream' }, chunks: ['data: hel', 'lo\n\n'] }
            : { status: 404 },
        );
        const text = await l.call('ask', fetch, 'hi');
        return { text, requests: fetch.requests };
      },
      expected: {
        text: '200 text/event-stream data: hello\n\n',
        requests: [
          {
            url: '/api/chat',
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{"message":"hi"}',
          },
        ],
      },
    },
    {
      id: 'in-page-host',
      uses: ['ask'],
      run: async (l) => {
        const host = createInPageHost({ now: () => 0, newId: () => 'x' });
        const fetch = l.fetch((request) =>
          host(STREAM_PATH, { method: request.method, headers: request.headers, body: request.body }),
        );
        return l.call('ask', fetch, VOICING_QUESTION);
      },
      accept: (text) => typeof text === 'string' && text.startsWith('200 text/event-stream') && text.includes('Cmaj7'),
    },
  ],
};

describe('the check engine', () => {
  const definition: ExerciseDefinition = {
    exports: { double: 'function', words: 'string-array' },
    cases: [
      { id: 'double', uses: ['double'], run: (l) => l.call('double', 'ab'), expected: 'abab' },
      { id: 'words', uses: ['words'], run: (l) => l.value('words'), expected: ['a', 'b'] },
    ],
  };

  it('pass: every case passes', async () => {
    const report = await check(
      definition,
      "export const double = (s: string): string => s + s;\nexport const words: string[] = ['a', 'b'];\n",
    );
    expect(statuses(report)).toEqual(['pass', 'pass']);
    expect(isSolved(report, ['double', 'words'])).toBe(true);
    expect(isSolved(report, ['double', 'words', 'more'])).toBe(false); // the page's own list decides
  });

  it('wrong output: expected against actual, escapes visible', async () => {
    const report = await check(
      definition,
      "export const double = (s: string) => s + '\\n';\nexport const words = ['a', 'b'];\n",
    );
    expect(report.outcome === 'checked' && report.cases[0]!.verdict).toEqual({
      status: 'fail',
      expected: { kind: 'code', text: '"abab"' },
      actual: { kind: 'code', text: '"ab\\n"' },
    });
  });

  it('throw: the engine’s own text and the learner’s line', async () => {
    const source =
      'export function double(s: string): string {\n  const n: number = 1;\n  throw ' +
      "new TypeError('no ' + s);\n}\nexport const words = ['a', 'b'];\n";
    const report = await check(definition, source);
    expect(report.outcome === 'checked' && report.cases[0]!.verdict).toEqual({
      status: 'throw',
      error: { name: 'TypeError', message: 'TypeError: no ab', line: 3, source: 'learner', kind: 'TypeError' },
    });
  });

  it('throw from lessons-code, called by the learner: the learner’s line', async () => {
    const source =
      "import { splitPinned } from 'lessons-code';\n\nexport function double(s: " +
      'string) {\n  return (splitPinned as any)(s).map((x: any) => x.y.z);\n}\nexport ' +
      "const words = ['a', 'b'];\n";
    const report = await check(definition, source);
    const verdict = report.outcome === 'checked' ? report.cases[0]!.verdict : null;
    expect(verdict).toMatchObject({ status: 'throw', error: { name: 'TypeError', line: 4 } });
  });

  it('a value that is not an Error, thrown: shown in code notation, no type', async () => {
    const report = await check(
      definition,
      "export function double() { throw { code: 42 }; }\nexport const words = ['a', 'b'];\n",
    );
    // With its kind, and the case's expected value beside it (verdicts.ts, `secondLook`).
    expect(report.outcome === 'checked' && report.cases[0]!.verdict).toEqual({
      status: 'throw',
      error: { name: null, message: '{ code: 42 }', line: null, source: 'learner', valueKind: 'object' },
      expected: { kind: 'code', text: '"abab"' },
    });
  });

  it('a function returned where a value was expected: it cannot leave the worker, and the case says so', async () => {
    const report = await check(definition, "export const double = () => () => 1;\nexport const words = ['a', 'b'];\n");
    expect(report.outcome === 'checked' && report.cases[0]!.verdict).toMatchObject({
      status: 'throw',
      error: { name: 'DataCloneError', source: 'check' },
    });
  });

  it('missing export and wrongly typed export: which one, and what it is', async () => {
    const report = await check(definition, "export const words = 'a b';\n");
    expect(report.outcome === 'checked' && report.cases.map((c) => c.verdict)).toEqual([
      { status: 'export', name: 'double', expectedKind: 'function', actualKind: 'missing' },
      { status: 'export', name: 'words', expectedKind: 'string-array', actualKind: 'string' },
    ]);
  });

  it('syntax error: the transpiler’s message with line and column; none is sent to the learner’s worker', async () => {
    const report = await check(
      definition,
      "export const words = ['a', 'b'];\n\nexport function double(s: string) {\n  return s +;\n}\n",
    );
    expect(report).toMatchObject({
      outcome: 'compile-error',
      problem: { message: 'Unexpected token', line: 4, column: 13 },
    });
  });

  it('syntax error only the engine sees (a name declared twice): the message, no position', async () => {
    const report = await check(definition, 'let a = 1;\nlet a = 2;\n');
    expect(report.outcome === 'compile-error' && report.problem.message).toMatch(/already been declared/);
  });

  it(
    'load error: code that throws at the top level, with its line; an import other ' + 'than lessons-code, named',
    async () => {
      expect(await check(definition, "const x = 1;\nthrow new Error('top');\n")).toMatchObject({
        outcome: 'load-error',
        error: { message: 'Error: top', line: 2 },
      });
      expect(await check(definition, "import fs from 'node:fs';\nexport const words = [fs];\n")).toMatchObject({
        outcome: 'load-error',
        importName: 'node:fs',
        error: { line: 1 },
      });
    },
  );

  describe('a prediction', () => {
    const words: ExerciseCase = { id: 'words', uses: ['words'], run: (l) => l.value('words'), expected: ['a'] };
    const word: ExerciseCase = { id: 'word', uses: ['word'], run: (l) => l.value('word'), expected: 'x' };
    const prediction: ExerciseDefinition = {
      kind: 'prediction',
      exports: { words: 'string-array', word: 'string' },
      cases: [words, word],
    };

    it('a value still undefined, or not exported, is not answered: nothing is checked or revealed', async () => {
      const undefinedWords = "export const words: string[] | undefined = undefined;\nexport const word = 'x';\n";
      expect(await check(prediction, undefinedWords)).toEqual({ outcome: 'unanswered', names: ['words'], console: [] });
      expect(await check(prediction, 'export let words: string[];\n')).toMatchObject({
        outcome: 'unanswered',
        names: ['words', 'word'],
      });
    });

    it("no event at all ([]) and an empty text ('') are answers: checked like any other value", async () => {
      const report = await check(prediction, "export const words: string[] = [];\nexport const word = '';\n");
      expect(report.outcome === 'checked' && report.cases.map((c) => c.verdict)).toEqual([
        { status: 'fail', expected: { kind: 'code', text: '["a"]' }, actual: { kind: 'code', text: '[]' } },
        { status: 'fail', expected: { kind: 'code', text: '"x"' }, actual: { kind: 'code', text: '""' } },
      ]);
      const right = await check(
        {
          ...prediction,
          cases: [
            { id: 'words', uses: ['words'], run: (l) => l.value('words'), expected: [] },
            { id: 'word', uses: ['word'], run: (l) => l.value('word'), expected: '' },
          ],
        },
        "export const words: string[] = [];\nexport const word = '';\n",
      );
      expect(statuses(right)).toEqual(['pass', 'pass']);
    });
  });

  it('the learner’s console output is captured, bounded, and reported', async () => {
    const report = await check(
      definition,
      "console.log('hi', [1, 'x']);\nconsole.log('x'.repeat(2000));\nfor (let i = 0; i " +
        "< 500; i++) console.log(i);\nexport const words = ['a', 'b'];\n",
    );
    expect(report.console[0]).toBe('hi [1, "x"]');
    expect(report.console[1]).toBe('x'.repeat(500) + ' …');
    expect(report.console.slice(2, 4)).toEqual(['0', '1']);
    // the first 100 lines, then one that says there were more
    expect(report.console.length).toBe(101);
    expect(report.console[100]).toBe('…');
  });

  it(
    'async calls are awaited; a stream argument arrives as separate reads; a ' + 'recorder gets every callback call',
    async () => {
      const streaming: ExerciseDefinition = {
        exports: { consume: 'function' },
        cases: [
          {
            id: 'reads',
            uses: ['consume'],
            run: async (l) => {
              const onRead = l.recorder();
              const result = await l.call('consume', l.stream(['ab', 'c', new Uint8Array([100])]), onRead);
              return { result, calls: onRead.calls };
            },
            expected: { result: 'abcd', calls: [['ab'], ['c'], ['d']] },
          },
        ],
      };
      const source = `export async function consume(body: ReadableStream<Uint8Array>, onRead: (text: string) => void) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text;
    const piece = decoder.decode(value);
    onRead(piece);
    text += piece;
  }
}
`;
      expect(statuses(await check(streaming, source))).toEqual(['pass']);
    },
  );

  it(
    'a stream argument may end with an error: its reads arrive, then the next read rejects with a ' + 'TypeError',
    async () => {
      const broken: ExerciseDefinition = {
        exports: { consume: 'function' },
        cases: [
          {
            id: 'broken',
            uses: ['consume'],
            run: (l) => l.call('consume', l.stream(['ab', 'c'], { error: 'network error' })),
            expected: 'ab|c|TypeError true network error',
          },
          {
            id: 'ended',
            uses: ['consume'],
            run: (l) => l.call('consume', l.stream(['ab', 'c'])),
            expected: 'ab|c|done',
          },
        ],
      };
      const source = `export async function consume(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const seen: string[] = [];
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return [...seen, 'done'].join('|');
      seen.push(decoder.decode(value));
    }
  } catch (error) {
    const name = error instanceof Error ? error.name : typeof error;
    return [...seen, \`\${name} \${error instanceof TypeError} \${(error as Error).message}\`].join('|');
  }
}
`;
      expect(statuses(await check(broken, source))).toEqual(['pass', 'pass']);
    },
  );

  it('a fake fetch: the learner’s code makes requests, the checker answers each and sees them all', async () => {
    const source = `export async function ask(
  fetch: (url: string, init?: RequestInit) => Promise<Response>,
  message: string,
) {
  const response = await fetch('/api/chat', {
    method: 'post',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ message }),
  });
  return response.status + ' ' + response.headers.get('content-type') + ' ' + (await response.text());
}
`;
    expect(statuses(await check(FETCH_EXERCISE, source))).toEqual(['pass', 'pass']);
  });

  it(
    'the fake fetch still answers when the learner’s code replaced Headers’ methods ' +
      '(exercises-attacks/stand-ins/)',
    async () => {
      const source = readFileSync(new URL('stand-ins/fetch.replace-headers.ts', ATTACKS_DIR), 'utf8');
      expect(statuses(await check(FETCH_EXERCISE, source))).toEqual(['pass', 'pass']);
    },
  );

  it('values show with escapes and stay bounded; equality is structural', () => {
    expect(showValue('a\r\nb')).toBe('"a\\r\\nb"');
    expect(showValue([['x'], { a: 1, 'b c': undefined }])).toBe('[["x"], { a: 1, "b c": undefined }]');
    const cyclic: unknown[] = [];
    cyclic.push(cyclic);
    expect(showValue(cyclic)).toBe('[[circular]]');
    expect(showValue('x'.repeat(10_000)).length).toBeLessThan(2100);
    expect(showValue(Array.from({ length: 1000 }, (_, i) => i))).toContain('…(+950)');
    expect(kindOf(['a'])).toBe('string-array');
    expect(kindOf([1])).toBe('array');
    expect(deepEqual({ a: [1, 'x'] }, { a: [1, 'x'] })).toBe(true);
    expect(deepEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(deepEqual([NaN], [NaN])).toBe(true);
  });
});

// ---- Attacks: learner code that tries to pass without the right answer.

const ATTACKS = readdirSync(ATTACKS_DIR)
  .filter((name) => name.endsWith('.ts'))
  .map((name) => ({ name, exercise: name.split('.')[0]!, source: readFileSync(new URL(name, ATTACKS_DIR), 'utf8') }));

describe('attacks on the check never pass', () => {
  /** What each attack must end in (a failure of some kind; never a pass). */
  const expected: Record<string, (report: CheckReport) => void> = {
    'predict.post-messages.ts': (r) => expect(statuses(r)).toEqual(['fail', 'fail', 'fail']),
    'predict.replace-globals.ts': (r) => expect(statuses(r)).toEqual(['fail', 'fail', 'fail']),
    'fix-746.replace-prototypes.ts': (r) =>
      expect(statuses(r)).toEqual(Array<string>(caseIds('fix-746').length).fill('fail')),
    'fix-746.throw-non-errors.ts': (r) =>
      expect(statuses(r)).toEqual(Array<string>(caseIds('fix-746').length).fill('throw')),
    'error-ends-stream.never-settles.ts': (r) =>
      expect(statuses(r)).toEqual([
        'timeout',
        ...Array<string>(caseIds('error-ends-stream').length - 1).fill('skipped'),
      ]),
    // The TypeError ends the turn, so the history rightly stays empty (case 2); the rest fails, and
    // page-stream, which calls consumeSseStream without the page, gets the TypeError itself;
    // broken-then-next and any-error-event, checked through the page, show it as a failed turn
    // where the answer was due.
    'error-ends-stream.fetch-in-case.ts': (r) =>
      expect(statuses(r)).toEqual(['fail', 'pass', 'fail', 'fail', 'fail', 'fail', 'fail', 'throw', 'fail', 'fail']),
    'chunks-as-units.allocate.ts': (r) => expect(r.outcome).toBe('load-timeout'),
    // Right text, chunks trimmed in the caller's array, the built-ins a comparison could use replaced:
    // every case that passes chunks to trim sees them changed (src/exercise-engine/learner-watch.ts).
    'chunks-as-units.hide-changes.ts': (r) =>
      expect(statuses(r)).toEqual(['pass', 'pass', 'changed', 'changed', 'pass', 'changed']),
    'chunks-as-units.network.ts': (r) =>
      expect(r).toMatchObject({
        outcome: 'load-error',
        error: { name: 'TypeError', message: expect.stringContaining('fetch is not available in an exercise') },
      }),
  };

  // Each attack file is run and must end as its verdict above says: a new attack needs a line
  // there, and an attack whose file went missing fails here instead of passing unnoticed.
  for (const name of new Set([...ATTACKS.map((attack) => attack.name), ...Object.keys(expected)])) {
    it(`${name}: no pass`, async () => {
      const attack = ATTACKS.find((a) => a.name === name);
      expect(attack, `the attack file ${name}`).toBeDefined();
      expect(expected[name], `the verdict ${name} must end in`).toBeDefined();
      const report = await runner.run(attack!.exercise, 'en', attack!.source);
      expect(isSolved(report, caseIds(attack!.exercise))).toBe(false);
      expected[name]!(report);
    });
  }

  it('the learner’s worker did post look-alike messages, and nothing read them', () => {
    expect(platform.strayMessages.length).toBeGreaterThan(100);
  });
});

describe('the runner: a fresh learner’s worker per check, stopped by the time limit', () => {
  /** The delay of every runner timer that went off: which limit stopped a check, with no clock read. */
  const fired: number[] = [];
  const timedPlatform = testPlatform(globRegistry);
  const timed = new ExerciseRunner(timedPlatform, {
    setTimer: (run, ms) =>
      setTimeout(() => {
        fired.push(ms);
        run();
      }, ms),
  });
  afterAll(() => timed.dispose());

  it('the message a stopped check shows names the limit that stopped it, in every locale', () => {
    // The number and its unit, with whatever space keeps them together (a no-break one in French).
    for (const locale of LOCALES)
      expect(uiStrings(locale)['course.exercise.timeout'], locale).toMatch(
        new RegExp(`\\b${CHECK_LIMIT_MS / 1000}[ \u00a0\u202f]s\\b`),
      );
  });

  // The test's timeout (20 s, ten times the limit) is the bound on finishing.
  it('`while (true) {}` at the top level is stopped by the 2 s limit', async () => {
    fired.length = 0;
    const report = await timed.run('predict', 'en', 'while (true) {}\n');
    expect(report).toMatchObject({ outcome: 'load-timeout', timedOut: true });
    expect(fired).toEqual([CHECK_LIMIT_MS]);
  });

  it(
    'a loop inside a case: the cases before keep their verdicts, that one says ' + 'timeout, the rest were not run',
    async () => {
      const source =
        "export function writeGaApiEvent(chunk: string) { return 'data: ' + chunk + " +
        "'\\n\\n'; }\nexport function readChatService(stream: string): string { for (;;) " +
        '{} }\n';
      const report = await timed.run('fix-746', 'en', source);
      expect(report.timedOut).toBe(true);
      const rest = caseIds('fix-746').length - 3;
      expect(statuses(report)).toEqual(['fail', 'fail', 'timeout', ...Array<string>(rest).fill('skipped')]);
    },
  );

  it('after a timeout the next check runs in a fresh worker and passes; the syntax check still answers', async () => {
    const report = await timed.run('chunks-as-units', 'es', exerciseSource('chunks-as-units', 'solution', 'es'));
    expect(isSolved(report, caseIds('chunks-as-units'))).toBe(true);
    expect(await timed.transpile('const x = ;')).toEqual({ message: 'Unexpected token', line: 1, column: 11 });
    expect(await timed.transpile(exerciseSource('chunks-as-units', 'starter', 'en'))).toBeNull();
  });

  it('the learner’s worker of a check is loaded before the check; each check used a worker of its own', async () => {
    await timed.ready();
    const before = timedPlatform.learnerWorkers.length;
    let during = -1;
    const report = await timed.run(
      'error-ends-stream',
      'fr',
      exerciseSource('error-ends-stream', 'solution', 'fr'),
      () => {
        if (during < 0) during = timedPlatform.learnerWorkers.length;
      },
    );
    expect(isSolved(report, caseIds('error-ends-stream'))).toBe(true);
    expect(during).toBe(before); // no worker started for it: it used the one loaded ahead
  });
});

describe('the runner: a worker that never loads is named', () => {
  /** A worker that never loads: it takes messages and never answers, nor fails. */
  const silent = (): Endpoint => ({ post: () => undefined, listen: () => undefined, terminate: () => undefined });
  /**
   * The runner's load timers, fired by the test itself (no clock involved), in the order they were set, each as a task
   * of its own.
   */
  function manualTimers() {
    const pending = new Set<() => void>();
    return {
      setTimer: (run: () => void) => (pending.add(run), run),
      clearTimer: (timer: unknown) => void pending.delete(timer as () => void),
      async fireAll() {
        for (const run of [...pending]) {
          if (!pending.delete(run)) continue; // cleared by an earlier one
          run();
          await new Promise((resolve) => setImmediate(resolve));
        }
      },
    };
  }

  it('a learner’s worker that never loads: the check fails saying so, not blaming the checker', async () => {
    const timers = manualTimers();
    const runner = new ExerciseRunner({ ...testPlatform(globRegistry), spawnLearnerWorker: silent }, timers);
    try {
      const failure = runner.run('fix-746', 'en', exerciseSource('fix-746', 'solution', 'en')).then(
        () => null,
        (error: unknown) => error,
      );
      expect(await runner.transpile('export const a = 1;\n')).toBeNull(); // the checker has loaded
      await timers.fireAll();
      expect(await failure).toBeInstanceOf(RunnerFailure);
      expect(await failure).toMatchObject({
        kind: 'learner-load',
        message: 'the learner’s worker took too long to load',
      });
    } finally {
      runner.dispose();
    }
  });

  it('an exercise the checker cannot run fails as the check’s own failure, not the learner’s', async () => {
    const runner = new ExerciseRunner(testPlatform(globRegistry));
    try {
      const failure = await runner.run('no-such-exercise', 'en', 'export const a = 1;\n').then(
        () => null,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(RunnerFailure);
      expect(failure).toMatchObject({ kind: 'check-failed', message: 'unknown exercise no-such-exercise' });
    } finally {
      runner.dispose();
    }
  });

  it('each kind of failure has its sentence in every language of the page', () => {
    for (const locale of LOCALES)
      for (const kind of RUNNER_FAILURE_KINDS)
        expect(
          uiStrings(locale)[`course.exercise.failed.${kind}`],
          `${locale}: course.exercise.failed.${kind}`,
        ).toMatch(/\S/);
  });

  it('a checker that never loads: the check fails saying so', async () => {
    const timers = manualTimers();
    const runner = new ExerciseRunner({ ...testPlatform(globRegistry), spawnChecker: silent }, timers);
    try {
      const failure = runner.run('fix-746', 'en', exerciseSource('fix-746', 'solution', 'en')).then(
        () => null,
        (error: unknown) => error,
      );
      await timers.fireAll();
      expect(await failure).toBeInstanceOf(RunnerFailure);
      expect(await failure).toMatchObject({ kind: 'checker-load', message: 'the checker took too long to load' });
    } finally {
      runner.dispose();
    }
  });
});

describe('isSolved: the page recounts the cases of its own list', () => {
  const pass = (id: string) => ({
    id,
    verdict: { status: 'pass' as const, actual: { kind: 'code' as const, text: '' } },
  });
  it('fewer, more, other, reordered or timed-out cases are not a solve', () => {
    const ids = ['a', 'b', 'c'];
    expect(isSolved({ outcome: 'checked', cases: ['a', 'b', 'c'].map(pass), console: [] }, ids)).toBe(true);
    expect(isSolved({ outcome: 'checked', cases: ['a', 'b'].map(pass), console: [] }, ids)).toBe(false);
    expect(isSolved({ outcome: 'checked', cases: ['a', 'b', 'c', 'd'].map(pass), console: [] }, ids)).toBe(false);
    expect(isSolved({ outcome: 'checked', cases: ['a', 'c', 'b'].map(pass), console: [] }, ids)).toBe(false);
    expect(isSolved({ outcome: 'checked', cases: ['a', 'b', 'c'].map(pass), console: [], timedOut: true }, ids)).toBe(
      false,
    );
    expect(isSolved({ outcome: 'checked', cases: [], console: [] }, [])).toBe(false);
  });
});
