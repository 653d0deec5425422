// The shared transport (lessons-code/core/transport.ts) and every reader built on it: a stream
// that never delivers can be stopped (return() or an abort) while a read is pending, the body is
// cancelled and unlocked; a chunk that is not bytes ends the read with a TypeError.

import { describe, expect, it } from 'vitest';
import {
  CUT_READERS,
  DROP_READERS,
  consumePageStream,
  feedPieces,
  pumpBody,
  readChatServiceStream,
  readPageStream,
  readStandardStream,
  type StreamReader,
} from '../../../../lessons-code/index.ts';

/** A body that never delivers a byte, and says how it was cancelled. */
function silentBody(): { body: ReadableStream<Uint8Array>; cancelled: Promise<unknown> } {
  let cancelled!: (reason: unknown) => void;
  const promise = new Promise<unknown>((resolve) => (cancelled = resolve));
  const body = new ReadableStream<Uint8Array>({ cancel: (reason) => cancelled(reason ?? 'cancelled') });
  return { body, cancelled: promise };
}

/** A body that delivers the given chunks as they are, bytes or not. */
function bodyOfChunks(chunks: unknown[]): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk as Uint8Array);
      controller.close();
    },
  });
}

const TOO_LONG = Symbol('still waiting after 2 s');
/** The promise's outcome, or TOO_LONG if it has not settled within 2 s (the expected time is well under 1 ms). */
async function settlesSoon<T>(promise: Promise<T>): Promise<{ value?: T; error?: unknown } | typeof TOO_LONG> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<typeof TOO_LONG>((resolve) => (timer = setTimeout(() => resolve(TOO_LONG), 2000)));
  const outcome = promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  try {
    return await Promise.race([outcome, late]);
  } finally {
    clearTimeout(timer);
  }
}

const encode = (text: string) => new TextEncoder().encode(text);

describe('readStandardStream on a body that never delivers', () => {
  it('return() settles while next() waits, and both say done; the body is cancelled and unlocked', async () => {
    const { body, cancelled } = silentBody();
    const events = readStandardStream(body);
    const pending = events.next();
    expect(await settlesSoon(events.return())).toEqual({ value: { value: undefined, done: true } });
    expect(await settlesSoon(pending)).toEqual({ value: { value: undefined, done: true } });
    expect(await settlesSoon(cancelled)).not.toBe(TOO_LONG);
    expect(body.locked).toBe(false);
  });

  it('break in for await cancels the body too', async () => {
    const body = bodyOfChunks([encode('data: a\n\ndata: b\n\n')]);
    const seen: string[] = [];
    for await (const data of readStandardStream(body)) {
      seen.push(data);
      break;
    }
    expect(seen).toEqual(['a']);
    expect(body.locked).toBe(false);
  });

  it(
    'an abort rejects the waiting next() with the signal’s reason, cancels the body ' + 'with it and unlocks it',
    async () => {
      const { body, cancelled } = silentBody();
      const controller = new AbortController();
      const events = readStandardStream(body, { signal: controller.signal });
      const pending = events.next();
      controller.abort();
      const outcome = await settlesSoon(pending);
      expect(outcome).not.toBe(TOO_LONG);
      expect((outcome as { error: DOMException }).error.name).toBe('AbortError');
      expect(await settlesSoon(cancelled)).toEqual({ value: controller.signal.reason });
      expect(body.locked).toBe(false);
    },
  );

  it('a signal aborted beforehand stops the first next()', async () => {
    const { body } = silentBody();
    const events = readStandardStream(body, { signal: AbortSignal.abort() });
    const outcome = await settlesSoon(events.next());
    expect((outcome as { error: DOMException }).error.name).toBe('AbortError');
    expect(body.locked).toBe(false);
  });
});

describe('a chunk that is not bytes', () => {
  for (const [name, chunk] of [
    ['undefined', undefined],
    ['a string', 'data: a\n\n'],
    ['null', null],
    ['an array of numbers', [100, 97]],
  ] as const) {
    it(`${name}: readStandardStream ends with a TypeError and cancels the body`, async () => {
      const body = bodyOfChunks([encode('data: a\n\n'), chunk]);
      const events = readStandardStream(body);
      expect(await events.next()).toEqual({ value: 'a', done: false });
      const outcome = await settlesSoon(events.next());
      expect((outcome as { error: Error }).error).toBeInstanceOf(TypeError);
      expect((outcome as { error: Error }).error.message).toMatch(
        /readStandardStream: the body delivered a chunk that is not bytes/,
      );
      expect(body.locked).toBe(false);
    });
  }

  it('the GA readers on the transport say the same', async () => {
    await expect(readPageStream(bodyOfChunks([undefined]))).rejects.toThrow(
      /readPageStream: the body delivered a chunk that is not bytes \(undefined\)/,
    );
    await expect(readChatServiceStream(bodyOfChunks(['x']))).rejects.toThrow(
      /readChatServiceStream: .*not bytes \(a string\)/,
    );
    expect(() => feedPieces([undefined as unknown as Uint8Array], () => undefined)).toThrow(
      /feedPieces: the body delivered a chunk that is not bytes/,
    );
  });
});

