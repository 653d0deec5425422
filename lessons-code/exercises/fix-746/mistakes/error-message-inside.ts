// Mistake: when `error` is an object, the reader throws its `message` property instead of the
// object turned into a string. chatService's `new Error(parsed.error)` does not look inside it: its
// message is `[object Object]`, and the fix leaves chatService's error handling as it is.
// Lesson: /ga-ai/06-answer-on-the-wire/#when-the-answer-fails
// Fails: reader-generated
// Diagnosis: reader-error-message-inside

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
      const { error } = parsed;
      if (error) throw new Error(typeof error === 'object' && 'message' in error ? error.message : String(error));
      continue;
    }
    response += payload;
  }
  return response + rest.trim();
}
