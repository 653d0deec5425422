// Mistake: each read is decoded on its own, without `{ stream: true }`: a character whose bytes a cut
// splits between two reads (an `é`, an emoji) comes out as replacement characters (U+FFFD) in the
// answer the page shows and keeps. The decoder must carry the first bytes over to the next read.
// Lesson: /ga-ai/06b-beyond-the-wire/#the-network-cuts-anywhere
// Fails: page-stream, any-error-event
// Diagnosis: decoded-each-read

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
    buffer += decoder.decode(value);
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
          message = JSON.parse(data).error;
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
