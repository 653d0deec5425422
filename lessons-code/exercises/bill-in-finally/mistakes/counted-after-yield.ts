// Mistake: shows the piece of a chunk first and hands the chunk to the reader after the yield, once
// the page has it. A page that stops at that piece never lets the generator resume: the piece's
// token is never counted, and a stopped turn is billed one token short.
// Lesson: /ga-ai/06d-one-call-per-round/#stop-billed-once
// Fails: stopped, stopped-first, generated-rounds
// Diagnosis: counted-after-yield

import { RoundReader, readChatChunks } from 'lessons-code';

export type Status = 'complete' | 'stopped' | 'failed';

export async function* streamAnswer(
  body: ReadableStream<Uint8Array>,
  bill: (tokens: number) => void,
  save: (text: string, status: Status) => void,
): AsyncGenerator<string, void, undefined> {
  const reader = new RoundReader();
  let saved = '';
  let status: Status = 'stopped';
  try {
    for await (const chunk of readChatChunks(body)) {
      const content = chunk.choices[0]?.delta.content;
      if (typeof content === 'string' && content.length > 0) {
        saved += content;
        yield content;
      }
      reader.take(chunk);
    }
    status = 'complete';
  } catch (error) {
    status = 'failed';
    throw error;
  } finally {
    bill(reader.result().usage?.completion_tokens ?? reader.tokensReceived);
    save(saved, status);
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
