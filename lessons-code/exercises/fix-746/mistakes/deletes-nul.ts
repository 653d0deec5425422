// Mistake: the writer deletes NUL from the chunk, as if a control character could not go on the
// wire. A `data:` line may hold any character but CR and LF: the writer changes the line breaks
// and nothing else.
// Lesson: /ga-ai/06-answer-on-the-wire/#the-hosts-stream
// Fails: writer-generated
// Diagnosis: writer-deletes-nul

export function writeGaApiEvent(chunk: string): string {
  const lines = chunk.replace(/\0/g, '').split('\n');
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
