// Mistake: a switch on the delta's type sets the channel in each case, but the text_delta case has
// no break: it runs on into the thinking_delta case, which sets the channel again, so the answer's
// text goes to the reasoning with the thinking, and the answer stays empty.
// Lesson: /ga-ai/06c-model-stream/#route-by-the-payload
// Fails: answer, reasoning, no-thinking, padded, escaped, names-a-type, any-anthropic-turn
// Diagnosis: no-answer-text, answer-in-reasoning
export type Route = { channel: 'answer' | 'reasoning'; text: string } | null;

export function routeAnthropic(data: string): Route {
  const event = JSON.parse(data);
  if (event.type !== 'content_block_delta') return null;
  let channel: 'answer' | 'reasoning' | null = null;
  switch (event.delta.type) {
    case 'text_delta':
      channel = 'answer';
    case 'thinking_delta':
      channel = 'reasoning';
      break;
  }
  return channel === null ? null : { channel, text: event.delta.text ?? event.delta.thinking };
}
