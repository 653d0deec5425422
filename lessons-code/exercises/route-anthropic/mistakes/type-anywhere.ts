// Mistake: tells a text delta from a thinking delta by looking for `text_delta` anywhere in the
// raw data: a reasoning whose text mentions `text_delta` lands in the answer.
// Lesson: /ga-ai/06c-model-stream/#route-by-the-payload
// Fails: names-a-type, any-anthropic-turn
// Diagnosis: type-in-text
export type Route = { channel: 'answer' | 'reasoning'; text: string } | null;

export function routeAnthropic(data: string): Route {
  const event = JSON.parse(data);
  if (event.type !== 'content_block_delta') return null;
  if (data.includes('text_delta')) return { channel: 'answer', text: event.delta.text };
  if (data.includes('thinking_delta')) return { channel: 'reasoning', text: event.delta.thinking };
  return null;
}
