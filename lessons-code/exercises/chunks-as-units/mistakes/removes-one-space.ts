// Mistake: the client takes the one space off the end of every chunk, the space after "e.g." that
// #743 kept: a chunk that ends with a line break, a tab or a no-break space keeps it, and there
// the chunks meet as they do when appended.
// Lesson: /ga-ai/06-answer-on-the-wire/#sentences
// Fails: render-generated
// Diagnosis: removes-one-space

export const answer = 'Connect the two chords with a passing tone, e.g. a chromatic note between two chord tones.\n';

export function render(chunks: string[]): string {
  return chunks.map((chunk) => (chunk.endsWith(' ') ? chunk.slice(0, -1) : chunk)).join('');
}
