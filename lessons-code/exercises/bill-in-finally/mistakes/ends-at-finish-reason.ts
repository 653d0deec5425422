// Mistake: leaves the loop at the chunk that carries finish_reason, taking it for the end of the
// stream, and saves the turn as complete. The stream ends at `data: [DONE]`: one that breaks after
// finish_reason, before the usage chunk and [DONE], is saved complete, and its error never reaches
// the page. Nor does it read the usage chunk that follows: a reasoning model's round is billed the
// tokens received, without its reasoning tokens. And leaving the loop early cancels the body: even a
// round that would have completed has its request cut before `[DONE]`.
// Lesson: /ga-ai/06d-one-call-per-round/#stop-billed-once
// Fails: complete, complete-reasoning, generated-rounds
// Diagnosis: left-before-done, usage-not-billed, ends-at-finish-reason

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
      // The model has said why it stopped: the answer is over.
      if (chunk.choices[0]?.finish_reason) break;
      if (text === '') continue;
      shown += text;
      yield text;
    }
    status = 'complete';
  } catch (error) {
    status = 'failed';
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
