// One event of Anthropic's Messages stream at a time: `data` is the JSON of its data: line.
// The delta's own type says where its text goes; anything else reaches neither channel.
export type Route = { channel: 'answer' | 'reasoning'; text: string } | null;

export function routeAnthropic(data: string): Route {
  const event = JSON.parse(data);
  if (event.type !== 'content_block_delta') return null;
  const delta = event.delta;
  if (delta.type === 'text_delta') return { channel: 'answer', text: delta.text };
  if (delta.type === 'thinking_delta') return { channel: 'reasoning', text: delta.thinking };
  // signature_delta, input_json_delta, citations_delta, and types not known yet
  return null;
}
