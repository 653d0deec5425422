// The one way the course's readers take text off a body: a reader lock, a UTF-8 decoder, and the
// rules for stopping. Every reader of a ReadableStream in lessons-code goes through BodyText or
// pumpBody; the synchronous twin, feedPieces, decodes pieces already in hand the same way.
// Streams: https://streams.spec.whatwg.org/#default-reader-class (cancel() settles a pending
// read() with `done`, which is what lets an abort end a read that never returns).
// Decoding: https://encoding.spec.whatwg.org/#interface-textdecoder.

import { expectArray, expectBody, expectFunction, expectObject, expectOptions } from './arguments.ts';

/** How the transport reads a body: a signal to stop it, and how the text decoder ends. */
export interface TransportOptions {
  /** Aborting it cancels the body; the read that is waiting rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Decode the bytes left over when the body ends (true by default). GA's page and chatService never do. */
  flush?: boolean;
  /**
   * `stream` (the default): one streaming decoder, so a character cut between two reads comes out
   * whole. `each read`: a fresh decoder for every read, the mistake of a naive client.
   */
  decode?: 'stream' | 'each read';
}

/** Called with each piece of decoded text and the size of the read it came from; `true` stops the reading. */
export type OnText = (text: string, bytes: number) => boolean | void;

const BOM = '\uFEFF';
const STREAM = { stream: true };

/**
 * Bytes to text, read after read. The decoder keeps every U+FEFF (`ignoreBOM`) and the leading
 * byte order mark is dropped here, once: the Encoding standard drops only the first, and Node's
 * decoder drops a second one as well when the first one's bytes come split across two reads.
 */
export class Decoding {
  private readonly decoder: TextDecoder | null;
  private readonly flush: boolean;
  private atStart = true;

  constructor(options: TransportOptions = {}) {
    expectOptions(options, 'Decoding');
    this.decoder = options.decode === 'each read' ? null : new TextDecoder('utf-8', { ignoreBOM: true });
    this.flush = options.flush ?? true;
  }

  /** The text of one read. A chunk that is not bytes is an error, never skipped. */
  decode(chunk: unknown, where: string): string {
    if (!(chunk instanceof Uint8Array)) {
      const what =
        chunk === undefined
          ? 'undefined'
          : chunk === null
            ? 'null'
            : typeof chunk === 'object'
              ? 'an object'
              : `a ${typeof chunk}`;
      throw new TypeError(
        `${where}: the body delivered a chunk that is not bytes (${what}); a body must deliver Uint8Array chunks`,
      );
    }
    // the naive client's own decoder, default settings
    if (this.decoder === null) return new TextDecoder().decode(chunk);
    return this.dropBOM(this.decoder.decode(chunk, STREAM));
  }

  /** The end of the body: what the decoder still holds, unless the reader never flushes. */
  end(): string {
    return this.decoder === null || !this.flush ? '' : this.dropBOM(this.decoder.decode());
  }

  private dropBOM(text: string): string {
    if (!this.atStart || text.length === 0) return text;
    this.atStart = false;
    return text.startsWith(BOM) ? text.slice(1) : text;
  }
}

/**
 * A body read as text, one read at a time. `read()` gives the text of the next read ('' when a read
 * held only part of a character), the decoder's leftovers at the end, then null. `close()` cancels
 * the body unless it ended, and releases the lock; it is safe to call more than once.
 */
export class BodyText {
  /** The size in bytes of the read behind the last text (0 for the decoder's leftovers). */
  bytes = 0;
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoding: Decoding;
  private readonly signal: AbortSignal | undefined;
  private readonly onAbort = () => void this.close(this.signal?.reason);
  private state: 'reading' | 'ended' | 'closed' = 'reading';
  private readonly where: string;

