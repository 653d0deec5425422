// Issue 16: the exported functions of lessons-code check their arguments. A value of the wrong kind
// fails at once with a TypeError that names the function and the argument, instead of being turned
// into text ("data: null"), read as something else (a string spread into options) or skipped.

import { describe, expect, it } from 'vitest';
import * as lessons from '../../lessons-code/index.ts';

type Call = (...args: unknown[]) => unknown;
const fn = (name: keyof typeof lessons) => lessons[name] as unknown as Call;
const body = () => new ReadableStream<Uint8Array>();

/** For each export: the argument it names in its error, and calls with a bad value there. */
const CASES: [name: keyof typeof lessons, argument: string, calls: unknown[][]][] = [
  ['writeGaChatbotEvent', 'chunk', [[null], [undefined], [42]]],
  ['writeGaApiEvent', 'chunk', [[null], [undefined], [{}]]],
  ['readStandard', 'stream', [[null], [undefined], [new Uint8Array(1)]]],
  ['readStandardEvents', 'stream', [[null]]],
  ['readPage', 'stream', [[null], [undefined]]],
  ['readChatService', 'stream', [[null], [undefined], [7]]],
  ['traceStandard', 'stream', [[null], [1]]],
  ['classifyEvent', 'data', [[null], [undefined]]],
  ['answerWithLf', 'answer', [[null]]],
  ['countLines', 'text', [[null]]],
  ['countBreaks', 'text', [[undefined]]],
  ['compare', 'original', [[undefined, 'x'], [null, 'x']]],
  ['compare', 'got', [['x', undefined], ['x', 3]]],
  ['show', 'text', [[null]]],
  ['createInPageHost', 'options', [['x'.repeat(10_000_000)], [null], [[1]]]],
  ['createChatbotHost', 'options', [['x'], [null]]],
  ['readStandardStream', 'body', [[null], [undefined], ['data: x\n\n']]],
  ['bodyOf', 'pieces', [[null], ['bytes']]],
  ['streamOf', 'write', [[null, []], ['data: ', []]]],
  ['streamOf', 'chunks', [[(c: string) => c, null], [(c: string) => c, 'a chunk']]],
];

/** Readers of a body: they reject (or throw) the same TypeError. */
const BODY_READERS: (keyof typeof lessons)[] = ['readStandardStream', 'readPageStream', 'readChatServiceStream', 'pumpBody'];

describe('every checked export refuses a bad argument, naming itself and the argument', () => {
  for (const [name, argument, calls] of CASES) {
    it(`${name}: ${argument}`, async () => {
      for (const args of calls) {
        const error = await (async () => fn(name)(...args))().then(
          () => null,
          (thrown: unknown) => thrown,
        );
        expect(error, `${name}(${args.map((a) => (typeof a === 'string' && a.length > 20 ? 'long string' : String(a))).join(', ')})`).toBeInstanceOf(TypeError);
        expect((error as TypeError).message).toMatch(new RegExp(`^${name}: ${argument.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`));
      }
    });
  }

  it('the body readers refuse what is not a stream, and a locked one', async () => {
    for (const name of BODY_READERS) {
      for (const bad of [null, undefined, 'data: x\n\n', {}]) {
        await expect((async () => fn(name)(bad, () => false))(), name).rejects.toThrow(TypeError);
      }
      const locked = body();
      locked.getReader();
      await expect((async () => fn(name)(locked, () => false))(), name).rejects.toThrow(/locked/);
    }
  });

  it('a 10 MB string given to createInPageHost fails at once, before any spread', () => {
    // Spread into an options object, it cost tens of seconds; the check looks at its type only.
    expect(() => fn('createInPageHost')('x'.repeat(10_000_000))).toThrow(/^createInPageHost: options must be an object, got a string of 10000000 characters$/);
  });

  it('the checks do not change good calls', () => {
    expect(lessons.writeGaApiEvent('a')).toBe('data: a\n\n');
    expect(lessons.compare('a\n', 'a\n')).toBe('exact');
    expect(typeof lessons.createInPageHost()).toBe('function');
    expect(typeof lessons.createInPageHost({})).toBe('function');
  });
});
