// Mistake: puts chatService's JSON.parse in a try/catch and shows a text that starts with `{` but
// is not JSON, such as `{C, E, G}`, as answer text. chatService lets the SyntaxError through, and
// the read ends there: the fix changes how an event's `data:` lines make its text, nothing else.
// Lesson: /ga-ai/06-answer-on-the-wire/#when-the-answer-fails
// Fails: reader-generated
// Diagnosis: reader-shows-text-not-json

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
    if (payload.startsWith('{')) {
      let parsed: { error?: unknown } | undefined;
      try {
        parsed = JSON.parse(payload);
      } catch {
        parsed = undefined;
      }
      if (parsed !== undefined) {
        if (parsed.error) throw new Error(String(parsed.error));
        continue;
      }
    }
    response += payload;
  }
  return response + rest.trim();
}
