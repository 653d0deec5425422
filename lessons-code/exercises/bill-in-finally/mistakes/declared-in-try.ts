// Mistake: declares the list of pieces shown inside the try block, next to the loop that fills it:
// it does not exist in finally, which throws a ReferenceError at every ending, after billing. (The
// editor underlines the name; a learner can still press Check, and the page runs the code.)
// Lesson: /ga-ai/06d-one-call-per-round/#stop-billed-once
// Fails: complete, complete-reasoning, stopped, stopped-first, broken, generated-rounds
// Diagnosis: finally-out-of-scope

// @ts-nocheck -- TS2304 on pieces in finally is this mistake; the check runs the code all the same.

import { RoundReader, readChatChunks } from 'lessons-code';

export type Status = 'complete' | 'stopped' | 'failed';

export async function* streamAnswer(
  body: ReadableStream<Uint8Array>,
  bill: (tokens: number) => void,
  save: (text: string, status: Status) => void,
): AsyncGenerator<string, void, undefined> {
  const reader = new RoundReader();
  let status: Status = 'stopped';
  try {
    const pieces: string[] = [];
    for await (const chunk of readChatChunks(body)) {
      const text = reader.take(chunk);
      if (text === '') continue;
      pieces.push(text);
      yield text;
    }
    status = 'complete';
  } catch (error) {
    status = 'failed';
    throw error;
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
