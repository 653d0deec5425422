// #743 splits after "vs. " as it does after "e.g. ": the comparison arrives in two chunks, and
// no sentence ends between them.
export const answer = 'Hear how a major third sounds vs. a minor third over the same root.\n';

// Each chunk trimmed at its end only: the space that "vs. " kept goes, the chunk's start stays.
export function render(chunks: string[]): string {
  return chunks.map((chunk) => chunk.trimEnd()).join('');
}
