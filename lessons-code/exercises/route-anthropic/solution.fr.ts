// Un événement du flux Messages d’Anthropic à la fois : `data` est le JSON de sa ligne data:.
// Le type du delta lui-même dit où va son texte ; tout le reste n’atteint aucun canal.
export type Route = { channel: 'answer' | 'reasoning'; text: string } | null;

export function routeAnthropic(data: string): Route {
  const event = JSON.parse(data);
  if (event.type !== 'content_block_delta') return null;
  const delta = event.delta;
  if (delta.type === 'text_delta') return { channel: 'answer', text: delta.text };
  if (delta.type === 'thinking_delta') return { channel: 'reasoning', text: delta.thinking };
  // signature_delta, input_json_delta, citations_delta et les types pas encore connus
  return null;
}
