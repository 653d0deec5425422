// Mistake: decides "complete" from whether a finish_reason was read, not from how the loop ended: a
// page that stops at the piece that came with the finish_reason saves a complete turn, and a stream
// that reaches [DONE] without one is saved as stopped.
// Lesson: /ga-ai/06d-one-call-per-round/#stop-billed-once
// Fails: generated-rounds
// Diagnosis: status-from-finish-reason

import { RoundReader, readChatChunks } from 'lessons-code';

export type Status = 'complete' | 'stopped' | 'failed';

export async function* streamAnswer(
  body: ReadableStream<Uint8Array>,
  bill: (tokens: number) => void,
  save: (text: string, status: Status) => void,
): AsyncGenerator<string, void, undefined> {
  const reader = new RoundReader();
  let shown = '';
  let failed = false;
  try {
    for await (const chunk of readChatChunks(body)) {
      const text = reader.take(chunk);
      if (text === '') continue;
      shown += text;
      yield text;
    }
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    bill(reader.result().usage?.completion_tokens ?? reader.tokensReceived);
    save(shown, failed ? 'failed' : reader.result().finishReason ? 'complete' : 'stopped');
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
