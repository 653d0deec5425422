// Mistake-like fixture (not an exercise's): the error event's value is thrown as it is (a string, or
// a number), where an Error with that message is expected.

/** The data of a stream's events, joined; an event whose data is `{"error": …}` ends it with an Error. */
export function read(stream: string): string {
  let text = '';
  for (const event of stream.split('\n\n')) {
    if (!event.startsWith('data: ')) continue;
    const data = event.slice(6);
    if (data.startsWith('{')) {
      const parsed = JSON.parse(data) as { error?: unknown };
      if (parsed.error !== undefined) throw parsed.error;
    }
    text += data;
  }
  return text;
}
