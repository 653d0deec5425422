// L’émetteur de GaApi à a826864 : tout le fragment derrière un seul `data: `.
// Faites-lui écrire une ligne `data: ` par ligne du fragment séparée par un LF.
export function writeGaApiEvent(chunk: string): string {
  return 'data: ' + chunk + '\n\n';
}

// Le chatService de ga-client (parseSseBuffer), qui lit tout un flux d’un coup.
// Il ne garde que la première ligne `data:` d’un événement, rognée. Faites-lui prendre
// toutes les lignes `data:`, leur ôter `data:` et un espace, et joindre les valeurs par un LF.
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
