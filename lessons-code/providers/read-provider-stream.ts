// One byte → text → event layer for the three providers (the lesson's standard reader: a streaming
// UTF-8 decoder and the HTML standard's event-stream parser), then one parser per provider into
// the two channels.

import { StandardParser, readStandardStream, type StandardEvent } from '../index.ts';
import { ProviderChannels, type ChannelListeners, type ProviderStreamResult } from './channels.ts';
import type { Provider, ProviderRoute } from './routes.ts';

/**
 * Reads a provider's streamed body into the answer and reasoning channels, notifying `on` as each
 * delta arrives. Only dispatched events count: an event whose closing blank line never came (the
 * body ended or broke in the middle of it) is dropped, as the HTML standard says, so a cut stream
 * never reports its closing event and resolves with `complete: false`. A body that errors (the
 * network failed) also resolves, with `ending: 'cut'` and the error's message; an exception thrown
 * by a listener rejects.
 */
export async function readProviderStream(
  provider: Provider,
  body: ReadableStream<Uint8Array>,
  on: ChannelListeners = {},
): Promise<ProviderStreamResult> {
  const channels = new ProviderChannels(provider, on);
  const events = readStandardStream(body);
  for (;;) {
    let step: IteratorResult<string, void>;
    try {
      step = await events.next();
    } catch (transportError) {
      return channels.result(transportError); // the reader has already released the body
    }
    if (step.done === true) return channels.result();
    try {
      channels.take(step.value);
    } catch (listenerError) {
      await events.return(); // cancels the body
      throw listenerError;
    }
  }
}

/** What the layered view of a stream can watch, layer by layer. */
export interface ProviderLayerObservers extends ChannelListeners {
  /** The text one read decoded to (a character cut between two reads comes out whole in the later one). */
  text?(text: string): void;
  /** An event the standard's parser dispatched, with its routes. */
  event?(event: StandardEvent, routes: ProviderRoute[]): void;
}

/** readProviderStream's layers over reads already in hand, synchronous, each layer observable. */
export interface ProviderPipeline {
  /** One read of the body. */
  push(bytes: Uint8Array): void;
  /** The end of the body: pending bytes are decoded, an unfinished event is dropped. */
  end(): ProviderStreamResult;
}

export function createProviderPipeline(provider: Provider, observers: ProviderLayerObservers = {}): ProviderPipeline {
  const channels = new ProviderChannels(provider, observers);
  const decoder = new TextDecoder('utf-8'); // drops one leading byte order mark, as the standard's decode does
  const parser = new StandardParser((event) => {
    const routes = channels.take(event.data);
    observers.event?.(event, routes);
  });
  const feed = (text: string): void => {
    if (text === '') return;
    observers.text?.(text);
    parser.feed(text);
  };
  return {
    push: (bytes) => feed(decoder.decode(bytes, { stream: true })),
    end: () => {
      feed(decoder.decode());
      parser.end();
      return channels.result();
    },
  };
}

/** readProviderStream over reads already in hand: the same result, synchronously (for scans over thousands of cuts). */
export function readProviderPieces(provider: Provider, pieces: Iterable<Uint8Array>, on: ChannelListeners = {}): ProviderStreamResult {
  const pipeline = createProviderPipeline(provider, on);
  for (const piece of pieces) pipeline.push(piece);
  return pipeline.end();
}
