// Allocates without end while the module loads. The worker runs out of memory or hits the page's
// time limit; either way it is stopped and the verdict says so.

const hoard: number[][] = [];
for (;;) hoard.push(new Array(1_000_000).fill(hoard.length));

export const answer = 'Connect the two chords with a passing tone, e.g. a chromatic note.\n';
export function render(chunks: string[]): string {
  return chunks.map((chunk) => chunk.trim()).join('');
}
