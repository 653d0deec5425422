// Mistake: reads the delta's type on every event without looking at the event's own type first:
// message_start, ping and the other events that carry no delta make it throw.
// Lesson: /ga-ai/06c-model-stream/#route-by-the-payload
// Fails: answer, reasoning, no-leak, no-thinking, neither, any-anthropic-turn
// Diagnosis: no-delta
export type Route = { channel: 'answer' | 'reasoning'; text: string } | null;

export function routeAnthropic(data: string): Route {
  const { delta } = JSON.parse(data);
  if (delta.type === 'text_delta') return { channel: 'answer', text: delta.text };
  if (delta.type === 'thinking_delta') return { channel: 'reasoning', text: delta.thinking };
  return null;
}
