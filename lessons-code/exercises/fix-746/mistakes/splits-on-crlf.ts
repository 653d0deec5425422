// Mistake: the writer splits the chunk on CRLF as well as on LF (/\r?\n/), taking a CR
// before an LF for part of the line end, so the CR never reaches the wire; GaApi's fix
// splits on LF alone and leaves every CR in the text.
// Lesson: /ga-ai/06-answer-on-the-wire/#the-hosts-stream
// Fails: writer-crlf, writer-generated
// Diagnosis: writer-removes-cr

export function writeGaApiEvent(chunk: string): string {
  const lines = chunk.split(/\r?\n/);
  return lines.map((line) => `data: ${line}\n`).join('') + '\n';
}

export function readChatService(stream: string): string {
  const events = stream.split('\n\n');
  const rest = events.pop() ?? '';
  let response = '';
  for (const event of events) {
    const values: string[] = [];
    for (const line of event.split('\n')) {
      if (!line.startsWith('data:')) continue;
      const value = line.slice('data:'.length);
      values.push(value.startsWith(' ') ? value.slice(1) : value);
    }
    if (values.length === 0) continue;
    const payload = values.join('\n');
    if (payload === '' || payload === '[DONE]') continue;
    if (payload.startsWith('{')) {
      const parsed: { error?: unknown } = JSON.parse(payload);
      if (parsed.error) throw new Error(String(parsed.error));
      continue;
    }
    response += payload;
  }
  return response + rest.trim();
}
