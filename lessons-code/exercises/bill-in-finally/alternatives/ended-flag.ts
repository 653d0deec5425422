// Another right answer: the generator remembers how far it got in two flags and decides the
// status in finally, without a catch block.

import { RoundReader, readChatChunks } from 'lessons-code';

export type Status = 'complete' | 'stopped' | 'failed';

export async function* streamAnswer(
  body: ReadableStream<Uint8Array>,
  bill: (tokens: number) => void,
  save: (text: string, status: Status) => void,
): AsyncGenerator<string, void, undefined> {
  const reader = new RoundReader();
  const pieces: string[] = [];
  let readToTheEnd = false;
  let waitingForTheConsumer = false;
  try {
    for await (const chunk of readChatChunks(body)) {
      const text = reader.take(chunk);
      if (text === '') continue;
      pieces.push(text);
      waitingForTheConsumer = true;
      yield text;
      waitingForTheConsumer = false;
    }
    readToTheEnd = true;
  } finally {
    bill(reader.tokensReceived);
    save(pieces.join(''), readToTheEnd ? 'complete' : waitingForTheConsumer ? 'stopped' : 'failed');
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
