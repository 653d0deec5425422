// readStandardStream: the standard reader (parser.ts) over bytes as the network delivers them.
// WHATWG HTML §9.2.5 (https://html.spec.whatwg.org/multipage/server-sent-events.html#parsing-an-event-stream):
// the stream is decoded as UTF-8, and one leading byte order mark is dropped.

import { StandardParser } from './parser.ts';

const BOM = '\uFEFF';

/**
 * The same reader over bytes as the network delivers them, in pieces of any size: UTF-8 decoded
 * in streaming mode (a character cut between two pieces is kept whole), partial lines buffered,
 * and a CR that ends one piece kept from pairing up with an LF that starts the next one twice.
 */
export async function* readStandardStream(body: ReadableStream<Uint8Array>): AsyncGenerator<string, void, undefined> {
  const reader = body.getReader();
  // Replaces invalid bytes with U+FFFD. It keeps every U+FEFF (ignoreBOM): the leading BOM is dropped
  // below, once, because Node's decoder drops a second U+FEFF too when the first one's bytes come
  // split across two reads (the Encoding standard drops only the first).
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  const ready: string[] = [];
  const parser = new StandardParser((event) => ready.push(event.data));
  let atStart = true;
  const feed = (text: string): void => {
    if (atStart && text.length > 0) {
      atStart = false;
      if (text.startsWith(BOM)) text = text.slice(1);
    }
    parser.feed(text);
  };
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      feed(decoder.decode(value, { stream: true }));
      for (let i = 0; i < ready.length; i++) yield ready[i]!;
      ready.length = 0;
    }
    feed(decoder.decode());
    for (const data of ready) yield data;
    parser.end();
    finished = true;
  } finally {
    // A consumer that stops early (break, return, throw) cancels the body instead of leaving it locked.
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
