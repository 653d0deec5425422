// El texto de cada ronda de un turno, en orden; una ronda que solo llamó a herramientas tiene ''.
// Devuelve el mensaje que ve el usuario: el texto de cada ronda empieza un párrafo propio, separado
// del texto anterior por una línea vacía. Añade solo los saltos de línea que falten.
export function joinRounds(texts: string[]): string {
  let shown = '';
  for (const text of texts) {
    // Una ronda sin texto no añade nada, ni siquiera un salto.
    if (text === '') continue;
    if (shown !== '' && !shown.endsWith('\n\n')) shown += shown.endsWith('\n') ? '\n' : '\n\n';
    shown += text;
  }
  return shown;
}
