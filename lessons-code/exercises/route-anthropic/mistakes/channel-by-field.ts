// Mistake: checks that the delta is a text_delta or a thinking_delta, then picks the channel by
// the field it finds (`text` means the answer) rather than by that type: a thinking_delta that
// also carries a `text` field, as Anthropic may add fields to its output, sends that text to the
// answer instead of its thinking to the reasoning.
// Lesson: /ga-ai/06c-model-stream/#route-by-the-payload
// Fails: any-anthropic-turn
// Diagnosis: field-not-type
export type Route = { channel: 'answer' | 'reasoning'; text: string } | null;

export function routeAnthropic(data: string): Route {
  const event = JSON.parse(data);
  if (event.type !== 'content_block_delta') return null;
  const delta = event.delta;
  if (delta.type !== 'text_delta' && delta.type !== 'thinking_delta') return null;
  if ('text' in delta) return { channel: 'answer', text: delta.text };
  return { channel: 'reasoning', text: delta.thinking };
}
