// Mistake: the client trims every chunk but returns the trimmed chunks as they are, a list,
// without joining them into the one text the user sees.
// Lesson: /ga-ai/06-answer-on-the-wire/#where-the-answer-goes
// Fails: render-changes, render-keeps-text, render-generated
// Diagnosis: render-not-text

export const answer = 'Connect the two chords with a passing tone, e.g. a chromatic note between two chord tones.\n';

export function render(chunks: string[]) {
  return chunks.map((chunk) => chunk.trim());
}
