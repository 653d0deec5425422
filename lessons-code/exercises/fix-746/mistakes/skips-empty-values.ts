// Mistake: the reader skips an event when all of its `data:` values are empty, taking it for a
// keep-alive. The fixed writer sends `data: \ndata: ` for a chunk that is one line break: that
// event's text is `\n`, and the answer loses its paragraph break.
// Lesson: /ga-ai/06-answer-on-the-wire/#the-five-rules-of-server-sent-events
// Fails: reader-generated
// Diagnosis: reader-skips-empty-values

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
    if (values.every((value) => value.length === 0)) continue;
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
