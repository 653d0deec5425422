// Mistake: the reader throws only when the error has a message to show, so an `error` whose text
// is empty (an empty list) is skipped. chatService throws for any truthy `error`, whatever its
// text.
// Lesson: /ga-ai/06-answer-on-the-wire/#when-the-answer-fails
// Fails: reader-generated
// Diagnosis: reader-needs-message

export function writeGaApiEvent(chunk: string): string {
  const lines = chunk.split('\n');
  return lines.map((line) => `data: ${line}\n`).join('') + '\n';
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
      const message = parsed.error ? String(parsed.error) : '';
      if (message !== '') throw new Error(message);
      continue;
    }
    response += payload;
  }
  return response + rest.trim();
}
