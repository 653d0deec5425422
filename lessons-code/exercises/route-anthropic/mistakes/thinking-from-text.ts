// Mistake: both deltas are told apart by their type, but the thinking's text is read from `text`,
// as a text_delta's is; a thinking_delta holds it in `thinking`, so every piece of the reasoning is
// undefined.
// Lesson: /ga-ai/06c-model-stream/#route-by-the-payload
// Fails: reasoning, names-a-type, empty-thinking, any-anthropic-turn
// Diagnosis: thinking-text-field
export type Route = { channel: 'answer' | 'reasoning'; text: string } | null;

export function routeAnthropic(data: string): Route {
  const event = JSON.parse(data);
  if (event.type !== 'content_block_delta') return null;
  const delta = event.delta;
  if (delta.type === 'text_delta') return { channel: 'answer', text: delta.text };
  if (delta.type === 'thinking_delta') return { channel: 'reasoning', text: delta.text };
  return null;
}