  constructor(body: ReadableStream<Uint8Array>, options: TransportOptions = {}, where = 'BodyText') {
    this.where = where;
    expectBody(body, where);
    expectOptions(options, where);
    this.signal = options.signal;
    this.decoding = new Decoding(options);
    this.reader = body.getReader();
    if (this.signal?.aborted) void this.close(this.signal.reason);
    else this.signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  /** The text of the next read: '' when a read held only part of a character, null once the body is done. */
  async read(): Promise<string | null> {
    return this.textOf(await this.nextRead());
  }

  /** The next read as the body's reader gives it; textOf() turns it into text. Two steps, one await. */
  nextRead(): Promise<ReadableStreamReadResult<Uint8Array>> {
    if (this.signal?.aborted) return Promise.reject(this.signal.reason);
    return this.state === 'reading' ? this.reader.read() : Promise.resolve({ done: true, value: undefined });
  }

  /** The text of a read: the decoder's leftovers when the body is done, then null. */
  textOf({ done, value }: ReadableStreamReadResult<Uint8Array>): string | null {
    this.signal?.throwIfAborted(); // the abort cancelled the body, which ended the read that was waiting
    if (this.state !== 'reading') return null; // closed while the read waited, or ended already
    if (done) {
      this.state = 'ended';
      this.bytes = 0;
      return this.decoding.end();
    }
    this.bytes = value?.byteLength ?? 0;
    try {
      return this.decoding.decode(value, this.where);
    } catch (error) {
      void this.close(error);
      throw error;
    }
  }

  async close(reason?: unknown): Promise<void> {
    if (this.state === 'closed') return;
    const ended = this.state === 'ended';
    this.state = 'closed';
    this.signal?.removeEventListener('abort', this.onAbort);
    if (!ended) await this.reader.cancel(reason).catch(() => undefined);
    this.reader.releaseLock();
  }
}

/**
 * Reads a whole body, handing each piece of text to `onText`; resolves when the body ends or
 * `onText` returns true (the body is then cancelled). If `onText` throws, or the signal aborts,
 * the body is cancelled and the promise rejects. In every case the lock is released.
 */
export async function pumpBody(
  body: ReadableStream<Uint8Array>,
  onText: OnText,
  options: TransportOptions = {},
  where = 'pumpBody',
): Promise<void> {
  expectFunction(onText, where, 'onText');
  const text = new BodyText(body, options, where);
  try {
    for (let piece = await text.read(); piece !== null; piece = await text.read()) {
      if (piece === '' && text.bytes === 0) continue; // nothing left in the decoder
      if (onText(piece, text.bytes) === true) break;
    }
  } catch (error) {
    await text.close(error);
    throw error;
  }
  await text.close();
}

/** pumpBody's twin for pieces already in hand: the same decoding, the same stop, no promises. */
export function feedPieces(
  pieces: readonly Uint8Array[],
  onText: OnText,
  options: TransportOptions = {},
  where = 'feedPieces',
): void {
  expectArray(pieces, where, 'pieces');
  expectFunction(onText, where, 'onText');
  const decoding = new Decoding(options);
  for (const piece of pieces) if (onText(decoding.decode(piece, where), piece.byteLength) === true) return;
  const rest = decoding.end();
  if (rest !== '') onText(rest, 0);
}

/** What a reader does with text: takes each piece (true: it has read enough), then gives its result. */
export interface TextSink<R> {
  push(text: string, bytes: number): boolean | void;
  end(): R;
}

/** A body read into a sink: pumpBody, then the sink's result. */
export async function readBody<R>(
  body: ReadableStream<Uint8Array>,
  sink: TextSink<R>,
  options: TransportOptions = {},
  where = 'readBody',
): Promise<R> {
  expectObject(sink, where, 'sink');
  await pumpBody(body, (text, bytes) => sink.push(text, bytes), options, where);
  return sink.end();
}

/** readBody's twin for pieces already in hand (the scans feed thousands of cuts this way). */
export function readPieces<R>(
  pieces: readonly Uint8Array[],
  sink: TextSink<R>,
  options: TransportOptions = {},
  where = 'readPieces',
): R {
  expectObject(sink, where, 'sink');
  feedPieces(pieces, (text, bytes) => sink.push(text, bytes), options, where);
  return sink.end();
}
