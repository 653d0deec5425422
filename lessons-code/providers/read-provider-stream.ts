// One byte → text → event layer for the three providers (the lesson's standard reader: a streaming
// UTF-8 decoder and the HTML standard's event-stream parser), then one parser per provider into
// the two channels. The same layers serve a body read with `await` (readProviderStream) and reads
// already in hand (createProviderPipeline, readProviderPieces: the demos and the cut scans).

import { BodyText, Decoding, type TransportOptions } from '../core/transport.ts';
import { StandardParser, type StandardEvent } from '../standard/parser.ts';
import { ProviderChannels, type ChannelListeners, type ProviderStreamResult } from './channels.ts';
import { PROVIDERS, type Provider, type ProviderRoute } from './routes.ts';
import { expectArray, expectOneOf, expectOptions } from '../core/arguments.ts';

/** What the layered view of a stream can watch, layer by layer (each optional). */
export interface ProviderLayerObservers extends ChannelListeners {
  /** The text one read decoded to (a character cut between two reads comes out whole in the later one). */
  text?(text: string): void;
  /** An event the standard's parser dispatched, with its routes. */
  event?(event: StandardEvent, routes: ProviderRoute[]): void;
  /**
   * At the end of the body, text after the last event that says how the turn ended (a Gemini bare JSON error), with its
   * routes.
   */
  tail?(text: string, routes: ProviderRoute[]): void;
}

/** readProviderStream's layers over reads already in hand, synchronous, each layer observable. */
export interface ProviderPipeline {
  /** One read of the body. */
  push(bytes: Uint8Array): void;
  /**
   * The end of the body: pending bytes are decoded, an unfinished event is dropped (the standard's
   * rule). `transportError` is what broke the body, when something did: the turn is then cut.
   */
  end(transportError?: unknown): ProviderStreamResult;
}

/** Two line ends in a row: a blank line, whatever the line ends (CRLF, LF, CR). */
const BLANK_LINE = /(?:\r\n|\n|\r)(?:\r\n|\n|\r)/g;

/**
 * The text after the last blank line seen so far: what no event has closed yet. Each piece is
 * searched once (with the few characters before it, for a blank line split between two pieces).
 */
class TailAfterLastEvent {
  text = '';
  add(piece: string): void {
    const from = Math.max(0, this.text.length - 3);
    const combined = this.text + piece;
    BLANK_LINE.lastIndex = from;
    let end = -1;
    for (let match = BLANK_LINE.exec(combined); match !== null; match = BLANK_LINE.exec(combined))
      end = match.index + match[0].length;
    this.text = end === -1 ? combined : combined.slice(end);
  }
}

/** The layers above the decoder: the standard's parser, then the provider's parser into the channels. */
function textLayers(provider: Provider, observers: ProviderLayerObservers) {
  const channels = new ProviderChannels(provider, observers);
  const parser = new StandardParser((event) => {
    const routes = channels.take(event.data);
    observers.event?.(event, routes);
  });
  // Only Gemini's servers are known to end a body with a bare JSON error after the last event (gemini.ts).
  const tail = provider === 'gemini' ? new TailAfterLastEvent() : null;
  let ended = false;
  return {
    feed(text: string): void {
      if (text === '') return;
      observers.text?.(text);
      tail?.add(text);
      parser.feed(text);
    },
    end(transportError?: unknown): ProviderStreamResult {
      if (!ended) {
        ended = true;
        parser.end();
        if (tail !== null && tail.text.trim() !== '') {
          const routes = channels.takeTail(tail.text);
          if (routes.length > 0) observers.tail?.(tail.text, routes);
        }
      }
      return channels.result(transportError);
    },
  };
}

/**
 * The layers over reads already in hand. `decode: 'each read'` gives every read a decoder of its
 * own (core/transport.ts), the naive client the cut scan compares with.
 */
export function createProviderPipeline(
  provider: Provider,
  observers: ProviderLayerObservers = {},
  options: Pick<TransportOptions, 'decode'> = {},
): ProviderPipeline {
  expectOneOf(provider, PROVIDERS, 'createProviderPipeline', 'provider');
  expectOptions(observers, 'createProviderPipeline', 'observers');
  const layers = textLayers(provider, observers);
  const decoding = new Decoding(options); // one streaming decoder; the leading BOM dropped once
  let ended = false;
  return {
    push(bytes) {
      if (ended) throw new Error('The body has already ended.');
      layers.feed(decoding.decode(bytes, 'createProviderPipeline'));
    },
    end(transportError) {
      if (!ended) {
        ended = true;
        layers.feed(decoding.end());
      }
      return layers.end(transportError);
    },
  };
}

/**
 * Reads a provider's streamed body into the answer and reasoning channels, notifying `on` as each
 * delta arrives (and, if asked, each decoded text and dispatched event). The bytes are taken off
 * the body by the course's one transport (core/transport.ts, BodyText). Only dispatched events
 * count: an event whose closing blank line never came (the body ended or broke in the middle of
 * it) is dropped, as the HTML standard says, so a cut stream never reports its closing event and
 * resolves with `complete: false`. A read that fails (the network broke) also resolves, with
 * `ending: 'cut'` and the error's message. A listener that throws, a chunk that is not bytes and
 * an aborted `signal` reject; in every case the body is cancelled and unlocked.
 */
export async function readProviderStream(
  provider: Provider,
  body: ReadableStream<Uint8Array>,
  on: ProviderLayerObservers = {},
  options: Pick<TransportOptions, 'signal'> = {},
): Promise<ProviderStreamResult> {
  expectOneOf(provider, PROVIDERS, 'readProviderStream', 'provider');
  expectOptions(on, 'readProviderStream', 'on');
  const layers = textLayers(provider, on);
  const text = new BodyText(body, options, 'readProviderStream');
  try {
    for (;;) {
      let read: ReadableStreamReadResult<Uint8Array>;
      try {
        read = await text.nextRead();
      } catch (transportError) {
        options.signal?.throwIfAborted();
        await text.close(transportError);
        return layers.end(transportError); // the body broke: the turn is cut
      }
      const piece = text.textOf(read); // throws for a chunk that is not bytes, or once aborted
      if (piece === null) break;
      layers.feed(piece);
    }
  } catch (error) {
    await text.close(error);
    throw error;
  }
  await text.close();
  return layers.end();
}

/** readProviderStream over reads already in hand: the same result, synchronously (for scans over thousands of cuts). */
export function readProviderPieces(
  provider: Provider,
  pieces: Iterable<Uint8Array>,
  on: ProviderLayerObservers = {},
): ProviderStreamResult {
  expectOneOf(provider, PROVIDERS, 'readProviderPieces', 'provider');
  expectArray(pieces, 'readProviderPieces', 'pieces');
  const pipeline = createProviderPipeline(provider, on);
  for (const piece of pieces) pipeline.push(piece);
  return pipeline.end();
}
