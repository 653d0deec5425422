// Mistake: the reader skips leading spaces before it tests for JSON, so a text whose value
// starts with a space and a brace (`data:  {x`, value ` {x`) is parsed as JSON and the parse
// throws. chatService tests the value as it is: only a `{` right at its start makes JSON.
// Lesson: /ga-ai/06-answer-on-the-wire/#the-hosts-stream
// Fails: reader-generated
// Diagnosis: reader-json-after-spaces

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
    const values = event
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).replace(/^ /, ''));
    if (values.length === 0) continue;
    const payload = values.join('\n');
    if (payload === '' || payload === '[DONE]') continue;
    if (payload.trimStart().startsWith('{')) {
      const parsed = JSON.parse(payload);
      if (parsed.error) throw new Error(String(parsed.error));
      continue;
    }
    response += payload;
  }
  return response + rest.trim();
}
