// The second transport: a client that never hands over pieces, only the whole text received so
// far, each time it grows (XMLHttpRequest's `responseText` on `progress`, some mobile HTTP
// clients). Passing that whole text on at every growth would feed the parser the start of the
// answer again and again; remembering how much was passed on and passing only the rest gives the
// parser exactly what a chunked transport gives it.

import { expectObject } from '../core/arguments.ts';

/** What a growing-text source tells the transport. */
export interface GrowingTextSink {
  /** The whole text received so far, each time it grows. */
  grow(textSoFar: string): void;
  /** The response is complete: after the last `grow`. */
  end(): void;
  /** The transfer failed (network error, abort, timeout): the stream errors with `reason`. */
  fail(reason: unknown): void;
}

/**
 * Starts a source: it calls the sink's methods as the response arrives, and may return a function
 * that stops it (called if the reader cancels the stream).
 */
export type GrowingTextSource = (sink: GrowingTextSink) => void | (() => void);

const REPLACEMENT = 0xfffd;

/**
 * The transport's memory, synchronous: given the whole text so far at each growth, it says what is
 * new. It remembers how many UTF-16 code units have gone on, and holds the last character of a
 * growth back when it might still change: a lone high surrogate, or U+FFFD, which is what a
 * decoder that re-decodes every received byte (as the XMLHttpRequest standard describes
 * `responseText`: https://xhr.spec.whatwg.org/#text-response) shows for a character whose last
 * bytes have not arrived yet. The next growth, or the end, passes it on. A text that shrinks is an
 * error: the transport cannot know what the parser already has.
 */
export class GrowingTextRelay {
  /** How many UTF-16 code units of the text have gone on. */
  passed = 0;
  private latest = '';

  /** The part of `textSoFar` not passed on yet ('' when nothing is new, or only a held-back character). */
  grow(textSoFar: string): string {
    if (textSoFar.length < this.passed)
      throw new Error(`The received text shrank from ${this.passed} to ${textSoFar.length} characters.`);
    this.latest = textSoFar;
    let upTo = textSoFar.length;
    const last = textSoFar.charCodeAt(upTo - 1);
    if (last === REPLACEMENT || (last >= 0xd800 && last <= 0xdbff)) upTo--;
    return this.take(upTo);
  }

  /** The response is complete: whatever was held back. */
  end(): string {
    return this.take(this.latest.length);
  }

  private take(upTo: number): string {
    if (upTo <= this.passed) return '';
    const part = this.latest.slice(this.passed, upTo);
    this.passed = upTo;
    return part;
  }
}

/**
 * A body made of a growing text: each growth becomes one read holding only the new text, encoded
 * as UTF-8, so that the same byte → text → event layer reads both transports. What is held back
 * and why: GrowingTextRelay.
 */
export function pipeGrowingText(source: GrowingTextSource): ReadableStream<Uint8Array> {
  expectObject(source, 'pipeGrowingText', 'source');
  const encoder = new TextEncoder();
  const relay = new GrowingTextRelay();
  let settled = false;
  let stop: void | (() => void);
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const pass = (part: string): void => {
        if (part !== '') controller.enqueue(encoder.encode(part));
      };
      const fail = (reason: unknown): void => {
        if (settled) return;
        settled = true;
        controller.error(reason);
      };
      stop = source({
        grow(textSoFar) {
          if (settled) return;
          let part: string;
          try {
            part = relay.grow(textSoFar);
          } catch (shrank) {
            fail(shrank);
            return;
          }
          pass(part);
        },
        end() {
          if (settled) return;
          settled = true;
          pass(relay.end());
          controller.close();
        },
        fail,
      });
    },
    cancel() {
      settled = true;
      if (typeof stop === 'function') stop();
    },
  });
}

/**
 * An XMLHttpRequest as a growing-text source: `progress` grows, `load` grows a last time and
 * ends, `error`, `abort` and `timeout` fail. Call before `send()`; cancelling the stream aborts it.
 */
export function xhrGrowingText(xhr: XMLHttpRequest): GrowingTextSource {
  expectObject(xhr, 'xhrGrowingText', 'xhr');
  return (sink) => {
    const grow = (): void => sink.grow(xhr.responseText);
    const load = (): void => {
      sink.grow(xhr.responseText);
      sink.end();
    };
    const failed = (event: Event): void => sink.fail(new Error(`XMLHttpRequest ${event.type}`));
    xhr.addEventListener('progress', grow);
    xhr.addEventListener('load', load);
    for (const type of ['error', 'abort', 'timeout']) xhr.addEventListener(type, failed);
    return () => {
      xhr.removeEventListener('progress', grow);
      xhr.removeEventListener('load', load);
      for (const type of ['error', 'abort', 'timeout']) xhr.removeEventListener(type, failed);
      xhr.abort();
    };
  };
}
