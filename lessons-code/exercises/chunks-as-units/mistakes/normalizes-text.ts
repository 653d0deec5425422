// Mistake: the client trims every chunk and composes its accents (NFC), to show "clean" text; an
// "e" followed by a combining accent becomes one "é": the same look, not the same characters.
// Lesson: /ga-ai/06-answer-on-the-wire/#each-writer-with-each-reader
// Fails: render-generated
// Diagnosis: normalizes-text

export const answer =
  'Connect the two chords with a passing tone, e.g. a chromatic note between two tones.\nThen climb:\nC, C#, D.\n';

export function render(chunks: string[]): string {
  return chunks.map((chunk) => chunk.normalize('NFC').trim()).join('');
}
