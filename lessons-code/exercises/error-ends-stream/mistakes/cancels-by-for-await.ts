// Mistake: the body is read with `for await (const value of body)`. Leaving that loop, by the
// `return` at `[DONE]` or by the `throw` of an error event, calls the iterator's `return()`, which
// cancels the body; when the connection broke after `[DONE]` had come, that cancel rejects with the
// network error and a whole answer ends as `Request failed: network error`.
// Lesson: /ga-ai/06b-beyond-the-wire/#the-network-cuts-anywhere
// Fails: any-error-event
// Diagnosis: cancelled-a-broken-body

import type { PageConsume, PageRouting } from 'lessons-code';

function errorIn(data: string): string | undefined {
  if (!data.startsWith('{')) return undefined;
  try {
    const parsed = JSON.parse(data);
    if (parsed !== null && typeof parsed === 'object' && 'error' in parsed) return String(parsed.error);
  } catch {
    // not JSON
  }
  return undefined;
}

export const consumeSseStream: PageConsume = async (body, onText) => {
  const decoder = new TextDecoder();
  let buffer = '';
  let answer = '';
  let routing: PageRouting | null = null;
  for await (const value of body as unknown as AsyncIterable<Uint8Array>) {
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
      const message = errorIn(data);
      if (message !== undefined) throw new Error(message);
      if (routing === null && data.startsWith('{') && data.includes('"type"')) {
        try {
          const parsed = JSON.parse(data);
          if (parsed.type === 'routing') {
            routing = parsed;
            continue;
          }
        } catch {
          // text
        }
      }
      answer += data;
      onText?.(answer, routing);
    }
  }
  return { answer, routing };
};
