// Mistake: the reader takes every `data:` line but glues the values together with
// nothing between them. Each `data:` line is one line of the text: the values are
// joined with an LF.
// Lesson: /ga-ai/06-answer-on-the-wire/#the-five-rules-of-server-sent-events
// Fails: reader, reader-trim, table, reader-generated
// Diagnosis: reader-joins-without-lf

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
    let found = false;
    for (const line of event.split('\n')) {
      if (!line.startsWith('data:')) continue;
      found = true;
      payload += line.slice(5).replace(/^ /, '');
    }
    if (!found) continue;
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
