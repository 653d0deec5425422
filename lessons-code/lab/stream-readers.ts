// The lesson's readers, and two naive ones, as a chat page would use them: each gives the text it
// shows, whether `[DONE]` came, and the server's error if it recognises one (core/events.ts). Each
// is one sink on the course's transport, read from a body as it arrives or from pieces in hand.

import { EventSorter, type StreamReadResult } from '../core/events.ts';
import { readBody, readPieces, type TextSink, type TransportOptions } from '../core/transport.ts';
import { ChatServiceStreamState } from '../ga/chat-service-reader.ts';
import { readPagePieces, readPageStream, type PageReadResult } from '../ga/page-reader.ts';
import { StandardParser } from '../standard/parser.ts';
import { expectArray, expectBody } from '../core/arguments.ts';

/** A reader of a body delivered in reads of any size. */
export type StreamReader = (
  body: ReadableStream<Uint8Array>,
  options?: { signal?: AbortSignal },
) => Promise<StreamReadResult>;

/** The standard's parser, its events sorted by a careful client. */
class SortedStandard implements TextSink<StreamReadResult> {
  private readonly sorter = new EventSorter();
  private readonly parser = new StandardParser((event) => this.sorter.take(event.data));

  push(text: string): void {
    this.parser.feed(text);
  }

  end(): StreamReadResult {
    this.parser.end();
    return this.sorter.result();
  }
}

/** The standard's parser, its events as they are: their data joined, `[DONE]` taken as the end marker. */
class PlainStandard implements TextSink<StreamReadResult> {
  private text = '';
  private done = false;
  private readonly parser = new StandardParser(({ data }) => {
    if (data === '[DONE]') this.done = true;
    else this.text += data;
  });

  push(text: string): void {
    this.parser.feed(text);
  }

  end(): StreamReadResult {
    this.parser.end();
    return { text: this.text, done: this.done, error: null };
  }
}

/** Naive reader 2's mistake: every piece parsed as a stream of its own, its end taken for the end of an event. */
class EachPieceParsed implements TextSink<StreamReadResult> {
  private readonly sorter = new EventSorter();

  push(text: string): void {
    const parser = new StandardParser((event) => this.sorter.take(event.data));
    parser.feed(text);
    parser.feed('\n\n'); // the piece ends: whatever event is open is dispatched as it stands
    parser.end();
  }

  end(): StreamReadResult {
    return this.sorter.result();
  }
}

/** chatService's loop as a result: what it returns, whether `[DONE]` completed it, or what it throws. */
class ChatServiceResult implements TextSink<StreamReadResult> {
  private readonly state = new ChatServiceStreamState();
  private done = false;

  push(text: string): boolean {
    this.done = this.state.push(text);
    return this.done;
  }

  end(): StreamReadResult {
    return { text: this.state.finish(), done: this.done, error: null };
  }
}

const NAIVE_DECODING: TransportOptions = { decode: 'each read' };
const NAIVE_PARSING: TransportOptions = { flush: false };
const CLIENT_DECODING: TransportOptions = { flush: false };

const pageResult = ({ answer, done }: PageReadResult): StreamReadResult => ({ text: answer, done, error: null });
const thrown = (error: unknown): StreamReadResult => ({
  text: '',
  done: false,
  error: error instanceof Error ? error.message : String(error),
});

/** The HTML standard's reader, its events sorted as a careful client does. */
export const readStandardStreamResult: StreamReader = (body, { signal } = {}) =>
  readBody(body, new SortedStandard(), { signal }, 'readStandardStreamResult');
/** readStandardStreamResult over pieces already in memory, each one read. */
export const standardOverPieces = (pieces: readonly Uint8Array[]): StreamReadResult =>
  readPieces(pieces, new SortedStandard(), {}, 'standardOverPieces');

/**
 * What the HTML standard's reader gives a user, as in the lesson's failure table: the data of its
 * events, `[DONE]` taken as the end marker. Nothing in the standard tells an error from an answer,
 * so an `{"error":…}` event is kept as text; telling them apart is the client's job
 * (readStandardStreamResult, as submitCarefully uses it).
 */
export const readStandardEventsResult: StreamReader = (body, { signal } = {}) =>
  readBody(body, new PlainStandard(), { signal }, 'readStandardEventsResult');

/**
 * Naive reader 1: decodes each piece on its own (a new TextDecoder per read, no streaming mode),
 * then reads whole events correctly. A character whose bytes a cut separates comes out as two
 * replacement characters (U+FFFD); everything else survives.
 */
export const readDecodingEachPiece: StreamReader = (body, { signal } = {}) =>
  readBody(body, new SortedStandard(), { ...NAIVE_DECODING, signal }, 'readDecodingEachPiece');
/** readDecodingEachPiece over pieces already in memory, each one read. */
export const decodingEachPiece = (pieces: readonly Uint8Array[]): StreamReadResult =>
  readPieces(pieces, new SortedStandard(), NAIVE_DECODING, 'decodingEachPiece');

/**
 * Naive reader 2: decodes correctly (streaming mode) but parses each piece as a stream of its
 * own, with no buffer between reads: the end of a piece is taken for the end of an event. The
 * front half of an event cut at the end of a piece becomes an event of its own; the back half, at
 * the start of the next piece, is read from the middle of a line. A CR that ends one piece and the
 * LF that starts the next count as two line ends.
 */
export const readParsingEachPiece: StreamReader = (body, { signal } = {}) =>
  readBody(body, new EachPieceParsed(), { ...NAIVE_PARSING, signal }, 'readParsingEachPiece');
/** readParsingEachPiece over pieces already in memory, each one read. */
export const parsingEachPiece = (pieces: readonly Uint8Array[]): StreamReadResult =>
  readPieces(pieces, new EachPieceParsed(), NAIVE_PARSING, 'parsingEachPiece');

/** The GaChatbot page's consumeSseStream (readPageStream), as a result: it recognises no error event. */
export const readPageStreamResult: StreamReader = async (body, options = {}) => {
  expectBody(body, 'readPageStreamResult');
  return pageResult(await readPageStream(body, options));
};
/** readPageStreamResult over pieces already in memory, each one read. */
export const pageOverPieces = (pieces: readonly Uint8Array[]): StreamReadResult => {
  expectArray(pieces, 'pageOverPieces', 'pieces');
  return pageResult(readPagePieces(pieces));
};

/** ga-client's chatService read loop, as a result; an error event (or JSON that does not parse) is its error. */
export const readChatServiceStreamResult: StreamReader = async (body, { signal } = {}) => {
  expectBody(body, 'readChatServiceStreamResult'); // a bad argument is the caller's error, not the stream's
  return readBody(body, new ChatServiceResult(), { ...CLIENT_DECODING, signal }, 'readChatServiceStreamResult').catch(
    (error: unknown) => {
      if (signal?.aborted && error === signal.reason) throw error; // an abort is the caller's, not the stream's
      return thrown(error);
    },
  );
};
