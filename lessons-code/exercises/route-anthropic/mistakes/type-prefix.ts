// Mistake: takes any delta type that starts with `text` for the answer and any that starts with
// `thinking` for the reasoning, so a delta type added later under such a name
// (`text_annotation_delta`, `thinking_summary_delta`) reaches a channel it was never meant for.
// Lesson: /ga-ai/06c-model-stream/#route-by-the-payload
// Fails: any-anthropic-turn
// Diagnosis: type-prefix
export type Route = { channel: 'answer' | 'reasoning'; text: string } | null;

export function routeAnthropic(data: string): Route {
  const event = JSON.parse(data);
  if (event.type !== 'content_block_delta') return null;
  const delta = event.delta;
  if (delta.type.startsWith('text')) return { channel: 'answer', text: delta.text };
  if (delta.type.startsWith('thinking')) return { channel: 'reasoning', text: delta.thinking };
  return null;
}
