// Mistake: the client tidies the text up: it appends the chunks, turns every run of whitespace
// into one space and trims the result. The space #743 kept after "e.g." or "3." is one space
// already, so where the chunks meet nothing changes; and the answer's line breaks become spaces.
// Lesson: /ga-ai/06-answer-on-the-wire/#sentences
// Fails: render-changes, render-generated
// Diagnosis: collapses-whitespace

export const answer = 'Three steps:\n1. Play the root.\n2. Add the third.\n';

export function render(chunks: string[]): string {
  return chunks.join('').replace(/\s+/g, ' ').trim();
}
