// Mistake: drives readChatChunks's iterator by hand, calling next() until it is done, and never
// calls its return(). Billing and saving are right in every ending, but a page that stops leaves
// the body open: nothing cancels it, so the request goes on after Stop. A `for await` loop closes
// the iterator when it is left (lessons-code/rounds/round-reader.ts: leaving the loop cancels the body).
// Lesson: /ga-ai/06d-one-call-per-round/#stop-billed-once
// Fails: stopped, stopped-first, generated-rounds
// Diagnosis: body-not-cancelled

import { RoundReader, readChatChunks } from 'lessons-code';

export type Status = 'complete' | 'stopped' | 'failed';

export async function* streamAnswer(
  body: ReadableStream<Uint8Array>,
  bill: (tokens: number) => void,
  save: (text: string, status: Status) => void,
): AsyncGenerator<string, void, undefined> {
  const reader = new RoundReader();
  const chunks = readChatChunks(body);
  const pieces: string[] = [];
  let status: Status = 'stopped';
  try {
    while (true) {
      let next: IteratorResult<Parameters<RoundReader['take']>[0]>;
      try {
        next = await chunks.next();
      } catch (error) {
        status = 'failed';
        throw error;
      }
      if (next.done) break;
      const text = reader.take(next.value);
      if (text === '') continue;
      pieces.push(text);
      yield text;
    }
    status = 'complete';
  } finally {
    bill(reader.result().usage?.completion_tokens ?? reader.tokensReceived);
    save(pieces.join(''), status);
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
