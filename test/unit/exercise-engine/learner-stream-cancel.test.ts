// A stream a case hands the learner's code says afterwards whether that code cancelled it
// (LearnerStream.cancelled in lessons-code/exercises/contract.ts): a page that stops reading a
// response's body must cancel it, or the request goes on. Checked as the page checks it (the
// learner's code in a worker of its own, with the harness) and in process as mutation testing
// judges it (test/mutation/in-process-learner.ts): the two sides give each case the same verdict.
// A stream also ends with the kind of error its case names (StreamEnding.errorKind).

import { MessageChannel, Worker } from 'node:worker_threads';
import { expect, it } from 'vitest';
import type { ExerciseDefinition, ExerciseText, StreamEnding } from '../../../lessons-code/index.ts';
import { LearnerLink, type CheckerPort } from '../../../src/exercise-engine/learner-link.ts';
import type { CheckReport } from '../../../src/exercise-engine/types.ts';
import { runCheck } from '../../../src/exercise-engine/verdicts.ts';
import { checkTools, judgeCase } from '../../mutation/in-process-learner.ts';

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

const passed = (report: CheckReport): boolean[] =>
  report.outcome === 'checked' ? report.cases.map((c) => c.verdict.status === 'pass') : [];

/** Each case judged in process, on the module the source is. */
async function inProcess(definition: ExerciseDefinition, module: Record<string, unknown>): Promise<boolean[]> {
  const tools = checkTools(TEXT);
  const out: boolean[] = [];
  for (let i = 0; i < definition.cases.length; i++) out.push((await judgeCase(definition, i, module, tools)).pass);
  return out;
}

type Mode = 'cancel' | 'break' | 'release' | 'end' | 'errored';

/** A case: `read(body, mode)` on a stream of 'ab' then 'c', what it returned and whether the stream was cancelled. */
const caseOf = (mode: Mode, returned: string, cancelled: boolean, error?: string) => ({
  id: mode,
  uses: ['read'],
  run: async (l: Parameters<ExerciseDefinition['cases'][number]['run']>[0]) => {
    const body = l.stream(['ab', 'c'], error === undefined ? undefined : { error });
    return { returned: await l.call('read', body, mode), cancelled: body.cancelled };
  },
  expected: { returned, cancelled },
});

const DEFINITION: ExerciseDefinition = {
  exports: { read: 'function' },
  cases: [
    // The reader's cancel(), and a for await loop left early (the iterator's return()), cancel it.
    caseOf('cancel', 'ab', true),
    caseOf('break', 'ab', true),
    // A reader released without cancel() leaves it open; a stream read to its end, or to its error,
    // is over, and a cancel() then reaches nothing.
    caseOf('release', 'ab', false),
    caseOf('end', 'abc', false),
    caseOf('errored', 'abc!', false, 'network error'),
  ],
};

/**
 * The learner's function, sent to the page as its text (self-contained: it uses globals only). It
 * stops early as asked: with the reader's cancel(), or by leaving a for await loop.
 */
async function cancelling(body: ReadableStream<Uint8Array>, mode: string): Promise<string> {
  const decoder = new TextDecoder();
  if (mode === 'break') {
    for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) return decoder.decode(chunk);
  }
  const reader = body.getReader();
  let text = '';
  for (;;) {
    let next: ReadableStreamReadResult<Uint8Array>;
    try {
      next = await reader.read();
    } catch {
      // An errored stream rejects cancel() with its error.
      await reader.cancel().catch(() => undefined);
      return text + '!';
    }
    if (next.done) {
      await reader.cancel();
      return text;
    }
    text += decoder.decode(next.value);
    if (mode === 'cancel') {
      await reader.cancel();
      return text;
    }
    if (mode === 'release') {
      reader.releaseLock();
      return text;
    }
  }
}

/** The same, but a read left early leaves the stream open: the reader released, the iterator told not to cancel. */
async function leavingOpen(body: ReadableStream<Uint8Array>, mode: string): Promise<string> {
  const decoder = new TextDecoder();
  if (mode === 'break') {
    const values = (body as unknown as { values(o: object): AsyncIterable<Uint8Array> }).values({
      preventCancel: true,
    });
    for await (const chunk of values) return decoder.decode(chunk);
  }
  const reader = body.getReader();
  let text = '';
  for (;;) {
    let next: ReadableStreamReadResult<Uint8Array>;
    try {
      next = await reader.read();
    } catch {
      // An errored stream rejects cancel() with its error.
      await reader.cancel().catch(() => undefined);
      return text + '!';
    }
    if (next.done) {
      await reader.cancel();
      return text;
    }
    text += decoder.decode(next.value);
    if (mode === 'cancel' || mode === 'release') {
      reader.releaseLock();
      return text;
    }
  }
}

const sourceOf = (read: (...args: never[]) => unknown): string => `export const read = ${read.toString()};\n`;

it('a stream the learner’s code cancels says so after the call, on both sides; one left open does not', async () => {
  expect(passed(await check(DEFINITION, sourceOf(cancelling)))).toEqual([true, true, true, true, true]);
  expect(await inProcess(DEFINITION, { read: cancelling })).toEqual([true, true, true, true, true]);
  expect(passed(await check(DEFINITION, sourceOf(leavingOpen)))).toEqual([false, false, true, true, true]);
  expect(await inProcess(DEFINITION, { read: leavingOpen })).toEqual([false, false, true, true, true]);
});

/** The learner's function: reads the stream to its end, and says how it ended (the error's kind, name and message). */
async function ending(body: ReadableStream<Uint8Array>): Promise<string> {
  const reader = body.getReader();
  try {
    for (;;) if ((await reader.read()).done) return 'closed';
  } catch (error) {
    if (typeof error === 'string') return `a string: ${error}`;
    const kind =
      error instanceof TypeError
        ? 'TypeError'
        : error instanceof DOMException
          ? 'DOMException'
          : error instanceof Error
            ? 'Error'
            : typeof error;
    return `${kind} ${(error as Error).name}: ${(error as Error).message}`;
  }
}

it('a stream ends with the error its case names: a TypeError by default, AbortError, Error, a string', async () => {
  const endingCase = (id: string, given: StreamEnding | undefined, expected: string) => ({
    id,
    uses: ['read'],
    run: (l: Parameters<ExerciseDefinition['cases'][number]['run']>[0]) => l.call('read', l.stream(['a'], given)),
    expected,
  });
  const definition: ExerciseDefinition = {
    exports: { read: 'function' },
    cases: [
      endingCase('closes', undefined, 'closed'),
      endingCase('network', { error: 'network error' }, 'TypeError TypeError: network error'),
      endingCase('aborted', { error: 'aborted', errorKind: 'AbortError' }, 'DOMException AbortError: aborted'),
      endingCase('plain', { error: 'transform failed', errorKind: 'Error' }, 'Error Error: transform failed'),
      endingCase('reason', { error: 'timeout', errorKind: 'string' }, 'a string: timeout'),
    ],
  };
  const all = [true, true, true, true, true];
  expect(passed(await check(definition, sourceOf(ending)))).toEqual(all);
  expect(await inProcess(definition, { read: ending })).toEqual(all);
});
