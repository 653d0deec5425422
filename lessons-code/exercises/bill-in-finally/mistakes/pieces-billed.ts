// Mistake: when no usage chunk came, counts the pieces of text it yields and bills that count,
// taking one piece for one token. In a round that only answers they agree; but a chunk that carries
// a tool-call fragment is a token too, and brings no text: a round that calls a tool, stopped before
// its usage chunk, is billed less than was received.
// Lesson: /ga-ai/06d-one-call-per-round/#stop-billed-once
// Fails: generated-rounds
// Diagnosis: pieces-billed

import { RoundReader, readChatChunks } from 'lessons-code';

export type Status = 'complete' | 'stopped' | 'failed';

export async function* streamAnswer(
  body: ReadableStream<Uint8Array>,
  bill: (tokens: number) => void,
  save: (text: string, status: Status) => void,
): AsyncGenerator<string, void, undefined> {
  const reader = new RoundReader();
  let shown = '';
  let pieces = 0;
  let status: Status = 'stopped';
  try {
    for await (const chunk of readChatChunks(body)) {
      const text = reader.take(chunk);
      if (text === '') continue;
      shown += text;
      pieces++;
      yield text;
    }
    status = 'complete';
  } catch (error) {
    status = 'failed';
    throw error;
  } finally {
    bill(reader.result().usage?.completion_tokens ?? pieces);
    save(shown, status);
  }
}

export async function showAnswer(
  body: ReadableStream<Uint8Array>,
  stopAfter: number | null,
  bill: (tokens: number) => void,
  save: (text: string, status: Status) => void,
): Promise<string> {
  let shown = '';
  let pieces = 0;
  for await (const piece of streamAnswer(body, bill, save)) {
    shown += piece;
    pieces++;
    if (pieces === stopAfter) break;
  }
  return shown;
}
