// Another right answer, written differently from the reference: the error check comes after the
// page's routing check, just before the text is appended. The two differ only on a routing event
// that also has an `error` property, which no host sends (GaChatbot.Api's routing payload,
// Apps/GaChatbot.Api/Controllers/ChatbotController.cs lines 55–70 at a826864, has none; its error
// event is `{"error": …}` alone, lines 91–95). The tests check it in the page and in the engine.

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
      if (data.startsWith('{')) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(data);
        } catch {
          parsed = undefined;
        }
        if (parsed !== null && typeof parsed === 'object' && 'error' in parsed) {
          throw new Error(String((parsed as { error: unknown }).error));
        }
      }
      answer += data;
      onText?.(answer, routing);
    }
  }
  return { answer, routing };
};
