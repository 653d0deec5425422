// El escritor de GaApi en a826864: el fragmento entero detrás de un solo `data: `.
// Haz que escriba una línea `data: ` por cada línea del fragmento separada por LF.
export function writeGaApiEvent(chunk: string): string {
  return 'data: ' + chunk + '\n\n';
}

// El chatService de ga-client (parseSseBuffer), que lee un flujo entero de una vez.
// Solo se queda con la primera línea `data:` de cada evento, recortada. Haz que tome
// todas las líneas `data:`, les quite `data:` y un espacio, y una los valores con LF.
export function readChatService(stream: string): string {
  let response = '';
  const events = stream.split('\n\n');
  const rest = events.pop() ?? '';
  for (const event of events) {
    const dataLine = event.split('\n').find((line) => line.startsWith('data:'));
    if (dataLine === undefined) continue;
    const payload = dataLine.slice(5).trim();
    if (payload === '' || payload === '[DONE]') continue;
    if (payload.startsWith('{')) {
      const parsed = JSON.parse(payload);
      if (parsed.error) throw new Error(String(parsed.error));
      continue;
    }
    response += payload;
  }
  return response + rest.trim();
}