describe('every reader on the transport stops on an abort while a read is pending', () => {
  const readers: [
    string,
    StreamReader | ((body: ReadableStream<Uint8Array>, options: { signal?: AbortSignal }) => Promise<unknown>),
  ][] = [
    ['readPageStream', readPageStream],
    ['readChatServiceStream', readChatServiceStream],
    ...CUT_READERS.map((reader) => [`cut reader ${reader.id}`, reader.read] as [string, StreamReader]),
    ...DROP_READERS.map((reader) => [`drop reader ${reader.id}`, reader.read] as [string, StreamReader]),
  ];
  for (const [name, read] of readers) {
    it(name, async () => {
      const { body, cancelled } = silentBody();
      const controller = new AbortController();
      const reading = read(body, { signal: controller.signal });
      controller.abort();
      const outcome = await settlesSoon(reading);
      expect((outcome as { error: DOMException }).error.name).toBe('AbortError');
      expect(await settlesSoon(cancelled)).not.toBe(TOO_LONG);
      expect(body.locked).toBe(false);
    });
  }
});

describe('pumpBody', () => {
  it('hands over decoded text with the size of each read, a character cut between reads kept whole', async () => {
    const bytes = encode('a – b');
    const seen: [string, number][] = [];
    await pumpBody(
      bodyOfChunks([bytes.subarray(0, 3), bytes.subarray(3)]),
      (text, size) => void seen.push([text, size]),
    );
    expect(seen).toEqual([
      ['a ', 3],
      ['– b', 4],
    ]);
  });

  it('drops one leading byte order mark, even split across reads, and keeps a second one', async () => {
    const bytes = encode('\uFEFF\uFEFFx');
    const texts: string[] = [];
    await pumpBody(
      bodyOfChunks([bytes.subarray(0, 1), bytes.subarray(1, 4), bytes.subarray(4)]),
      (text) => void texts.push(text),
    );
    expect(texts.join('')).toBe('\uFEFFx');
  });

  it('stops when onText returns true, and cancels the rest of the body', async () => {
    let cancelled = false;
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>({
      pull: (controller) => controller.enqueue(encode(`piece ${pulls++}`)),
      cancel: () => void (cancelled = true),
    });
    const texts: string[] = [];
    await pumpBody(body, (text) => texts.push(text) === 2);
    expect(texts).toEqual(['piece 0', 'piece 1']);
    expect(cancelled).toBe(true);
    expect(body.locked).toBe(false);
  });

  it('cancels the body with the error onText throws, then rejects with it', async () => {
    const { body, cancelled } = silentBody();
    const stream = new ReadableStream<Uint8Array>({
      start: (c) => c.enqueue(encode('x')),
      cancel: (reason) => body.cancel(reason),
    });
    const failure = new Error('no thanks');
    await expect(
      pumpBody(stream, () => {
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await settlesSoon(cancelled)).toEqual({ value: failure });
    expect(stream.locked).toBe(false);
  });

  it('refuses a locked body or a missing one with a clear TypeError', async () => {
    const body = bodyOfChunks([]);
    body.getReader();
    await expect(pumpBody(body, () => undefined)).rejects.toThrow(/pumpBody: body is locked/);
    await expect(pumpBody(null as unknown as ReadableStream<Uint8Array>, () => undefined)).rejects.toThrow(
      /pumpBody: body must be a ReadableStream, got null/,
    );
  });

  it('and its twin feedPieces give the same texts', async () => {
    const bytes = encode('\uFEFFdata: Am – F → C\r\n\r\n');
    for (let cut = 0; cut <= bytes.length; cut++) {
      const pieces = [bytes.subarray(0, cut), bytes.subarray(cut)];
      const fromBody: string[] = [];
      const fromPieces: string[] = [];
      await pumpBody(bodyOfChunks(pieces), (text) => void fromBody.push(text));
      feedPieces(pieces, (text) => void fromPieces.push(text));
      expect(fromPieces.join(''), `cut ${cut}`).toBe(fromBody.join(''));
      expect(fromBody.join('')).toBe('data: Am – F → C\r\n\r\n');
    }
  });
});

describe("the page's port reports the answer as it grows", () => {
  it('consumePageStream calls onText after each read that added text', async () => {
    const seen: string[] = [];
    const result = await consumePageStream(
      bodyOfChunks([encode('data: a\n\n'), encode(': ping\n\n'), encode('data: b\n\ndata: [DONE]\n\n')]),
      (answer) => void seen.push(answer),
    );
    expect(seen).toEqual(['a', 'ab']);
    expect(result).toEqual({ answer: 'ab', routing: null });
  });
});
