// Mistake: the client is written for the two chunks the case shows: it trims the first two and
// joins them, and never looks at the rest; given a whole answer, three chunks or more, it loses
// everything after the second chunk.
// Lesson: /ga-ai/06-answer-on-the-wire/#where-the-answer-goes
// Fails: render-generated
// Diagnosis: first-two-chunks

export const answer = 'Connect the two chords with a passing tone, e.g. a chromatic note between two chord tones.\n';

export function render(chunks: string[]): string {
  return chunks[0]!.trim() + chunks[1]!.trim();
}
