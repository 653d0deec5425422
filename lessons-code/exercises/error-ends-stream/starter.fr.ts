import type { PageConsume, PageRouting } from 'lessons-code';

// Le consumeSseStream de la page de GaChatbot (index.html, lignes 740–809), tel que le cours le porte.
// Il lit le corps, appelle onText avec la réponse jusque-là (la page réaffiche sa bulle)
// et renvoie la réponse avec l’événement de routage. Faites qu’un événement d’erreur mette fin au flux :
// si les données d’un événement sont un JSON muni d’une propriété `error`, levez une Error avec ce message.
export const consumeSseStream: PageConsume = async (body, onText) => {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let answer = '';
  let routing: PageRouting | null = null;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let sep: number;
    while ((sep = buffer.indexOf('\n\n')) >= 0) {
      const rawEvent = buffer.slice(0, sep);
      buffer = buffer.slice(sep + 2);
      const dataLines = rawEvent
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6));
      if (dataLines.length === 0) continue;
      const data = dataLines.join('\n');
      if (data === '[DONE]') return { answer, routing };
      if (routing === null && data.startsWith('{') && data.includes('"type"')) {
        try {
          const parsed = JSON.parse(data);
          if (parsed.type === 'routing') {
            routing = parsed;
            continue;
          }
        } catch {
          // pas du JSON : la page l’affiche comme du texte
        }
      }
      answer += data;
      onText?.(answer, routing);
    }
  }
  return { answer, routing };
};
