// ga-client's chatService: Apps/ga-client/src/services/chatService.ts at a826864
// (https://github.com/GuitarAlchemist/ga/blob/a826864f3a012cad88e415954bf57eca0ce12aa6/Apps/ga-client/src/services/chatService.ts).
// The read loop is the course's transport (core/transport.ts) with the client's decoder: streaming, never flushed.

import { expectFunction, expectString } from '../core/arguments.ts';
import { readBody, type TextSink } from '../core/transport.ts';

/** What one pass of parseSseBuffer leaves: the unfinished remainder and whether `[DONE]` came. */
export interface ChatServiceParse {
  remainder: string;
  completed: boolean;
}

/**
 * ga-client's parseSseBuffer (Apps/ga-client/src/services/chatService.ts lines 29–77 at a826864):
 * the events a buffer holds, each handed to `onChunk` as the client reads it (its first `data:`
 * line only, trimmed).
 *
 * @param buffer - Text read so far, ending anywhere.
 * @param onChunk - Called with the text of each event.
 * @returns What is left unparsed, and whether `[DONE]` came.
 */
export function parseChatServiceBuffer(buffer: string, onChunk: (chunk: string) => void): ChatServiceParse {
  expectString(buffer, 'parseChatServiceBuffer', 'buffer');
  expectFunction(onChunk, 'parseChatServiceBuffer', 'onChunk');
  const events = buffer.split('\n\n');
  const remainder = events.pop() ?? '';
  let completed = false;
  for (const event of events) {
    const dataLine = event.split('\n').find((line) => line.startsWith('data:'));
    if (dataLine === undefined) continue;
    const payload = dataLine.slice(5).trim();
    if (payload === '') continue;
    if (payload === '[DONE]') {
      completed = true;
      continue;
    }
    if (payload.startsWith('{')) {
      // JSON.parse throws a SyntaxError on a payload that is not JSON; the client lets it through.
      const parsed: unknown = JSON.parse(payload);
      const error = typeof parsed === 'object' && parsed !== null ? (parsed as { error?: unknown }).error : undefined;
      if (error) throw new Error(String(error));
      continue;
    }
    onChunk(payload);
  }
  return { remainder, completed };
}

/** One step of sendChatMessageStream's read loop: appends new text; returns true once `[DONE]` came. */
export class ChatServiceStreamState implements TextSink<string> {
  private buffer = '';
  response = '';

  /**
   * As in GA's loop, the whole buffer is split again on every read: an event that arrives in many
   * small reads is scanned again for each of them, so its cost grows with the square of its size.
   * The port keeps GA's behaviour; the demos feed it whole streams or a few reads.
   */
  push(text: string): boolean {
    expectString(text, 'ChatServiceStreamState.push', 'text');
    this.buffer += text;
    const { remainder, completed } = parseChatServiceBuffer(this.buffer, (chunk) => {
      this.response += chunk;
    });
    this.buffer = remainder;
    return completed;
  }

  /** After the loop: whatever is left in the buffer, trimmed, is appended as it is. */
  finish(): string {
    const rest = this.buffer.trim();
    if (rest !== '') this.response += rest;
    this.buffer = '';
    return this.response;
  }

  end(): string {
    return this.finish();
  }
}

/** The client's decoder: `new TextDecoder()`, streaming, never flushed. */
const CLIENT_DECODING = { flush: false } as const;

/**
 * The answer ga-client's chatService ends up with for a whole stream arriving in one read
 * (sendChatMessageStream's read loop, Apps/ga-client/src/services/chatService.ts lines 125–162 at
 * a826864). It throws on an error event, as the client does.
 *
 * @example
 * ```ts
 * readChatService(writeGaApiEvent('a\n\nb') + DONE_EVENT); // 'a': the client keeps each event's first line
 * ```
 */
export function readChatService(stream: string): string {
  expectString(stream, 'readChatService', 'stream');
  const state = new ChatServiceStreamState();
  state.push(stream);
  return state.finish();
}

/**
 * The read loop over bytes as they arrive. An error event throws, as in GA, after the body is
 * cancelled; `[DONE]` ends the loop, and the transport cancels the rest of the body, where GA's loop
 * only stops reading (the difference is visible to the server alone).
 */
export function readChatServiceStream(
  body: ReadableStream<Uint8Array>,
  options: { signal?: AbortSignal } = {},
): Promise<string> {
  return readBody(
    body,
    new ChatServiceStreamState(),
    { ...CLIENT_DECODING, signal: options.signal },
    'readChatServiceStream',
  );
}
