// Mistake: an event is taken for an error only when it has an `error` property and no `type`, since
// GA's error object has none and the routing event has one; an error event that also carries a
// `type` (`{"type":"error","error":…}`, as providers write theirs) then goes on to the routing check,
// which finds no routing event, and the page shows its raw JSON as the answer.
// Lesson: /ga-ai/06-answer-on-the-wire/#when-the-answer-fails
// Fails: any-error-event
// Diagnosis: error-with-type-missed

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
        let parsed: { error?: unknown; type?: unknown } | null = null;
        try {
          parsed = JSON.parse(data);
        } catch {
          // not JSON: text
        }
        // GA's error event has no `type`; the routing event has one.
        if (parsed !== null && 'error' in parsed && !('type' in parsed)) throw new Error(String(parsed.error));
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
