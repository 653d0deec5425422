// Mistake: saves "failed" only for the kinds of error it expects, ModelStreamError (the stream's
// format) and TypeError (a connection that dropped), and leaves any other at "stopped". A body
// that errors with a plain Error, as one the page's own stream code passes on does when that code
// fails, is saved as a stop. The task says "failed", whatever the error.
// Lesson: /ga-ai/06d-one-call-per-round/#stop-billed-once
// Fails: generated-rounds
// Diagnosis: error-kinds-listed

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
  try {
    for await (const chunk of readChatChunks(body)) {
      const text = reader.take(chunk);
      if (text === '') continue;
      shown += text;
      yield text;
    }
    status = 'complete';
  } catch (error) {
    const broken = error instanceof ModelStreamError || error instanceof TypeError;
    if (broken) status = 'failed';
    throw error;
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
