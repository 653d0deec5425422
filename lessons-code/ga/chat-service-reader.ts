// ga-client's chatService: Apps/ga-client/src/services/chatService.ts at a826864.

/** What one pass of parseSseBuffer leaves: the unfinished remainder and whether `[DONE]` came. */
export interface ChatServiceParse {
  remainder: string;
  completed: boolean;
}

// parseSseBuffer, Apps/ga-client/src/services/chatService.ts lines 29–77 at a826864
export function parseChatServiceBuffer(buffer: string, onChunk: (chunk: string) => void): ChatServiceParse {
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
export class ChatServiceStreamState {
  private buffer = '';
  response = '';

  push(text: string): boolean {
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
}

// sendChatMessageStream read loop, Apps/ga-client/src/services/chatService.ts lines 125–162 at a826864 (one read)
export function readChatService(stream: string): string {
  const state = new ChatServiceStreamState();
  state.push(stream);
  return state.finish();
}

/** The read loop over bytes as they arrive (a streaming TextDecoder, as in the client). */
export async function readChatServiceStream(body: ReadableStream<Uint8Array>): Promise<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const state = new ChatServiceStreamState();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      let completed: boolean;
      try {
        completed = state.push(decoder.decode(value, { stream: true }));
      } catch (error) {
        await reader.cancel().catch(() => undefined);
        throw error;
      }
      if (completed) break;
    }
  } finally {
    reader.releaseLock();
  }
  return state.finish();
}
