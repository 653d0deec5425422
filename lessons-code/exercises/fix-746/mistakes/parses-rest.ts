// Mistake: the reader also takes `data:` and its space off what follows the last blank line.
// chatService's read loop adds that rest trimmed, and nothing more: an unfinished `data:` line
// ends the answer with its `data:`, and the fix keeps that loop as it is.
// Lesson: /ga-ai/06-answer-on-the-wire/#each-writer-with-each-reader
// Fails: reader-generated
// Diagnosis: reader-parses-rest

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
    const payload = values.join('\n');
    if (payload === '' || payload === '[DONE]') continue;
    if (payload.startsWith('{')) {
      const parsed = JSON.parse(payload);
      if (parsed.error) throw new Error(String(parsed.error));
      continue;
    }
    response += payload;
  }
  return response + rest.trim().replace(/^data: ?/, '');
}
