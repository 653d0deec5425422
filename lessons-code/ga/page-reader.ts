// The GaChatbot page: how Apps/GaChatbot.Api/wwwroot/index.html reads the stream and keeps the conversation.

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
export class PageStreamState {
  private buffer = '';
  answer = '';
  routing: PageRouting | null = null;
  done = false;

  /** Adds decoded text; returns true once `[DONE]` has been read (the page returns at once). */
  push(text: string): boolean {
    if (this.done) return true;
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
        const parsed = parseJsonOrUndefined(data);
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
}

function parseJsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined; // the page falls through and shows the text
  }
}

function isRouting(value: unknown): value is PageRouting {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'routing';
}

// consumeSseStream, Apps/GaChatbot.Api/wwwroot/index.html lines 740–809 at a826864 (one read of the whole body)
export function readPageResult(stream: string): PageReadResult {
  const state = new PageStreamState();
  state.push(stream);
  return state.result(); // a trailing partial event is never looked at: the page drops it
}

/** The answer the GaChatbot page ends up showing for a whole stream. */
export function readPage(stream: string): string {
  return readPageResult(stream).answer;
}

/** consumeSseStream over bytes as they arrive: a streaming TextDecoder, never flushed, as on the page. */
export async function readPageStream(body: ReadableStream<Uint8Array>): Promise<PageReadResult> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const state = new PageStreamState();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (state.push(decoder.decode(value, { stream: true }))) {
        await reader.cancel().catch(() => undefined);
        break;
      }
    }
  } finally {
    reader.releaseLock();
  }
  return state.result();
}
