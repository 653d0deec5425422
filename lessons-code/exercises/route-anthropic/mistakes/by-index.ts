// Mistake: routes by the content block's index, as the recording numbers its blocks (0 the
// thinking, 1 the text): in a turn without thinking the text block is block 0, and its text goes
// to the reasoning.
// Lesson: /ga-ai/06c-model-stream/#route-by-the-payload
// Fails: no-thinking, neither, any-anthropic-turn
// Diagnosis: index-not-type
export type Route = { channel: 'answer' | 'reasoning'; text: string } | null;

export function routeAnthropic(data: string): Route {
  const event = JSON.parse(data);
  if (event.type !== 'content_block_delta') return null;
  const text = event.delta.text ?? event.delta.thinking ?? '';
  if (event.index === 0) return { channel: 'reasoning', text };
  if (event.index === 1) return { channel: 'answer', text };
  return null;
}
