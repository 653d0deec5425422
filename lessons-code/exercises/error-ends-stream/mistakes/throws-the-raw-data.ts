// Mistake: the error event is recognized, but the Error is built from the event's whole data
// rather than from its `error` property, so the page shows "Request failed: " followed by the raw
// JSON instead of the host's message.
// Lesson: /ga-ai/06-answer-on-the-wire/#when-the-answer-fails
// Fails: failure-bubble, keep-alive-then-failure, empty-message, any-error-event
// Diagnosis: message-not-error-property

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
      let isError = false;
      if (data.startsWith('{')) {
        try {
          isError = 'error' in JSON.parse(data);
        } catch {
          // not JSON: not an error
        }
      }
      if (isError) throw new Error(data);
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
