import type { PageConsume, PageRouting } from 'lessons-code';

// The GaChatbot page's consumeSseStream (index.html lines 740–809), as the course ports it.
// It reads the body, calls onText with the answer so far (the page re-renders its bubble)
// and returns the answer with the routing event. Make an error event end the stream: when an
// event's data starts with `{` (the page's own test for JSON, as in its routing check) and parses
// to an object with an `error` property, throw an Error with that message.
export const consumeSseStream: PageConsume = async (body, onText) => {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let answer = '';
  let routing: PageRouting | null = null;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let sep: number;
    while ((sep = buffer.indexOf('\n\n')) >= 0) {
      const rawEvent = buffer.slice(0, sep);
      buffer = buffer.slice(sep + 2);
      const dataLines = rawEvent
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6));
      if (dataLines.length === 0) continue;
      const data = dataLines.join('\n');
      if (data === '[DONE]') return { answer, routing };
      // #solution
      // An error event ends the stream; the submit handler catches the Error and shows it.
      if (data.startsWith('{')) {
        const error = errorOf(data);
        if (error !== undefined) throw new Error(error);
      }
      // #end
      if (routing === null && data.startsWith('{') && data.includes('"type"')) {
        try {
          const parsed = JSON.parse(data);
          if (parsed.type === 'routing') {
            routing = parsed;
            continue;
          }
        } catch {
          // not JSON: the page shows it as text
        }
      }
      answer += data;
      onText?.(answer, routing);
    }
  }
  return { answer, routing };
};
// #solution

// The `error` property of a JSON event, if it has one.
function errorOf(data: string): string | undefined {
  try {
    const parsed = JSON.parse(data);
    return parsed !== null && typeof parsed === 'object' && 'error' in parsed ? String(parsed.error) : undefined;
  } catch {
    return undefined;
  }
}
// #end
