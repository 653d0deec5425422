// Mistake: the writer joins its `data:` lines with LF and adds a single LF after the
// last one: that ends the last line, but no blank line follows it, so the reader never
// dispatches the event and the next chunk's lines join the same event.
// Lesson: /ga-ai/06-answer-on-the-wire/#the-five-rules-of-server-sent-events
// Fails: writer, writer-crlf, table, writer-generated
// Diagnosis: writer-no-blank-line

export function writeGaApiEvent(chunk: string): string {
  return (
    chunk
      .split('\n')
      .map((line) => 'data: ' + line)
      .join('\n') + '\n'
  );
}

export function readChatService(stream: string): string {
  let response = '';
  const events = stream.split('\n\n');
  const rest = events.pop() ?? '';
  for (const event of events) {
    const dataLines = event.split('\n').filter((line) => line.startsWith('data:'));
    if (dataLines.length === 0) continue;
    const payload = dataLines.map((line) => line.replace(/^data: ?/, '')).join('\n');
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
