// Mistake: the error check hands every event's data to JSON.parse, whatever it starts with; the
// page reads data as JSON only when it starts with `{`, as its routing check does, but JSON.parse
// skips leading whitespace, so `data:  {"error":…}` (two spaces, data that starts with a space)
// ends the read with an exception where the page shows text.
// Lesson: /ga-ai/06-answer-on-the-wire/#when-the-answer-fails
// Fails: page-stream, any-error-event
// Diagnosis: threw-on-spaced-json

import type { PageConsume, PageRouting } from 'lessons-code';

/** The message of an `error` property, when the data is JSON with one. */
function errorMessage(data: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  return typeof parsed === 'object' && parsed !== null && 'error' in parsed ? String(parsed.error) : null;
}

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
      const message = errorMessage(data);
      if (message !== null) throw new Error(message);
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
