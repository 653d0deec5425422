// Mistake: routes the delta of any event, never looking at the event's own type: an event of a
// type added later (the reference says new ones may come) that carries a text_delta reaches the
// answer. It throws nothing, since `?.` lets the events without a delta through.
// Lesson: /ga-ai/06c-model-stream/#route-by-the-payload
// Fails: any-anthropic-turn
// Diagnosis: event-type-unchecked
export type Route = { channel: 'answer' | 'reasoning'; text: string } | null;

export function routeAnthropic(data: string): Route {
  const delta = JSON.parse(data).delta;
  if (delta?.type === 'text_delta') return { channel: 'answer', text: delta.text };
  if (delta?.type === 'thinking_delta') return { channel: 'reasoning', text: delta.thinking };
  return null;
}
