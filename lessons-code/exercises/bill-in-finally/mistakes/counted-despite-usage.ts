// Mistake: bills the tokens received, `reader.tokensReceived`, even when the usage chunk came. A
// reasoning model's usage counts its reasoning tokens among the output tokens, and no chunk carries
// them: a complete round of such a model is billed less than the provider counts.
// Lesson: /ga-ai/06d-one-call-per-round/#stop-billed-once
// Fails: complete-reasoning, generated-rounds
// Diagnosis: usage-not-billed

import { RoundReader, readChatChunks } from 'lessons-code';

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
    status = 'failed';
    throw error;
  } finally {
    bill(reader.tokensReceived);
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
