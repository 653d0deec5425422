// Mistake: takes every event whose type starts with `content_block` for one that may carry a
// block's text, and routes its delta: an event type Anthropic adds later under such a name
// (`content_block_update`) with a text_delta in it reaches the answer. Only `content_block_delta`
// carries a delta to route; `?.` keeps the start and stop events, which have none, from throwing.
// Lesson: /ga-ai/06c-model-stream/#route-by-the-payload
// Fails: any-anthropic-turn
// Diagnosis: event-type-prefix
export type Route = { channel: 'answer' | 'reasoning'; text: string } | null;

export function routeAnthropic(data: string): Route {
  const event = JSON.parse(data);
  const isBlockEvent = typeof event.type === 'string' && event.type.startsWith('content_block');
  if (!isBlockEvent) return null;
  switch (event.delta?.type) {
    case 'text_delta':
      return { channel: 'answer', text: event.delta.text };
    case 'thinking_delta':
      return { channel: 'reasoning', text: event.delta.thinking };
    default:
      return null;
  }
}
