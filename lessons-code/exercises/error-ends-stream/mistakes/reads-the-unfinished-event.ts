// Mistake: when the body ends, what is left in the buffer (an event with no blank line after it)
// is read as one more event, and its `error` thrown. The page drops that unfinished event, as the
// standard does, and returns the answer it has.
// Lesson: /ga-ai/06-answer-on-the-wire/#the-five-rules-of-server-sent-events
// Fails: any-error-event
// Diagnosis: unfinished-event-read

import type { PageConsume, PageRouting } from 'lessons-code';

function errorOf(data: string): string | undefined {
  if (!data.startsWith('{')) return undefined;
  try {
    const parsed = JSON.parse(data);
    return parsed !== null && typeof parsed === 'object' && 'error' in parsed ? String(parsed.error) : undefined;
  } catch {
    return undefined;
  }
}

const dataOf = (rawEvent: string): string[] =>
  rawEvent
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => line.slice(6));

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
      const dataLines = dataOf(rawEvent);
      if (dataLines.length === 0) continue;
      const data = dataLines.join('\n');
      if (data === '[DONE]') return { answer, routing };
      const error = errorOf(data);
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
  // The last event, cut short by the end of the body: an error there still fails the turn.
  const tail = dataOf(buffer + decoder.decode());
  const error = tail.length > 0 ? errorOf(tail.join('\n')) : undefined;
  if (error !== undefined) throw new Error(error);
  return { answer, routing };
};
