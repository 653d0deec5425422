// Mistake: the TextDecoder is made once, beside the function, and every call decodes with it. A
// body whose connection breaks inside a character leaves that character's first byte in the
// decoder, and the next question's body begins with it: its first line no longer starts with
// `data: `, so its first event is lost. Each body needs a decoder of its own.
// Lesson: /ga-ai/06b-beyond-the-wire/#the-network-cuts-anywhere
// Fails: broken-then-next, any-error-event
// Diagnosis: state-kept-between-turns

import type { PageConsume, PageRouting } from 'lessons-code';

// One decoder for the page, made when the module loads.
const decoder = new TextDecoder();

export const consumeSseStream: PageConsume = async (body, onText) => {
  const reader = body.getReader();
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
      // An error event ends the stream; the submit handler catches the Error and shows it.
      if (data.startsWith('{')) {
        const error = errorOf(data);
        if (error !== undefined) throw new Error(error);
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

// The `error` property of a JSON event, if it has one.
function errorOf(data: string): string | undefined {
  try {
    const parsed = JSON.parse(data);
    return parsed !== null && typeof parsed === 'object' && 'error' in parsed ? String(parsed.error) : undefined;
  } catch {
    return undefined;
  }
}
