// Mistake: the writer splits the chunk on every line terminator JavaScript knows but CR: LF,
// U+2028 and U+2029. An event stream ends its lines with LF, CR or CRLF only, so U+2028 belongs
// inside a value; split there, it comes back from the reader as an LF.
// Lesson: /ga-ai/06-answer-on-the-wire/#the-five-rules-of-server-sent-events
// Fails: writer-generated
// Diagnosis: writer-splits-unicode-lines

export function writeGaApiEvent(chunk: string): string {
  let event = '';
  for (const line of chunk.split(/\n|\u2028|\u2029/)) event += 'data: ' + line + '\n';
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
