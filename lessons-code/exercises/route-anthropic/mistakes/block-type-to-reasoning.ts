// Mistake: remembers which blocks started as thinking and sends every text of such a block to the
// reasoning, a text_delta too, as though the block decided where its text goes. The delta's own
// type decides: a text_delta is the answer's, whatever block it comes in.
// Lesson: /ga-ai/06c-model-stream/#route-by-the-payload
// Fails: any-anthropic-turn
// Diagnosis: block-type-not-delta-type
export type Route = { channel: 'answer' | 'reasoning'; text: string } | null;

// Whether each block, by its index, was started as a thinking block.
const thinkingBlocks = new Map<number, boolean>();

export function routeAnthropic(data: string): Route {
  const event = JSON.parse(data);
  if (event.type === 'content_block_start') thinkingBlocks.set(event.index, event.content_block.type === 'thinking');
  if (event.type !== 'content_block_delta') return null;
  const { delta } = event;
  if (delta.type === 'thinking_delta') return { channel: 'reasoning', text: delta.thinking };
  if (delta.type === 'text_delta')
    return { channel: thinkingBlocks.get(event.index) ? 'reasoning' : 'answer', text: delta.text };
  return null;
}
