// Mistake: the client ignores the chunks: it splits the whole text again wherever spaces follow
// ".", "!" or "?" and puts each piece on a line of its own. Where #743 split after a line break,
// a tab or a no-break space there are no spaces to split on, and the chunks meet as they came.
// Lesson: /ga-ai/06-answer-on-the-wire/#sentences
// Fails: render-generated
// Diagnosis: resplits-at-spaces

export const answer = 'Connect the two chords with a passing tone, e.g. a chromatic note between two chord tones.\n';

export function render(chunks: string[]): string {
  return chunks
    .join('')
    .split(/(?<=[.!?]) +/)
    .join('\n');
}
