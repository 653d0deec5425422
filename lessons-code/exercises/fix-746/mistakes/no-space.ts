// Mistake: the writer writes `data:` with no space after the colon. The standard reader
// takes that, but GaChatbot.Api's page reads only the lines that start with `data: `,
// space included, so it loses every line; GaApi's fix writes `data: ` with its space, as
// GaChatbot.Api's writer does.
// Lesson: /ga-ai/06-answer-on-the-wire/#each-writer-with-each-reader
// Fails: writer, writer-crlf, table, writer-generated
// Diagnosis: writer-no-space

export function writeGaApiEvent(chunk: string): string {
  let event = '';
  for (const line of chunk.split('\n')) event += 'data:' + line + '\n';
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
