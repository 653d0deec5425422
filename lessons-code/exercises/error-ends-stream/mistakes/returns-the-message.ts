// Mistake: on the error event, consumeSseStream returns the error's message as the answer instead
// of throwing it; the read ends normally, so the page shows the message as an ordinary reply,
// without "Request failed: ", and pushes it into the history.
// Lesson: /ga-ai/06b-beyond-the-wire/#a-stream-that-stops-short
// Fails: failure-bubble, failure-history, keep-alive-then-failure, empty-message, history, any-error-event
// Diagnosis: returned-error-as-answer

import type { PageConsume, PageRouting } from 'lessons-code';

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
      if (data.startsWith('{')) {
        let parsed: unknown = null;
        try {
          parsed = JSON.parse(data);
        } catch {
          // not JSON: the page shows it as text
        }
        if (typeof parsed === 'object' && parsed !== null && 'error' in parsed) {
          return { answer: String(parsed.error), routing };
        }
      }
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
