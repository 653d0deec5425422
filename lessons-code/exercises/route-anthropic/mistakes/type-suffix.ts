// Mistake: goes by how the delta's type ends, `text_delta` for the answer and `thinking_delta` for
// the reasoning, instead of comparing the whole type: a type added later whose name ends the same
// way, such as cited_text_delta or redacted_thinking_delta, reaches a channel.
// Lesson: /ga-ai/06c-model-stream/#route-by-the-payload
// Fails: any-anthropic-turn
// Diagnosis: type-suffix
export type Route = { channel: 'answer' | 'reasoning'; text: string } | null;

export function routeAnthropic(data: string): Route {
  const event = JSON.parse(data);
  if (event.type !== 'content_block_delta') return null;
  const delta = event.delta;
  if (delta.type.endsWith('thinking_delta')) return { channel: 'reasoning', text: delta.thinking };
  if (delta.type.endsWith('text_delta')) return { channel: 'answer', text: delta.text };
  return null;
}
