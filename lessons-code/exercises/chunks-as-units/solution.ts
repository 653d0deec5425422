// #743 splits after "e.g. ": the sentence arrives in two chunks.
export const answer = 'Connect the two chords with a passing tone, e.g. a chromatic note between two chord tones.\n';

// Trims every chunk, as chatService does: "e.g. " loses its space.
export function render(chunks: string[]): string {
  return chunks.map((chunk) => chunk.trim()).join('');
}
