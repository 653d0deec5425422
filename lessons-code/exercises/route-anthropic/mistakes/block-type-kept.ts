// Mistake: remembers the type of each block from its content_block_start and holds back a
// text_delta that comes in a block that started as thinking, as though the block decided where
// the text goes. The task routes a delta by its own type alone: a text_delta is the answer's,
// whatever block it comes in.
// Lesson: /ga-ai/06c-model-stream/#route-by-the-payload
// Fails: any-anthropic-turn
// Diagnosis: block-type-not-delta-type
export type Route = { channel: 'answer' | 'reasoning'; text: string } | null;

// The type each block was started with, by its index.
const blockTypes: Record<number, string> = {};

export function routeAnthropic(data: string): Route {
  const event = JSON.parse(data);
  if (event.type === 'content_block_start') {
    blockTypes[event.index] = event.content_block.type;
    return null;
  }
  if (event.type !== 'content_block_delta') return null;
  const delta = event.delta;
  if (delta.type === 'thinking_delta') return { channel: 'reasoning', text: delta.thinking };
  if (delta.type === 'text_delta' && blockTypes[event.index] !== 'thinking')
    return { channel: 'answer', text: delta.text };
  return null;
}
