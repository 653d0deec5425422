// Mistake: a text_delta goes to the answer and every other delta to the reasoning, as if thinking
// were the only other kind: a signature, a tool's input, a citation and a delta type from the
// future each give the reasoning a route, with no `thinking` field to read (undefined).
// Lesson: /ga-ai/06c-model-stream/#route-by-the-payload
// Fails: reasoning, neither, any-anthropic-turn
// Diagnosis: signature-to-reasoning, other-deltas-to-reasoning
export type Route = { channel: 'answer' | 'reasoning'; text: string } | null;

export function routeAnthropic(data: string): Route {
  const event = JSON.parse(data);
  if (event.type !== 'content_block_delta') return null;
  const delta = event.delta;
  return delta.type === 'text_delta'
    ? { channel: 'answer', text: delta.text }
    : { channel: 'reasoning', text: delta.thinking };
}
