// Mistake: the error check is added inside the page's routing branch, which only runs for JSON
// that contains "type"; the error event has no "type", so the check never sees it and the page
// shows the raw JSON as the answer, as before.
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
      if (routing === null && data.startsWith('{') && data.includes('"type"')) {
        let parsed: { type?: unknown; error?: unknown } | null = null;
        try {
          parsed = JSON.parse(data);
        } catch {
          // not JSON: the page shows it as text
        }
        if (parsed !== null && 'error' in parsed) throw new Error(String(parsed.error));
        if (parsed?.type === 'routing') {
          routing = parsed as PageRouting;
          continue;
        }
      }
      answer += data;
      onText?.(answer, routing);
    }
  }
  return { answer, routing };
};
