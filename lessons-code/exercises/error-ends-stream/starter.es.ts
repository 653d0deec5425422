import type { PageConsume, PageRouting } from 'lessons-code';

// El consumeSseStream de la página de GaChatbot (index.html, líneas 740–809), tal como lo porta el curso.
// Lee el cuerpo, llama a onText con la respuesta hasta el momento (la página vuelve a mostrar su burbuja)
// y devuelve la respuesta con el evento de enrutamiento. Haz que un evento de error cierre el flujo:
// si los datos de un evento son JSON con una propiedad `error`, lanza un Error con ese mensaje.
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
          // no es JSON: la página lo muestra como texto
        }
      }
      answer += data;
      onText?.(answer, routing);
    }
  }
  return { answer, routing };
};
