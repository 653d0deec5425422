// Mistake: the client trims every chunk and joins them with " / ", to show where one unit ends
// and the next begins; the text does change where #743 split it, but the user now reads a slash
// the answer never had: a client that treats chunks as units may change whitespace only.
// Lesson: /ga-ai/06-answer-on-the-wire/#each-writer-with-each-reader
// Fails: render-keeps-text, render-generated
// Diagnosis: render-adds-text

export const answer = 'Connect the two chords with a passing tone, e.g. a chromatic note between two chord tones.\n';

export function render(chunks: string[]): string {
  return chunks.map((chunk) => chunk.trim()).join(' / ');
}
