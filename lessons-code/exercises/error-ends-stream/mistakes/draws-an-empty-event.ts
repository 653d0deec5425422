// Mistake: the data lines are joined in one step and an event without any is no longer skipped,
// since its empty data adds nothing to the answer; but onText is still called, with '', and the page
// draws the assistant's bubble at its first onText, so a comment line such as `: keep-alive` leaves
// an empty bubble above the failure's. A blank line with no data fires nothing (rule 3).
// Lesson: /ga-ai/06-answer-on-the-wire/#the-five-rules-of-server-sent-events
// Fails: keep-alive-then-failure, any-error-event
// Diagnosis: empty-bubble-first

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
      const data = rawEvent
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n');
      if (data === '[DONE]') return { answer, routing };
      const message = errorMessage(data);
      if (message !== null) throw new Error(message);
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
