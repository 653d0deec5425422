// La #743 trocea tras "e.g. ": la frase llega en dos fragmentos.
export const answer = 'Connect the two chords with a passing tone, e.g. a chromatic note between two chord tones.\n';

// Recorta cada fragmento, como chatService: "e.g. " pierde su espacio.
export function render(chunks: string[]): string {
  return chunks.map((chunk) => chunk.trim()).join('');
}
