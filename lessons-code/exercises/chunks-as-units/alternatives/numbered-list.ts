// Another right answer, written differently from the reference: a numbered list (#743 cuts after
// "1. " at the start of a line), and a client that puts a line break between chunks. The tests
// check it in the page and in the engine.

export const answer = 'Three steps:\n1. Play the root.\n2. Add the third.\n';

export function render(chunks: string[]): string {
  return chunks.join('\n');
}
