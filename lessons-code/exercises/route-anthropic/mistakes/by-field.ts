// Mistake: routes by the field that holds the text (`text` to the answer, `thinking` to the
// reasoning) instead of the delta's type: a delta type it has never seen that happens to have a
// `text` field lands in the answer.
// Lesson: /ga-ai/06c-model-stream/#route-by-the-payload
// Fails: neither, any-anthropic-turn
// Diagnosis: field-not-type
export type Route = { channel: 'answer' | 'reasoning'; text: string } | null;

export function routeAnthropic(data: string): Route {
  const event = JSON.parse(data);
  if (event.type !== 'content_block_delta') return null;
  const delta = event.delta;
  if (typeof delta.text === 'string') return { channel: 'answer', text: delta.text };
  if (typeof delta.thinking === 'string') return { channel: 'reasoning', text: delta.thinking };
  return null;
}
