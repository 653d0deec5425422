// Mistake: the Error's message is the `error` property trimmed, so a message with a space before
// it or a line break after it reaches the page changed. The page shows the message as the host
// wrote it: `new Error(parsed.error)`, nothing taken off.
// Lesson: /ga-ai/06-answer-on-the-wire/#when-the-answer-fails
// Fails: any-error-event
// Diagnosis: message-trimmed

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
        let message: string | undefined;
        try {
          const parsed = JSON.parse(data);
          if (parsed !== null && typeof parsed === 'object' && 'error' in parsed) message = `${parsed.error}`.trim();
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
