// Una respuesta al estilo de GA. Reescríbela para que la #743 la trocee donde no acaba ninguna frase:
// tras "e.g. ", o tras un número de lista como "3. " al principio de una línea.
export const answer = 'Play the root first. Then add the third.\n';

// Un cliente que recibe los fragmentos. Este los pega según llegan, como la página de GaChatbot.
// Haz que trate cada fragmento como una unidad: que recorte cada uno (como chatService),
// o que meta un espacio o un salto de línea entre fragmentos.
export function render(chunks: string[]): string {
  return chunks.join('');
}
