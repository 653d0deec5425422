// Mistake: the writer leaves out the empty lines of the chunk, to keep a blank line off
// the wire. The event no longer ends early, but the empty lines are lost: each line of
// text, the empty ones too, needs a `data:` line of its own.
// Lesson: /ga-ai/06-answer-on-the-wire/#the-hosts-stream
// Fails: writer, table, writer-generated
// Diagnosis: writer-skips-empty-lines

export function writeGaApiEvent(chunk: string): string {
  let event = '';
  for (const line of chunk.split('\n')) {
    if (line === '') continue;
    event += 'data: ' + line + '\n';
  }
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
