// The GaChatbot page's consumeSseStream: how Apps/GaChatbot.Api/wwwroot/index.html (lines 740–809 at
// a826864,
// https://github.com/GuitarAlchemist/ga/blob/a826864f3a012cad88e415954bf57eca0ce12aa6/Apps/GaChatbot.Api/wwwroot/index.html)
// turns the stream into the answer it shows. The read loop is the course's transport (core/transport.ts)
// with the page's decoder: streaming, never flushed.

import { expectFunction, expectString } from '../core/arguments.ts';
import { parseJson } from '../core/events.ts';
import { readBody, readPieces, type TextSink } from '../core/transport.ts';

/** The routing event the page recognises: the first JSON event whose `type` is `routing`. */
export interface PageRouting {
  type: 'routing';
  agentId?: string;
  confidence?: number;
  routingMethod?: string;
  trace?: unknown;
  [key: string]: unknown;
}

/** What consumeSseStream returns: the answer it rendered and the routing event, if one came. */
export interface PageReadResult {
  answer: string;
  routing: PageRouting | null;
  /** True when `[DONE]` ended the read; false when the stream simply stopped. */
  done: boolean;
}

/**
 * The event handling of consumeSseStream, as a little state machine fed with decoded text.
 * The port keeps the page's choices: no CR handling, events end at the first `\n\n`, only lines
 * starting with `data: ` (space included) count, and any event other than the routing one is text.
 */
export class PageStreamState implements TextSink<PageReadResult> {
  private buffer = '';
  answer = '';
  routing: PageRouting | null = null;
  done = false;
  private readonly onAnswer: PageAnswerListener | undefined;

  /** `onAnswer` hears the answer so far after each push that added text (the page re-renders its bubble then). */
  constructor(onAnswer?: PageAnswerListener) {
    if (onAnswer !== undefined) expectFunction(onAnswer, 'PageStreamState', 'onAnswer');
    this.onAnswer = onAnswer;
  }

  /** Adds decoded text; returns true once `[DONE]` has been read (the page returns at once). */
  push(text: string): boolean {
    expectString(text, 'PageStreamState.push', 'text');
    if (this.done) return true;
    const before = this.answer;
    const finished = this.take(text);
    if (this.answer !== before) this.onAnswer?.(this.answer, this.routing);
    return finished;
  }

  private take(text: string): boolean {
    this.buffer += text;
    let sep: number;
    while ((sep = this.buffer.indexOf('\n\n')) >= 0) {
      const rawEvent = this.buffer.slice(0, sep);
      this.buffer = this.buffer.slice(sep + 2);
      const dataLines: string[] = [];
      for (const line of rawEvent.split('\n')) if (line.startsWith('data: ')) dataLines.push(line.slice(6));
      if (dataLines.length === 0) continue;
      const data = dataLines.join('\n');
      if (data === '[DONE]') {
        this.done = true;
        return true;
      }
      if (this.routing === null && data.startsWith('{') && data.includes('"type"')) {
        const parsed = parseJson(data); // not JSON: the page falls through and shows the text
        if (isRouting(parsed)) {
          this.routing = parsed;
          continue;
        }
      }
      this.answer += data;
    }
    return false;
  }

  result(): PageReadResult {
    return { answer: this.answer, routing: this.routing, done: this.done };
  }

  end(): PageReadResult {
    return this.result();
  }
}

/** Told the answer so far, and the routing event if one came. */
export type PageAnswerListener = (answer: string, routing: PageRouting | null) => void;

function isRouting(value: unknown): value is PageRouting {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'routing';
}

/** The page's decoder: `new TextDecoder()`, streaming, never flushed. */
const PAGE_DECODING = { flush: false } as const;

/** consumeSseStream on a whole stream in one read. */
export function readPageResult(stream: string): PageReadResult {
  expectString(stream, 'readPageResult', 'stream');
  const state = new PageStreamState();
  state.push(stream);
  return state.result(); // a trailing partial event is never looked at: the page drops it
}

/** The answer the GaChatbot page ends up showing for a whole stream. */
export function readPage(stream: string): string {
  expectString(stream, 'readPage', 'stream');
  return readPageResult(stream).answer;
}

/** consumeSseStream over bytes as they arrive; `[DONE]` ends the read and cancels the body. */
export function readPageStream(
  body: ReadableStream<Uint8Array>,
  options: { signal?: AbortSignal; onAnswer?: PageAnswerListener } = {},
): Promise<PageReadResult> {
  return readBody(
    body,
    new PageStreamState(options.onAnswer),
    { ...PAGE_DECODING, signal: options.signal },
    'readPageStream',
  );
}

/** readPageStream over pieces already in hand. */
export function readPagePieces(pieces: readonly Uint8Array[]): PageReadResult {
  return readPieces(pieces, new PageStreamState(), PAGE_DECODING, 'readPagePieces');
}
