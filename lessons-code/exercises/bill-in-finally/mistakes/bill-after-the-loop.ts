// Mistake: bills and saves after the loop, as the starter does, with a status variable that
// changes nothing: a page that leaves its loop early resumes the generator at its yield and runs
// only its finally blocks, so a stopped turn is never billed nor saved; a broken stream throws past
// the two calls as well.
// Lesson: /ga-ai/06d-one-call-per-round/#stop-billed-once
// Fails: stopped, stopped-first, broken, generated-rounds
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
  let status: Status = 'complete';
  for await (const chunk of readChatChunks(body)) {
    const text = reader.take(chunk);
    if (text === '') continue;
    shown += text;
    yield text;
  }
  bill(reader.result().usage?.completion_tokens ?? reader.tokensReceived);
  save(shown, status);
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
