// Mistake: the error check sits inside a try around JSON.parse, and the catch that is there for
// data that is not JSON also catches the Error thrown for the error event; consumeSseStream goes
// on, appends the event to the answer and returns normally, so the page shows the raw JSON.
// Lesson: /ga-ai/06-answer-on-the-wire/#when-the-answer-fails
// Fails: failure-bubble, failure-history, keep-alive-then-failure, empty-message, history, any-error-event
// Diagnosis: error-shown-as-answer

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
        try {
          const parsed = JSON.parse(data);
          if (parsed.error) throw new Error(parsed.error);
        } catch {
          // not JSON: treat it as text
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
