// Mistake: the error event is recognized and skipped with `continue`, as though leaving it out of
// the answer were enough; the stream then ends with no text, consumeSseStream returns an empty
// answer, and the page shows no bubble and keeps "(empty response)" in the history.
// Lesson: /ga-ai/06b-beyond-the-wire/#a-stream-that-stops-short
// Fails: failure-bubble, failure-history, keep-alive-then-failure, empty-message, history, any-error-event
// Diagnosis: error-dropped

import type { PageConsume, PageRouting } from 'lessons-code';

function isErrorEvent(data: string): boolean {
  try {
    const parsed = JSON.parse(data);
    return typeof parsed === 'object' && parsed !== null && 'error' in parsed;
  } catch {
    return false;
  }
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
      // An error is not part of the answer: leave it out.
      if (data.startsWith('{') && isErrorEvent(data)) continue;
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
