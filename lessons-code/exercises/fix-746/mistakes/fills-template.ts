// Mistake: the writer builds the event from a template, "data: LINES\n\n", and puts the chunk in
// with replace. The chunk is then a replacement string, where `$$` means one `$` and `$&` the text
// replaced: a chunk with a markdown formula in `$$` reaches the reader with a `$` missing.
// Lesson: /ga-ai/06-answer-on-the-wire/#the-five-rules-of-server-sent-events
// Fails: writer-generated
// Diagnosis: writer-replacement-patterns

const EVENT_TEMPLATE = 'data: LINES\n\n';

export function writeGaApiEvent(chunk: string): string {
  return EVENT_TEMPLATE.replace('LINES', chunk.split('\n').join('\ndata: '));
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
