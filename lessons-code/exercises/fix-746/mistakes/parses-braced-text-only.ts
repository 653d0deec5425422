// Mistake: the reader sends a text to JSON.parse only when it both starts with `{` and ends with
// `}`, and shows any other text. A chunk like `{C, E, G} is C major.` with its line break is then
// shown, where chatService, which tests the first character alone, throws its SyntaxError.
// Lesson: /ga-ai/06-answer-on-the-wire/#when-the-answer-fails
// Fails: reader-generated
// Diagnosis: reader-json-needs-closing-brace

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
    if (payload.startsWith('{') && payload.endsWith('}')) {
      const parsed = JSON.parse(payload);
      if (parsed.error) throw new Error(String(parsed.error));
      continue;
    }
    response += payload;
  }
  return response + rest.trim();
}
