// Mistake: tidies every text before routing it, turning Windows line ends (`\r\n`) into `\n`:
// the channels no longer hold what the model wrote. A router only says where a text goes; it
// hands the text on exactly as the delta holds it.
// Lesson: /ga-ai/06c-model-stream/#route-by-the-payload
// Fails: any-anthropic-turn
// Diagnosis: line-ends-changed
export type Route = { channel: 'answer' | 'reasoning'; text: string } | null;

/** One kind of line end in every text, so that the page draws them alike. */
const tidy = (text: string): string => text.replaceAll('\r\n', '\n');

export function routeAnthropic(data: string): Route {
  const event = JSON.parse(data);
  if (event.type !== 'content_block_delta') return null;
  const delta = event.delta;
  if (delta.type === 'text_delta') return { channel: 'answer', text: tidy(delta.text) };
  if (delta.type === 'thinking_delta') return { channel: 'reasoning', text: tidy(delta.thinking) };
  return null;
}
