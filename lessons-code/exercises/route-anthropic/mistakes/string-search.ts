// Mistake: searches the raw data for `"type":"text_delta"` and `"type":"thinking_delta"` and cuts
// the text out between quotes, instead of parsing the JSON: an event written with a space after
// each colon is missed, and a text with an escaped quote is cut short.
// Lesson: /ga-ai/06c-model-stream/#route-by-the-payload
// Fails: padded, escaped, any-anthropic-turn
// Diagnosis: string-search, json-escapes
export type Route = { channel: 'answer' | 'reasoning'; text: string } | null;

export function routeAnthropic(data: string): Route {
  if (data.includes('"type":"text_delta"')) {
    const text = /"text":"([^"]*)"/.exec(data);
    return text ? { channel: 'answer', text: text[1]! } : null;
  }
  if (data.includes('"type":"thinking_delta"')) {
    const thinking = /"thinking":"([^"]*)"/.exec(data);
    return thinking ? { channel: 'reasoning', text: thinking[1]! } : null;
  }
  return null;
}
