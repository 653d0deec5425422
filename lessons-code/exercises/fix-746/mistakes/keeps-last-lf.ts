// Mistake: the reader adds each value and an LF to the event's text, as the standard
// fills its data buffer, but never takes off the last LF when the event is dispatched:
// every event gains a line break at its end.
// Lesson: /ga-ai/06-answer-on-the-wire/#the-five-rules-of-server-sent-events
// Fails: reader, reader-trim, reader-other-lines, table, reader-generated
// Diagnosis: reader-keeps-final-lf

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
    let payload = '';
    for (const line of event.split('\n')) {
      if (line.startsWith('data:')) payload += line.slice(5).replace(/^ /, '') + '\n';
    }
    if (payload === '') continue;
    if (payload === '\n' || payload === '[DONE]\n') continue;
    if (payload.startsWith('{')) {
      const parsed = JSON.parse(payload);
      if (parsed.error) throw new Error(String(parsed.error));
      continue;
    }
    response += payload;
  }
  return response + rest.trim();
}
