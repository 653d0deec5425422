// Mistake: sends the text of every content_block_delta to the answer, whichever field holds it:
// the model's thinking shows in the bubble, before the answer.
// Lesson: /ga-ai/06c-model-stream/#two-channels
// Fails: answer, reasoning, no-leak, neither, names-a-type, empty-thinking, any-anthropic-turn
// Diagnosis: reasoning-in-answer, field-not-type
export type Route = { channel: 'answer' | 'reasoning'; text: string } | null;

export function routeAnthropic(data: string): Route {
  const event = JSON.parse(data);
  if (event.type !== 'content_block_delta') return null;
  const text = event.delta.text ?? event.delta.thinking;
  return typeof text === 'string' ? { channel: 'answer', text } : null;
}
