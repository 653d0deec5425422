// Un evento del flujo Messages de Anthropic cada vez: `data` es el JSON de su línea data:.
// Devuelve adónde va su texto, { channel: 'answer' | 'reasoning', text }, o null si no va a ninguno.
// Este enrutador manda el texto de todo content_block_delta a la respuesta, así que el razonamiento
// del modelo aparece en la burbuja (y también la entrada de una herramienta). Enruta por el tipo
// del delta: text_delta es la respuesta, thinking_delta el razonamiento; cualquier otro delta, y
// cualquier otro evento, no llega a ningún canal.
export type Route = { channel: 'answer' | 'reasoning'; text: string } | null;

export function routeAnthropic(data: string): Route {
  const event = JSON.parse(data);
  if (event.type === 'content_block_delta') {
    const delta = event.delta;
    return { channel: 'answer', text: delta.text ?? delta.thinking ?? delta.partial_json ?? '' };
  }
  return null;
}
