// Mistake: the reader takes a byte order mark off the start of every line before it looks for
// `data:`. Only one at the very start of the stream is ignored: elsewhere, `\ufeffdata: a` is a
// field of another name, and chatService skips it.
// Lesson: /ga-ai/06-answer-on-the-wire/#the-five-rules-of-server-sent-events
// Fails: reader-generated
// Diagnosis: reader-strips-bom

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
      .map((line) => (line.startsWith('\ufeff') ? line.slice(1) : line))
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
