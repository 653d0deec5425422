import { RoundReader, readChatChunks } from 'lessons-code';

export type Status = 'complete' | 'stopped' | 'failed';

// #starter
// // One streamed round, forwarded piece by piece. Bill the turn exactly once, however it ends: with
// // the output tokens of the round's usage chunk if it came, else with the tokens received so far,
// // `reader.tokensReceived` (one for each piece of text and one for each tool-call fragment: a chunk
// // may carry several). Save the text forwarded with how the turn ended: "complete", "stopped" when
// // the page left the loop early (the user pressed Stop), "failed" when reading the stream threw,
// // whatever the error (a stream that broke its format, or a connection that dropped). Stop also
// // ends the request: once the page has left its loop, the body must be cancelled, as leaving a
// // `for await` loop over readChatChunks does. Here billing and saving happen after the loop, which
// // only a complete turn reaches.
// #solution
// One streamed round, forwarded piece by piece. Bill the turn exactly once, however it ends: with
// the output tokens of the round's usage chunk if it came, else with the tokens received so far,
// `reader.tokensReceived` (one for each piece of text and one for each tool-call fragment: a chunk
// may carry several). Save the text forwarded with how the turn ended: "complete", "stopped" when
// the page left the loop early (the user pressed Stop), "failed" when reading the stream threw,
// whatever the error (a stream that broke its format, or a connection that dropped). Stop also
// ends the request: once the page has left its loop, the body must be cancelled, as leaving a
// `for await` loop over readChatChunks does.
// #end
export async function* streamAnswer(
  body: ReadableStream<Uint8Array>,
  bill: (tokens: number) => void,
  save: (text: string, status: Status) => void,
): AsyncGenerator<string, void, undefined> {
  const reader = new RoundReader();
  // #starter
  // let shown = '';
  // for await (const chunk of readChatChunks(body)) {
  //   const text = reader.take(chunk);
  //   if (text === '') continue;
  //   shown += text;
  //   yield text;
  // }
  // bill(reader.result().usage?.completion_tokens ?? reader.tokensReceived);
  // save(shown, 'complete');
  // #solution
  let shown = '';
  // Until the loop ends by itself, leaving means the page stopped reading.
  let status: Status = 'stopped';
  try {
    for await (const chunk of readChatChunks(body)) {
      const text = reader.take(chunk);
      if (text === '') continue;
      shown += text;
      // A page that leaves its loop makes this yield return: the finally below still runs.
      yield text;
    }
    status = 'complete';
  } catch (error) {
    status = 'failed';
    throw error;
  } finally {
    // The usage chunk comes last: a round that was stopped or broke before it bills what it received.
    bill(reader.result().usage?.completion_tokens ?? reader.tokensReceived);
    save(shown, status);
  }
  // #alternative ended-flag
  // // Another right answer: the generator remembers how far it got in two flags and decides the
  // // status in finally, without a catch block.
  // const pieces: string[] = [];
  // let readToTheEnd = false;
  // let waitingForTheConsumer = false;
  // try {
  //   for await (const chunk of readChatChunks(body)) {
  //     const text = reader.take(chunk);
  //     if (text === '') continue;
  //     pieces.push(text);
  //     waitingForTheConsumer = true;
  //     yield text;
  //     waitingForTheConsumer = false;
  //   }
  //   readToTheEnd = true;
  // } finally {
  //   bill(reader.result().usage?.completion_tokens ?? reader.tokensReceived);
  //   save(pieces.join(''), readToTheEnd ? 'complete' : waitingForTheConsumer ? 'stopped' : 'failed');
  // }
  // #end
}

// The page's side, to leave as it is: it shows each piece, and leaves the loop after `stopAfter`
// pieces, as a click on Stop does (null: it reads to the end). It returns the text it showed.
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
