// Mistake: the writer is GaChatbot.Api's, copied whole: it deletes every CR with
// replaceAll before it splits on LF, where GaApi's fix leaves the CRs where they are.
// Lesson: /ga-ai/06-answer-on-the-wire/#the-hosts-stream
// Fails: writer-crlf, writer-generated
// Diagnosis: writer-removes-cr

export function writeGaApiEvent(chunk: string): string {
  let event = '';
  for (const line of chunk.replaceAll('\r', '').split('\n')) event += 'data: ' + line + '\n';
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
