// Mistake: once the usage chunk has come, takes a stream that ends without `data: [DONE]` for a
// finished answer: the missing `[DONE]` is forgiven, the turn saved "complete" and the error kept
// from the page. Only `[DONE]` says the answer is whole, and the task says "failed", whatever the
// error.
// Lesson: /ga-ai/06b-beyond-the-wire/#a-stream-that-stops-short
// Fails: generated-rounds
// Diagnosis: usage-taken-for-the-end

import { ModelStreamError, RoundReader, readChatChunks } from 'lessons-code';

export type Status = 'complete' | 'stopped' | 'failed';

export async function* streamAnswer(
  body: ReadableStream<Uint8Array>,
  bill: (tokens: number) => void,
  save: (text: string, status: Status) => void,
): AsyncGenerator<string, void, undefined> {
  const reader = new RoundReader();
  let shown = '';
  let status: Status = 'stopped';
  let usageSeen = false;
  try {
    for await (const chunk of readChatChunks(body)) {
      if (chunk.usage) usageSeen = true;
      const text = reader.take(chunk);
      if (text === '') continue;
      shown += text;
      yield text;
    }
    status = 'complete';
  } catch (error) {
    const onlyDoneMissing = error instanceof ModelStreamError && error.kind === 'incomplete';
    if (onlyDoneMissing && usageSeen) {
      // The usage chunk is the last one: nothing but [DONE] was left to come.
      status = 'complete';
    } else {
      status = 'failed';
      throw error;
    }
  } finally {
    bill(reader.result().usage?.completion_tokens ?? reader.tokensReceived);
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
