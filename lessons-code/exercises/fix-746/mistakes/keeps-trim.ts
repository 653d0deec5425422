// Mistake: the reader joins every `data:` line of the event with LF, but keeps the
// starter's trim on the result. Each of #743's chunks ends with its line break, and
// trim() eats it, so the last line of a chunk runs into the first line of the next.
// Lesson: /ga-ai/06-answer-on-the-wire/#each-writer-with-each-reader
// Fails: reader-trim, table, reader-generated
// Diagnosis: reader-trims

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
    const values = event
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).replace(/^ /, ''));
    if (values.length === 0) continue;
    const payload = values.join('\n').trim();
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
