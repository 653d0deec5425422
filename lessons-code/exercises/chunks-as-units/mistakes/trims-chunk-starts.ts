// Mistake: the client trims the start of every chunk, as though the whitespace of a split came
// before the next sentence; #743 leaves it at the end of the chunk before, so there is nothing
// to trim and the text comes out exactly as appended.
// Lesson: /ga-ai/06-answer-on-the-wire/#sentences
// Fails: render-changes, render-generated
// Diagnosis: render-unchanged

export const answer = 'Play a passing tone, e.g. a chromatic note. Then resolve to the chord tone.\n';

export function render(chunks: string[]): string {
  return chunks.map((chunk) => chunk.trimStart()).join('');
}
