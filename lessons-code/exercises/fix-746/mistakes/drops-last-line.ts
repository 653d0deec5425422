// Mistake: the writer trims the end of the chunk before it splits it, so that split
// leaves no empty last piece. But that piece is the line break after the chunk's last
// sentence, which #743 keeps on purpose: without a `data: ` line for it, it never
// reaches the reader.
// Lesson: /ga-ai/06-answer-on-the-wire/#sentences
// Fails: writer, table, writer-generated
// Diagnosis: writer-drops-final-line-break

export function writeGaApiEvent(chunk: string): string {
  const lines = chunk.trimEnd().split('\n');
  return lines.map((line) => 'data: ' + line + '\n').join('') + '\n';
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
