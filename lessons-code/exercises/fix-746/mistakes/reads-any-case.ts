// Mistake: the reader finds its `data:` lines with a case-insensitive test, so a line whose field
// is `DATA` or `Data` joins the text. Event stream field names are compared as written, with no
// case folding, and chatService tests `startsWith('data:')`.
// Lesson: /ga-ai/06-answer-on-the-wire/#the-five-rules-of-server-sent-events
// Fails: reader-generated
// Diagnosis: reader-data-any-case

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
      .filter((line) => line.toLowerCase().startsWith('data:'))
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
  return response + rest.trim();
}
