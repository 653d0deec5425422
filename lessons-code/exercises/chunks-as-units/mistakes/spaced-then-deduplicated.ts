// Mistake: the client joins the chunks with a space, then replaces every double space with one,
// to undo the doubles it made; after "e.g. " the space it added is removed again, and the chunks
// meet as they do when appended.
// Lesson: /ga-ai/06-answer-on-the-wire/#sentences
// Fails: render-changes, render-generated
// Diagnosis: render-unchanged

export const answer = 'Connect the two chords with a passing tone, e.g. a chromatic note between two chord tones.\n';

export function render(chunks: string[]): string {
  return chunks.join(' ').replace(/ {2,}/g, ' ');
}
