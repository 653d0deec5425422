// Mistake: the error event is recognised by the start of its raw text, `{"error"`, as GA's host
// writes it, before the data is parsed; an error event with another field first
// (`{"code":503,"error":…}`), a space after its brace (`{ "error": …}`) or written over several
// `data:` lines does not start that way, so the page shows its raw JSON as the answer.
// Lesson: /ga-ai/06-answer-on-the-wire/#when-the-answer-fails
// Fails: any-error-event
// Diagnosis: error-found-by-prefix

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
      if (data.startsWith('{"error"')) {
        let message: string | undefined;
        try {
          message = JSON.parse(data).error;
        } catch {
          // not JSON after all: text
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
