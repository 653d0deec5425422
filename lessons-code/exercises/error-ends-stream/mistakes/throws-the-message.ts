// Mistake: the error event's message is thrown as it is, a string, not an Error. The page's catch
// shows `Request failed: ` and the `message` property of what it caught, which a string does not
// have: the bubble reads `Request failed: undefined`.
// Lesson: /ga-ai/06-answer-on-the-wire/#when-the-answer-fails
// Fails: failure-bubble, keep-alive-then-failure, empty-message, any-error-event
// Diagnosis: thrown-not-an-error

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
        let message: string | undefined;
        try {
          const parsed = JSON.parse(data);
          if (parsed !== null && typeof parsed === 'object' && 'error' in parsed) message = String(parsed.error);
        } catch {
          // not JSON: the page shows it as text
        }
        if (message !== undefined) throw message;
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
