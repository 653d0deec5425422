// Mistake: the parsed event is an error when its `error` is truthy, not when it has one: an
// error event whose `error` is empty, null, 0 or false goes on to the routing check, and the page
// shows its raw JSON as the answer. Having an `error` property is what makes an error event.
// Lesson: /ga-ai/06-answer-on-the-wire/#when-the-answer-fails
// Fails: empty-message, any-error-event
// Diagnosis: error-tested-for-truth

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
        let parsed: any;
        try {
          parsed = JSON.parse(data);
        } catch {
          parsed = null;
        }
        if (parsed && parsed.error) throw new Error(parsed.error);
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
