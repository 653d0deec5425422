// Mistake: the answer writes "e.g.," with a comma, as many style guides ask; #743 splits only
// where ".", "!" or "?" is followed by whitespace, so it never splits there, and the client
// (which trims every chunk) has no split to show its effect on.
// Lesson: /ga-ai/06-answer-on-the-wire/#sentences
// Fails: unwanted-split, render-changes, render-keeps-text
// Diagnosis: abbreviation-without-space

export const answer = 'Connect the two chords with a passing tone (e.g., a chromatic note between two chord tones).\n';

export function render(chunks: string[]): string {
  return chunks.map((chunk) => chunk.trim()).join('');
}
