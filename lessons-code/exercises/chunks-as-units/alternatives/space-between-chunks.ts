// Another right answer, written differently from the reference: a client that puts a space between
// chunks (and trims each chunk's start, which changes only the first: #743 starts no other chunk
// with whitespace). Whatever whitespace #743 kept at the end of a chunk, one more space follows it.

export const answer = 'Connect the two chords with a passing tone, e.g. a chromatic note between two chord tones.\n';

export function render(chunks: string[]): string {
  return chunks.map((chunk) => chunk.trimStart()).join(' ');
}
