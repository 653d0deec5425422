// Another right answer, written differently from the reference: the writer maps the lines, the
// reader collects the values of each event's data lines with reduce. The tests check it in the
// page and in the engine.

export function writeGaApiEvent(chunk: string): string {
  return (
    chunk
      .split('\n')
      .map((line) => `data: ${line}\n`)
      .join('') + '\n'
  );
}

export function readChatService(stream: string): string {
  const events = stream.split('\n\n');
  const rest = events.pop() ?? '';
  let response = '';
  for (const event of events) {
    const values = event
      .split('\n')
      .reduce<string[]>(
        (found, line) => (line.startsWith('data:') ? [...found, line.slice(line.startsWith('data: ') ? 6 : 5)] : found),
        [],
      );
    if (values.length === 0) continue;
    const payload = values.join('\n');
    if (payload === '' || payload === '[DONE]') continue;
    if (payload.startsWith('{')) {
      const parsed: { error?: unknown } = JSON.parse(payload);
      if (parsed.error) throw new Error(String(parsed.error));
      continue;
    }
    response += payload;
  }
  return response + rest.trim();
}
