// #743 découpe après "e.g. " : la phrase arrive en deux fragments.
export const answer = 'Connect the two chords with a passing tone, e.g. a chromatic note between two chord tones.\n';

// Rogne chaque fragment, comme chatService : "e.g. " perd son espace.
export function render(chunks: string[]): string {
  return chunks.map((chunk) => chunk.trim()).join('');
}
