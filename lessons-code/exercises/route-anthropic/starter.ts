// One event of Anthropic's Messages stream at a time: `data` is the JSON of its data: line.
// Return where its text goes, { channel: 'answer' | 'reasoning', text }, or null for neither.
// This router sends the text of every content_block_delta to the answer, so the model's
// thinking shows in the bubble (and a tool's input too). Route by the type of the delta:
// text_delta is the answer, thinking_delta the reasoning; every other delta, and every other
// event, reaches neither channel.
export type Route = { channel: 'answer' | 'reasoning'; text: string } | null;

export function routeAnthropic(data: string): Route {
  const event = JSON.parse(data);
  if (event.type === 'content_block_delta') {
    const delta = event.delta;
    return { channel: 'answer', text: delta.text ?? delta.thinking ?? delta.partial_json ?? '' };
  }
  return null;
}
