// Another right answer, written differently from the reference: reads in a for loop of its own,
// every event parsed once, and an `error` property that ends the stream before the routing check.
// The tests check it in the page and in the engine.

import type { PageConsume, PageRouting } from 'lessons-code';

function parseJson(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}

export const consumeSseStream: PageConsume = async (body, onText) => {
  let answer = '';
  let routing: PageRouting | null = null;
  let pending = '';
  const utf8 = new TextDecoder();
  const reads = body.getReader();
  for (let read = await reads.read(); !read.done; read = await reads.read()) {
    const events = (pending + utf8.decode(read.value, { stream: true })).split('\n\n');
    pending = events.pop() ?? '';
    for (const rawEvent of events) {
      const lines = rawEvent.split('\n').filter((line) => line.startsWith('data: '));
      if (lines.length === 0) continue;
      const data = lines.map((line) => line.slice(6)).join('\n');
      if (data === '[DONE]') return { answer, routing };
      const parsed = data.startsWith('{') ? parseJson(data) : undefined;
      if (typeof parsed === 'object' && parsed !== null) {
        if ('error' in parsed) throw new Error(String(parsed.error));
        if (routing === null && 'type' in parsed && parsed.type === 'routing') {
          routing = parsed as PageRouting;
          continue;
        }
      }
      answer += data;
      onText?.(answer, routing);
    }
  }
  return { answer, routing };
};
