// Mistake: decides the status in finally from a flag that starts at "failed" and becomes
// "complete" after the loop: a page that leaves its loop early is taken for a failure.
// Lesson: /ga-ai/06d-one-call-per-round/#stop-billed-once
// Fails: stopped, stopped-first, generated-rounds
// Diagnosis: stop-saved-failed

import { RoundReader, readChatChunks } from 'lessons-code';

export type Status = 'complete' | 'stopped' | 'failed';

export async function* streamAnswer(
  body: ReadableStream<Uint8Array>,
  bill: (tokens: number) => void,
  save: (text: string, status: Status) => void,
): AsyncGenerator<string, void, undefined> {
  const reader = new RoundReader();
  let shown = '';
  let status: Status = 'failed';
  try {
    for await (const chunk of readChatChunks(body)) {
      const text = reader.take(chunk);
      if (text === '') continue;
      shown += text;
      yield text;
    }
    status = 'complete';
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
