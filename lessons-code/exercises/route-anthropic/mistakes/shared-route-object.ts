// Mistake: returns one route object, made once and changed at every call: each route is right
// when it is returned, but a caller that keeps the routes of a stream, as
// `events.map(routeAnthropic)` does, finds every one of them holding the last event's channel and
// text.
// Lesson: /ga-ai/06c-model-stream/#route-by-the-payload
// Fails: answer, reasoning, no-leak, no-thinking, names-a-type, any-anthropic-turn
// Diagnosis: changed-result
export type Route = { channel: 'answer' | 'reasoning'; text: string } | null;

const route: NonNullable<Route> = { channel: 'answer', text: '' };

export function routeAnthropic(data: string): Route {
  const event = JSON.parse(data);
  if (event.type !== 'content_block_delta') return null;
  const delta = event.delta;
  if (delta.type === 'text_delta') {
    route.channel = 'answer';
    route.text = delta.text;
    return route;
  }
  if (delta.type === 'thinking_delta') {
    route.channel = 'reasoning';
    route.text = delta.thinking;
    return route;
  }
  return null;
}
