// Mistake: handles the two endings it thinks of, the loop that completes and the stream that
// throws (a catch that bills, saves "failed" and rethrows), and forgets the third: a page that
// leaves its loop goes through neither.
// Lesson: /ga-ai/06d-one-call-per-round/#stop-billed-once
// Fails: stopped, stopped-first, generated-rounds
// Diagnosis: not-billed-when-stopped

import { RoundReader, readChatChunks } from 'lessons-code';

export type Status = 'complete' | 'stopped' | 'failed';

export async function* streamAnswer(
  body: ReadableStream<Uint8Array>,
  bill: (tokens: number) => void,
  save: (text: string, status: Status) => void,
): AsyncGenerator<string, void, undefined> {
  const reader = new RoundReader();
  let shown = '';
  try {
    for await (const chunk of readChatChunks(body)) {
      const text = reader.take(chunk);
      if (text === '') continue;
      shown += text;
      yield text;
    }
  } catch (error) {
    bill(reader.result().usage?.completion_tokens ?? reader.tokensReceived);
    save(shown, 'failed');
    throw error;
  }
  bill(reader.result().usage?.completion_tokens ?? reader.tokensReceived);
  save(shown, 'complete');
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
