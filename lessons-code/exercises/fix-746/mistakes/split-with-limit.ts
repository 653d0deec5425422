// Mistake: the writer gives split a limit, as if no chunk had more than 16 lines. A chord
// chart or a tab has no sentence end, so #743's split leaves it whole in one chunk: its lines past
// the limit never reach the reader.
// Lesson: /ga-ai/06-answer-on-the-wire/#the-five-rules-of-server-sent-events
// Fails: writer-generated
// Diagnosis: writer-split-limit

const MAX_LINES = 16;

export function writeGaApiEvent(chunk: string): string {
  let event = '';
  for (const line of chunk.split('\n', MAX_LINES)) event += 'data: ' + line + '\n';
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
  return response + rest.trim();
}
