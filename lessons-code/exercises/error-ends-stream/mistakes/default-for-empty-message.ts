// Mistake: an error event whose `error` is empty (or null, 0, false) gets a message of the code's
// own, `Unknown error`, in the bubble, where the page shows the event's message as it is: an empty
// `error` ends the turn with `Request failed: ` and nothing after it.
// Lesson: /ga-ai/06-answer-on-the-wire/#when-the-answer-fails
// Fails: empty-message, any-error-event
// Diagnosis: message-replaced

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
      // An error event ends the stream; the submit handler catches the Error and shows it.
      if (data.startsWith('{')) {
        const parsed = objectOf(data);
        // A message for the bubble in any case, in case the host sent none.
        if (parsed !== undefined && 'error' in parsed) throw new Error(parsed.error || 'Unknown error');
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

// The object JSON data parses to, if it is one.
function objectOf(data: string): { error?: any } | undefined {
  try {
    const value = JSON.parse(data);
    return value !== null && typeof value === 'object' ? value : undefined;
  } catch {
    return undefined;
  }
}
