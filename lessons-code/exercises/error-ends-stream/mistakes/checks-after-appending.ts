// Mistake: the error check comes after the lines that append the data to the answer and call
// onText, so the page has already drawn the raw JSON in a bubble when the Error is thrown; the
// failure's bubble then appears below it.
// Lesson: /ga-ai/06-answer-on-the-wire/#when-the-answer-fails
// Fails: failure-bubble, keep-alive-then-failure, empty-message, any-error-event
// Diagnosis: shown-before-thrown

import type { PageConsume, PageRouting } from 'lessons-code';

function errorMessage(data: string): string | null {
  if (!data.startsWith('{')) return null;
  try {
    const parsed = JSON.parse(data);
    return parsed !== null && typeof parsed === 'object' && 'error' in parsed ? String(parsed.error) : null;
  } catch {
    return null;
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
      const message = errorMessage(data);
      if (message !== null) throw new Error(message);
    }
  }
  return { answer, routing };
};
