// readStandardStream: the standard reader (parser.ts) over a body as the network delivers it,
// read through the course's transport (core/transport.ts): UTF-8 decoded in streaming mode, one
// leading byte order mark dropped (WHATWG HTML §9.2.5,
// https://html.spec.whatwg.org/multipage/server-sent-events.html#parsing-an-event-stream).
// It is an async iterator written by hand rather than an async generator: a generator's return()
// waits behind a pending next() (so a consumer could not stop a stream that never delivers), and
// it costs about three promise hops per event where this costs one.

import { BodyText } from '../core/transport.ts';
import { StandardParser } from './parser.ts';

const DONE: IteratorReturnResult<undefined> = Object.freeze({ value: undefined, done: true });

/**
 * The data of each event as its bytes arrive. `return()` (what `break` calls) and an aborted
 * `signal` cancel the body and release its lock at once, even while a read is pending; a chunk
 * that is not bytes ends the iteration with a TypeError.
 */
export class StandardStream implements AsyncIterableIterator<string, undefined> {
  private readonly text: BodyText;
  // The data of the `count` events the last read dispatched; next() has handed out `head` of them.
  // The parser is a plain StandardParser with a callback, not a subclass: with one shape of parser
  // object in a process, the engine keeps the parser's property reads monomorphic (npm run bench).
  private readonly queue: string[] = [];
  private count = 0;
  private head = 0;
  private readonly parser = new StandardParser((event) => {
    this.queue[this.count++] = event.data;
  });

  constructor(body: ReadableStream<Uint8Array>, options: { signal?: AbortSignal } = {}) {
    this.text = new BodyText(body, options, 'readStandardStream');
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<string, undefined>> {
    if (this.head < this.count) return Promise.resolve({ value: this.queue[this.head++]!, done: false });
    return this.fill();
  }

  /** Reads until the parser has dispatched something, or the body ends. */
  private async fill(): Promise<IteratorResult<string, undefined>> {
    const parser = this.parser;
    this.count = 0;
    this.head = 0;
    for (;;) {
      const piece = this.text.textOf(await this.text.nextRead());
      if (piece === null) {
        parser.end();
        await this.text.close();
        return DONE;
      }
      parser.feed(piece);
      if (this.count > 0) return { value: this.queue[this.head++]!, done: false };
    }
  }

  async return(): Promise<IteratorResult<string, undefined>> {
    this.count = 0;
    await this.text.close();
    return DONE;
  }
}

/**
 * The data of every event the standard dispatches, read from a body as it arrives: an async
 * iterable that yields each event's data once its blank line has come. Breaking out of the loop, or
 * aborting `signal`, cancels the body.
 *
 * @param body - The response body, read as UTF-8.
 *
 * @example
 * ```ts
 * const response = await fetch(STREAM_PATH, { method: 'POST', body: JSON.stringify({ message: 'hello' }) });
 * for await (const data of readStandardStream(response.body!)) {
 *   if (data === '[DONE]') break;
 *   console.log(data);
 * }
 * ```
 */
export function readStandardStream(
  body: ReadableStream<Uint8Array>,
  options: { signal?: AbortSignal } = {},
): StandardStream {
  return new StandardStream(body, options);
}
