// Mistake: the client trims every chunk with a regular expression that lacks the g flag:
// replace() then removes its first match only, so a chunk that starts with whitespace loses that
// and keeps the whitespace at its end, the very whitespace #743 kept at the split.
// Lesson: /ga-ai/06-answer-on-the-wire/#sentences
// Fails: render-generated
// Diagnosis: trims-one-end

export const answer = 'Connect the two chords with a passing tone, e.g. a chromatic note between two chord tones.\n';

export function render(chunks: string[]): string {
  return chunks.map((chunk) => chunk.replace(/^\s+|\s+$/, '')).join('');
}
