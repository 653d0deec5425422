// Mistake: the writer keeps GaApi's single `data: ` and adds another after the line break
// with replace('\n', '\ndata: '). Given a string, replace changes only the first match, so
// the lines after the second line of the chunk go out with no `data: ` in front of them.
// Lesson: /ga-ai/06-answer-on-the-wire/#the-five-rules-of-server-sent-events
// Fails: writer, table, writer-generated
// Diagnosis: writer-replaces-first-break

export function writeGaApiEvent(chunk: string): string {
  return 'data: ' + chunk.replace('\n', '\ndata: ') + '\n\n';
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
