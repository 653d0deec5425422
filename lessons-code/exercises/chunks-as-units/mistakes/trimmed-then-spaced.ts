// Mistake: the client trims every chunk and then joins the chunks with a space, to keep the
// sentences apart; after "e.g." that space is the very one #743 kept at the end of the chunk, so
// where the two chunks meet the text is what appending gives (only the final line break is gone).
// Lesson: /ga-ai/06-answer-on-the-wire/#sentences
// Fails: render-changes, render-generated
// Diagnosis: trimmed-then-spaced

export const answer =
  'Connect the two chords with a passing tone, e.g. a chromatic note between two tones.\nThen climb:\nC, C#, D.\n';

export function render(chunks: string[]): string {
  return chunks.map((chunk) => chunk.trim()).join(' ');
}
