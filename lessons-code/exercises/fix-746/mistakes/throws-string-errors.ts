// Mistake: the reader throws only when `error` is a string; chatService throws for any
// truthy `error`, so an error event whose `error` is a status code (`{"error": 503}`) or an
// object is skipped and the reader returns as if nothing had failed.
// Lesson: /ga-ai/06-answer-on-the-wire/#when-the-answer-fails
// Fails: reader-generated
// Diagnosis: reader-error-not-thrown

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
      if (typeof parsed.error === 'string') throw new Error(parsed.error);
      continue;
    }
    response += payload;
  }
  return response + rest.trim();
}
