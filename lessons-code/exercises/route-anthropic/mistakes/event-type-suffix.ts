// Mistake: takes any event whose type ends with "_delta" for one that carries a block's text, so
// that message_delta is let through too (its delta has no type of a text, so it gets no route). An
// event type added later, such as tool_progress_delta, that carries a text_delta reaches the
// answer. Only a content_block_delta brings a block's text: the type is compared whole.
// Lesson: /ga-ai/06c-model-stream/#route-by-the-payload
// Fails: any-anthropic-turn
// Diagnosis: event-type-suffix
export type Route = { channel: 'answer' | 'reasoning'; text: string } | null;

export function routeAnthropic(data: string): Route {
  const event = JSON.parse(data);
  if (!String(event.type).endsWith('_delta')) return null;
  const type = event.delta?.type;
  if (type === 'text_delta') return { channel: 'answer', text: event.delta.text };
  if (type === 'thinking_delta') return { channel: 'reasoning', text: event.delta.thinking };
  return null;
}
