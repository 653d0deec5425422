// Mistake: the reader searches each line for the string `data: ` and deletes it,
// instead of parsing the field: a line written `data:` or `data:c d`, with no space,
// keeps its `data:` in the text.
// Lesson: /ga-ai/06-answer-on-the-wire/#the-five-rules-of-server-sent-events
// Fails: reader, reader-other-lines, reader-generated
// Diagnosis: reader-assumes-space

export function writeGaApiEvent(chunk: string): string {
  let event = '';
  for (const line of chunk.split('\n')) event += 'data: ' + line + '\n';
  return event + '\n';
}

export function readChatService(stream: string): string {
  let response = '';
  const events = stream.split('\n\n');
  const rest = events.pop() ?? '';
  for (const event of events) {
    const values: string[] = [];
    for (const line of event.split('\n')) if (line.startsWith('data:')) values.push(line.replace('data: ', ''));
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
