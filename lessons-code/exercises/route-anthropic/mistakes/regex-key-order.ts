// Mistake: reads the delta's type with a regular expression over the raw data, which allows for
// spaces but expects `type` to be the first key of the event and of its delta; JSON's objects have
// no order, and an event written with its keys the other way round gets no route.
// Lesson: /ga-ai/06c-model-stream/#route-by-the-payload
// Fails: any-anthropic-turn
// Diagnosis: key-order
export type Route = { channel: 'answer' | 'reasoning'; text: string } | null;

export function routeAnthropic(data: string): Route {
  const match = /"delta"\s*:\s*\{\s*"type"\s*:\s*"(text_delta|thinking_delta)"/.exec(data);
  if (match === null || !/^\{\s*"type"\s*:\s*"content_block_delta"/.test(data)) return null;
  const delta = JSON.parse(data).delta;
  if (match[1] === 'text_delta') return { channel: 'answer', text: delta.text };
  return { channel: 'reasoning', text: delta.thinking };
}
