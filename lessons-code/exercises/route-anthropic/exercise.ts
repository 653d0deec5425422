// #starter
// // One event of Anthropic's Messages stream at a time: `data` is the JSON of its data: line.
// // Return where its text goes, { channel: 'answer' | 'reasoning', text }, or null for neither.
// // This router sends the text of every content_block_delta to the answer, so the model's
// // thinking shows in the bubble (and a tool's input too). Route by the type of the delta:
// // text_delta is the answer, thinking_delta the reasoning; every other delta, and every other
// // event, reaches neither channel.
// #solution
// One event of Anthropic's Messages stream at a time: `data` is the JSON of its data: line.
// The delta's own type says where its text goes; anything else reaches neither channel.
// #end
export type Route = { channel: 'answer' | 'reasoning'; text: string } | null;

export function routeAnthropic(data: string): Route {
  const event = JSON.parse(data);
  // #starter
  // if (event.type === 'content_block_delta') {
  //   const delta = event.delta;
  //   return { channel: 'answer', text: delta.text ?? delta.thinking ?? delta.partial_json ?? '' };
  // }
  // #solution
  if (event.type !== 'content_block_delta') return null;
  const delta = event.delta;
  if (delta.type === 'text_delta') return { channel: 'answer', text: delta.text };
  if (delta.type === 'thinking_delta') return { channel: 'reasoning', text: delta.thinking };
  // signature_delta, input_json_delta, citations_delta, and types not known yet
  // #end
  return null;
}
