// Mistake: the reader throws whenever the JSON has an `error` property (`'error' in parsed`), where
// chatService throws only for a truthy one (`if (parsed.error)`): a chunk that carries
// `"error": null`, `""` or `false`, as some servers write on every healthy chunk, ends the read
// with an Error whose message is `null`.
// Lesson: /ga-ai/06-answer-on-the-wire/#when-the-answer-fails
// Fails: reader-generated
// Diagnosis: reader-throws-falsy-error

export function writeGaApiEvent(chunk: string): string {
  return (
    chunk
      .split('\n')
      .map((line) => `data: ${line}\n`)
      .join('') + '\n'
  );
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
      if ('error' in parsed) throw new Error(String(parsed.error));
      continue;
    }
    response += payload;
  }
  return response + rest.trim();
}
