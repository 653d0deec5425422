// Mistake: normalizes every text to NFC before routing it, so that an accent written as a letter
// followed by a combining mark becomes one character. It looks the same, but it is another
// string than the delta's: the router returns the text as the delta holds it.
// Lesson: /ga-ai/06c-model-stream/#route-by-the-payload
// Fails: any-anthropic-turn
// Diagnosis: text-normalized
export type Route = { channel: 'answer' | 'reasoning'; text: string } | null;

export function routeAnthropic(data: string): Route {
  const event = JSON.parse(data);
  if (event.type !== 'content_block_delta') return null;
  switch (event.delta.type) {
    case 'text_delta':
      return { channel: 'answer', text: String(event.delta.text).normalize() };
    case 'thinking_delta':
      return { channel: 'reasoning', text: String(event.delta.thinking).normalize() };
    default:
      return null;
  }
}
