// Mistake: the writer normalizes the chunk to NFC before it splits it, to send "clean" text. An
// `e` followed by a combining accent goes out as one `é`: the same look, not the same text. A writer
// passes every character on as the model wrote it.
// Lesson: /ga-ai/06-answer-on-the-wire/#the-hosts-stream
// Fails: writer-generated
// Diagnosis: writer-normalizes

export function writeGaApiEvent(chunk: string): string {
  const lines = chunk.normalize('NFC').split('\n');
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
      if (parsed.error) throw new Error(String(parsed.error));
      continue;
    }
    response += payload;
  }
  return response + rest.trim();
}
