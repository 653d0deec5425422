// Mistake: the reader still looks for the event's first `data:` line with find, as
// chatService does; only its trim is gone. Every other `data:` line of the event is
// lost: the reader must take them all, with filter, and join their values with LF.
// Lesson: /ga-ai/06-answer-on-the-wire/#each-writer-with-each-reader
// Fails: reader, reader-trim, table, reader-generated
// Diagnosis: reader-first-line

export function writeGaApiEvent(chunk: string): string {
  let event = '';
  for (const line of chunk.split('\n')) event += 'data: ' + line + '\n';
  return event + '\n';
}

export function readChatService(stream: string): string {
  let response = '';
  const events = stream.split('\n\n');
  const rest = events.pop() ?? '';
  for (const event of events) {
    const dataLine = event.split('\n').find((line) => line.startsWith('data:'));
    if (dataLine === undefined) continue;
    const payload = dataLine.slice(5).replace(/^ /, '');
    if (payload === '' || payload === '[DONE]') continue;
    if (payload.startsWith('{')) {
      const parsed = JSON.parse(payload);
      if (parsed.error) throw new Error(String(parsed.error));
      continue;
    }
    response += payload;
  }
  return response + rest.trim();
}
