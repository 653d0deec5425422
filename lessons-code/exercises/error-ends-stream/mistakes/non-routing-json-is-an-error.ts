// Mistake: any JSON event other than the routing event is taken for an error, whether it has an
// `error` property or not; an answer whose last chunk is a line of JSON then fails with
// "Request failed: " and no message.
// Lesson: /ga-ai/06-answer-on-the-wire/#when-the-answer-fails
// Fails: json-in-answer, page-stream, any-error-event
// Diagnosis: threw-on-json-answer

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
        let parsed: { type?: string; error?: string } | null = null;
        try {
          parsed = JSON.parse(data);
        } catch {
          // not JSON: the page shows it as text
        }
        if (parsed !== null) {
          if (parsed.type !== 'routing') throw new Error(parsed.error);
          if (routing === null) {
            routing = parsed as PageRouting;
            continue;
          }
        }
      }
      answer += data;
      onText?.(answer, routing);
    }
  }
  return { answer, routing };
};
