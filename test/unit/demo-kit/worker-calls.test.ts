// The demos' worker calls (src/demo-kit/worker-calls.ts), with a MessageChannel standing for the
// worker: one port served as the worker's scope, the other the page's end. What the page gets back
// is what the operation returned (typed as it returns it), an error with its kind, the progress it
// reported, and a stop or a time limit that ends the call and the worker with it.

import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  ComputeStopped,
  ComputeTimeout,
  WorkerError,
  connect,
  serve,
  type Progress,
  type WorkerLike,
} from '../../../src/demo-kit/worker-calls.ts';

let release: () => void = () => {};

const ops = {
  add: (a: number, b: number) => a + b,
  shout: async (word: string) => ({ said: word.toUpperCase() }),
  count(this: Progress<{ done: number }>, to: number) {
    for (let done = 1; done <= to; done++) this.progress({ done });
    return 'counted';
  },
  gone(): never {
    throw new WorkerError('unreadable', 'the file was moved');
  },
  broken(): never {
    throw new TypeError('x is not a function');
  },
  /** Ends only when the test releases it. */
  wait: () => new Promise<string>((resolve) => (release = () => resolve('released'))),
};
type TestOps = typeof ops;

/** A page's end of a fresh worker each time one is spawned; `spawned` counts them, `terminated` too. */
function fakeWorkers() {
  const counts = { spawned: 0, terminated: 0 };
  const spawn = (): WorkerLike => {
    counts.spawned++;
    const { port1, port2 } = new MessageChannel();
    serve(ops, port2);
    port2.start();
    port1.start();
    return {
      addEventListener: (type, listener) => port1.addEventListener(type, listener),
      postMessage: (message) => port1.postMessage(message),
      terminate: () => {
        counts.terminated++;
        port1.close();
      },
    };
  };
  return { spawn, counts };
}

describe('worker calls', () => {
  it('derive every call from the operations: its name, arguments, result and progress', () => {
    const calls = connect<TestOps>(fakeWorkers().spawn);
    expectTypeOf(calls.call<'add'>).parameters.toEqualTypeOf<['add', number, number]>();
    expectTypeOf(calls.call('shout', 'hi')).resolves.toEqualTypeOf<{ said: string }>();
    expectTypeOf(calls.call('count', 2)).resolves.toEqualTypeOf<string>();
    expectTypeOf<Parameters<typeof calls.with>[0]['onProgress']>().toEqualTypeOf<
      ((progress: { done: number }) => void) | undefined
    >();
    // @ts-expect-error: no such operation
    void calls.call('subtract', 1, 2).catch(() => {});
    // @ts-expect-error: add takes two numbers
    void calls.call('add', '1', 2).catch(() => {});
  });

  it('give the page what the operation returned, sync or async, from one worker', async () => {
    const { spawn, counts } = fakeWorkers();
    const calls = connect<TestOps>(spawn);
    expect(await calls.call('add', 2, 3)).toBe(5);
    expect(await calls.call('shout', 'stream')).toEqual({ said: 'STREAM' });
    expect(counts.spawned).toBe(1);
  });

  it('keep the kind of an error thrown in the worker, and its name and message', async () => {
    const calls = connect<TestOps>(fakeWorkers().spawn);
    const gone = await calls.call('gone').catch((error: unknown) => error);
    expect(gone).toBeInstanceOf(WorkerError);
    expect(gone).toMatchObject({ kind: 'unreadable', message: 'the file was moved' });
    const broken = await calls.call('broken').catch((error: unknown) => error);
    expect(broken).toMatchObject({ kind: 'TypeError', name: 'TypeError', message: 'x is not a function' });
    // The worker goes on answering after an error.
    expect(await calls.call('add', 1, 1)).toBe(2);
  });

  it('say so when the worker has no such operation', async () => {
    const calls = connect<TestOps & { missing: () => void }>(fakeWorkers().spawn);
    await expect(calls.call('missing')).rejects.toMatchObject({ kind: 'unknownOp' });
  });

  it('pass each progress report to the call that asked for it, before its result', async () => {
    const calls = connect<TestOps>(fakeWorkers().spawn);
    const seen: number[] = [];
    const result = await calls.with({ onProgress: ({ done }) => seen.push(done) }).call('count', 3);
    expect(result).toBe('counted');
    expect(seen).toEqual([1, 2, 3]);
  });

  it('stop a call when its signal is aborted: the worker is terminated, and the next call gets a new one', async () => {
    const { spawn, counts } = fakeWorkers();
    const calls = connect<TestOps>(spawn);
    const controller = new AbortController();
    const waiting = calls.with({ signal: controller.signal }).call('wait');
    controller.abort();
    await expect(waiting).rejects.toBeInstanceOf(ComputeStopped);
    expect(counts.terminated).toBe(1);
    release();
    expect(await calls.call('add', 4, 4)).toBe(8);
    expect(counts.spawned).toBe(2);
    await expect(calls.with({ signal: controller.signal }).call('add', 1, 2)).rejects.toBeInstanceOf(ComputeStopped);
  });

  it('end a call that outlasts its time limit, and the worker with it', async () => {
    const { spawn, counts } = fakeWorkers();
    const calls = connect<TestOps>(spawn);
    await expect(calls.with({ timeoutMs: 20 }).call('wait')).rejects.toBeInstanceOf(ComputeTimeout);
    expect(counts.terminated).toBe(1);
    release();
    expect(await calls.call('add', 2, 2)).toBe(4);
    expect(counts.spawned).toBe(2);
  });
});
