// El texto de cada ronda de un turno, en orden; una ronda que solo llamó a herramientas tiene ''.
// Devuelve el mensaje que ve el usuario: el texto de cada ronda empieza un párrafo propio, separado
// del texto anterior por una línea vacía. Añade solo los saltos de línea que falten.
// Esta versión los une tal como llegan.
export function joinRounds(texts: string[]): string {
  return texts.join('');
}
