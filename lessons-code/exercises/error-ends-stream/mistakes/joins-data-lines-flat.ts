// Mistake: the error check parses the event's `data:` lines joined with nothing between them,
// where the page joins them with a line feed. Text over two lines, `{"error":"Rate` then
// `limited"}`, is no JSON as the page reads it (a line break inside a string), yet it ends the
// stream here.
// Lesson: /ga-ai/06-answer-on-the-wire/#the-five-rules-of-server-sent-events
// Fails: any-error-event
// Diagnosis: data-lines-joined-flat

import type { PageConsume, PageRouting } from 'lessons-code';

function errorProperty(json: string): string | undefined {
  try {
    const parsed = JSON.parse(json);
    return parsed !== null && typeof parsed === 'object' && 'error' in parsed ? String(parsed.error) : undefined;
  } catch {
    return undefined;
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
      const error = data.startsWith('{') ? errorProperty(dataLines.join('')) : undefined;
      if (error !== undefined) throw new Error(error);
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
