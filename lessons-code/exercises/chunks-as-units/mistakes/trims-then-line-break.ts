// Mistake: the client trims every chunk and then puts a line break between them, doing both of
// the starter's two ways at once; where #743 kept a single line break (after a list item, say),
// the text is again what appending gives, so there the chunks do not meet as units.
// Lesson: /ga-ai/06-answer-on-the-wire/#sentences
// Fails: render-generated
// Diagnosis: trimmed-then-line-break

export const answer =
  'Connect the two chords with a passing tone, e.g. a chromatic note between two tones.\nThen climb:\nC, C#, D.\n';

export function render(chunks: string[]): string {
  return chunks.map((chunk) => chunk.trim()).join('\n');
}
