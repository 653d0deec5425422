// Mistake: on an error event the reader throws the message itself, a string, not an Error. Its
// caller, which reads `error.message` as chatService's callers do, gets undefined: throw an Error
// made with that message.
// Lesson: /ga-ai/06-answer-on-the-wire/#when-the-answer-fails
// Fails: reader-error, reader-generated
// Diagnosis: reader-throws-non-error

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
      const parsed = JSON.parse(payload);
      if (parsed.error) throw String(parsed.error);
      continue;
    }
    response += payload;
  }
  return response + rest.trim();
}
