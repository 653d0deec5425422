// Mistake: picks the text with `delta.text || delta.thinking`, one line for both types; `||` skips
// an empty string as it skips undefined, so an empty text_delta falls through to `thinking`, which
// a text delta lacks, and the answer gets "undefined".
// Lesson: /ga-ai/06c-model-stream/#route-by-the-payload
// Fails: any-anthropic-turn
// Diagnosis: empty-text-falls-through
export type Route = { channel: 'answer' | 'reasoning'; text: string } | null;

export function routeAnthropic(data: string): Route {
  const event = JSON.parse(data);
  if (event.type !== 'content_block_delta') return null;
  const delta = event.delta;
  if (delta.type !== 'text_delta' && delta.type !== 'thinking_delta') return null;
  const text = delta.text || delta.thinking;
  return { channel: delta.type === 'text_delta' ? 'answer' : 'reasoning', text };
}
