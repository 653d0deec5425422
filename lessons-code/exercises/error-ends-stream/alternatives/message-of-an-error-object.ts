// Another right answer: when the `error` property holds an object with a `message`, as a model
// provider's error does (`{"error": {"message": "Overloaded", "type": …}}`), the Error takes that
// message rather than the object as a string (`[object Object]`, which the reference gives, as
// `new Error(parsed.error)` does in ga-client's chatService, Apps/ga-client/src/services/
// chatService.ts line 63 at a826864). No host of this page sends such an object: GaChatbot.Api's
// error event holds its message as a string (Apps/GaChatbot.Api/Controllers/ChatbotController.cs
// lines 91–95 at a826864), and on every `error` value a string, a number, `null` or `false` the two
// throw the same message.

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

// The message of a JSON event's `error` property, if it has one: an error object's own message, or
// the value as a string.
function errorOf(data: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return undefined;
  }
  if (parsed === null || typeof parsed !== 'object' || !('error' in parsed)) return undefined;
  const { error } = parsed;
  if (error !== null && typeof error === 'object' && 'message' in error) return String(error.message);
  return String(error);
}
