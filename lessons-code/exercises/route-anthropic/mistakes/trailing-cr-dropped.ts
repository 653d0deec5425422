// Mistake: takes a `\r` at the end of an answer's text for a stray character and cuts it off.
// A delta may end between the `\r` and the `\n` of a Windows line end, the `\n` coming at the
// start of the next delta: the text put together then loses its `\r`. The router returns the
// text as the delta holds it.
// Lesson: /ga-ai/06c-model-stream/#route-by-the-payload
// Fails: any-anthropic-turn
// Diagnosis: line-ends-changed
export type Route = { channel: 'answer' | 'reasoning'; text: string } | null;

export function routeAnthropic(data: string): Route {
  const event = JSON.parse(data);
  if (event.type !== 'content_block_delta') return null;
  const { delta } = event;
  if (delta.type === 'thinking_delta') return { channel: 'reasoning', text: delta.thinking };
  if (delta.type !== 'text_delta') return null;
  const text: string = delta.text;
  return { channel: 'answer', text: text.endsWith('\r') ? text.slice(0, -1) : text };
}
