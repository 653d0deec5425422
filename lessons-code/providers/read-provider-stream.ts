// One byte → text → event layer for the three providers (the lesson's standard reader: a streaming
// UTF-8 decoder and the HTML standard's event-stream parser), then one parser per provider into
// the two channels. The same layers serve a body read with `await` (readProviderStream) and reads
// already in hand (createProviderPipeline, readProviderPieces: the demos and the cut scans).

import { StandardParser, type StandardEvent } from '../standard/parser.ts';
import { ProviderChannels, type ChannelListeners, type ProviderStreamResult } from './channels.ts';
import type { Provider, ProviderRoute } from './routes.ts';

/** What the layered view of a stream can watch, layer by layer (each optional). */
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
  /**
   * The end of the body: pending bytes are decoded, an unfinished event is dropped (the standard's
   * rule). `transportError` is what broke the body, when something did: the turn is then cut.
   */
  end(transportError?: unknown): ProviderStreamResult;
}

const BOM = '\uFEFF';

export function createProviderPipeline(provider: Provider, observers: ProviderLayerObservers = {}): ProviderPipeline {
  const channels = new ProviderChannels(provider, observers);
  // Keeps every U+FEFF (ignoreBOM) and drops one leading BOM itself, once, as standard/stream.ts
  // does: Node's decoder would also drop a second one when the first one's bytes come split.
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  const parser = new StandardParser((event) => {
    const routes = channels.take(event.data);
    observers.event?.(event, routes);
  });
  let atStart = true;
  let ended = false;
  const feed = (text: string): void => {
    if (text === '') return;
    if (atStart) {
      atStart = false;
      if (text.startsWith(BOM)) text = text.slice(1);
      if (text === '') return;
    }
    observers.text?.(text);
    parser.feed(text);
  };
  return {
    push(bytes) {
      if (ended) throw new Error('The body has already ended.');
      feed(decoder.decode(bytes, { stream: true }));
    },
    end(transportError) {
      if (!ended) {
        ended = true;
        feed(decoder.decode());
        parser.end();
      }
      return channels.result(transportError);
    },
  };
}

/**
 * Reads a provider's streamed body into the answer and reasoning channels, notifying `on` as each
 * delta arrives (and, if asked, each decoded text and dispatched event). Only dispatched events
 * count: an event whose closing blank line never came (the body ended or broke in the middle of
 * it) is dropped, as the HTML standard says, so a cut stream never reports its closing event and
 * resolves with `complete: false`. A body that errors (the network failed) also resolves, with
 * `ending: 'cut'` and the error's message; an exception thrown by a listener rejects, after the
 * body is cancelled.
 */
export async function readProviderStream(
  provider: Provider,
  body: ReadableStream<Uint8Array>,
  on: ProviderLayerObservers = {},
): Promise<ProviderStreamResult> {
  const pipeline = createProviderPipeline(provider, on);
  const reader = body.getReader();
  try {
    for (;;) {
      let step: ReadableStreamReadResult<Uint8Array>;
      try {
        step = await reader.read();
      } catch (transportError) {
        return pipeline.end(transportError);
      }
      if (step.done) return pipeline.end();
      try {
        pipeline.push(step.value);
      } catch (listenerError) {
        await reader.cancel(listenerError).catch(() => undefined);
        throw listenerError;
      }
    }
  } finally {
    reader.releaseLock();
  }
}

/** readProviderStream over reads already in hand: the same result, synchronously (for scans over thousands of cuts). */
export function readProviderPieces(provider: Provider, pieces: Iterable<Uint8Array>, on: ProviderLayerObservers = {}): ProviderStreamResult {
  const pipeline = createProviderPipeline(provider, on);
  for (const piece of pieces) pipeline.push(piece);
  return pipeline.end();
}
