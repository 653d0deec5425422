// Mistake: the data is trimmed before the test for JSON, to be safe with stray spaces; but the page
// reads data as JSON only when it starts with `{`, so `data:  {"error":…}` (two spaces, data that
// starts with a space) is text there, and this code ends the read with an exception instead.
// Lesson: /ga-ai/06-answer-on-the-wire/#when-the-answer-fails
// Fails: page-stream, any-error-event
// Diagnosis: threw-on-spaced-json

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
      const trimmed = data.trim();
      if (trimmed.startsWith('{')) {
        let message: string | undefined;
        try {
          message = JSON.parse(trimmed).error;
        } catch {
          // not JSON: text
        }
        if (message !== undefined) throw new Error(message);
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
