// Un evento del flujo Messages de Anthropic cada vez: `data` es el JSON de su línea data:.
// El tipo del propio delta dice adónde va su texto; todo lo demás no llega a ningún canal.
export type Route = { channel: 'answer' | 'reasoning'; text: string } | null;

export function routeAnthropic(data: string): Route {
  const event = JSON.parse(data);
  if (event.type !== 'content_block_delta') return null;
  const delta = event.delta;
  if (delta.type === 'text_delta') return { channel: 'answer', text: delta.text };
  if (delta.type === 'thinking_delta') return { channel: 'reasoning', text: delta.thinking };
  // signature_delta, input_json_delta, citations_delta y los tipos que aún no se conocen
  return null;
}
