// Mistake: the reader lists the falsy values it skips, `null`, `false` and the empty string, and
// throws on every other `error`. It forgot 0: `{"error": 0}` ends the read, where chatService's
// `if (parsed.error)` skips it.
// Lesson: /ga-ai/06-answer-on-the-wire/#when-the-answer-fails
// Fails: reader-generated
// Diagnosis: reader-throws-on-zero

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
      const skipped = [undefined, null, false, ''];
      if (!skipped.includes(parsed.error)) throw new Error(String(parsed.error));
      continue;
    }
    response += payload;
  }
  return response + rest.trim();
}
