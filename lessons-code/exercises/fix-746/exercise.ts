// #starter
// // GaApi's writer at a826864: the whole chunk behind a single `data: `.
// // Make it write one `data: ` line for each LF-separated line of the chunk.
// #solution
// GaApi's writer, fixed: one `data: ` line per LF-separated line, CRs left alone.
// #end
export function writeGaApiEvent(chunk: string): string {
  // #starter
  // return 'data: ' + chunk + '\n\n';
  // #solution
  let event = '';
  for (const line of chunk.split('\n')) event += 'data: ' + line + '\n';
  return event + '\n';
  // #end
}

// #starter
// // ga-client's chatService (parseSseBuffer), reading a whole stream at once.
// // It keeps only the first `data:` line of an event, trimmed. Make it take every
// // `data:` line, drop `data:` and one space, and join the values with LF. Change
// // nothing else: a text that starts with `{` still goes to JSON.parse, and what
// // it throws, a SyntaxError on a text that is not JSON, still ends the read.
// #solution
// chatService, fixed: every `data:` line, minus `data:` and one space, joined with LF, never trimmed.
// The rest is chatService's own: a text that starts with `{` goes to JSON.parse, which may throw.
// #end
export function readChatService(stream: string): string {
  let response = '';
  const events = stream.split('\n\n');
  const rest = events.pop() ?? '';
  for (const event of events) {
    // #starter
    // const dataLine = event.split('\n').find((line) => line.startsWith('data:'));
    // if (dataLine === undefined) continue;
    // const payload = dataLine.slice(5).trim();
    // #solution
    const values = event
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).replace(/^ /, ''));
    if (values.length === 0) continue;
    const payload = values.join('\n');
    // #end
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
