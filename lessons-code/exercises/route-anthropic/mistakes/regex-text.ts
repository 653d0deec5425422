// Mistake: finds the delta's type and its text with regular expressions that allow Anthropic's
// spaces, but never decodes the JSON string: a line break stays `\n` and a quote `\"` in the text
// it returns.
// Lesson: /ga-ai/06c-model-stream/#route-by-the-payload
// Fails: escaped, any-anthropic-turn
// Diagnosis: json-escapes
export type Route = { channel: 'answer' | 'reasoning'; text: string } | null;

const DELTA = /"delta":\s*\{\s*"type":\s*"(text_delta|thinking_delta)",\s*"(?:text|thinking)":\s*"((?:[^"\\]|\\.)*)"/;

export function routeAnthropic(data: string): Route {
  const found = DELTA.exec(data);
  if (found === null || !/^\{\s*"type":\s*"content_block_delta"/.test(data)) return null;
  return { channel: found[1] === 'text_delta' ? 'answer' : 'reasoning', text: found[2]! };
}
