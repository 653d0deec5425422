// GaApi's writer at a826864: the whole chunk behind a single `data: `.
// Make it write one `data: ` line for each LF-separated line of the chunk.
export function writeGaApiEvent(chunk: string): string {
  return 'data: ' + chunk + '\n\n';
}

// ga-client's chatService (parseSseBuffer), reading a whole stream at once.
// It keeps only the first `data:` line of an event, trimmed. Make it take every
// `data:` line, drop `data:` and one space, and join the values with LF.
export function readChatService(stream: string): string {
  let response = '';
  const events = stream.split('\n\n');
  const rest = events.pop() ?? '';
  for (const event of events) {
    const dataLine = event.split('\n').find((line) => line.startsWith('data:'));
    if (dataLine === undefined) continue;
    const payload = dataLine.slice(5).trim();
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
