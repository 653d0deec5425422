// Mistake: the client puts a zero-width no-break space (U+FEFF) between the chunks, as a mark
// that one unit ends there. JavaScript's `\s` and `trim()` take U+FEFF for whitespace, but Unicode
// does not: it shows nothing, so the chunks still run together on screen ("e.g.a" reads as
// appended), and the user copies a character the answer never had.
// Lesson: /ga-ai/06-answer-on-the-wire/#each-writer-with-each-reader
// Fails: render-keeps-text, render-generated
// Diagnosis: render-adds-text

export const answer = 'Connect the two chords with a passing tone, e.g. a chromatic note between two chord tones.\n';

export function render(chunks: string[]): string {
  let text = '';
  for (const chunk of chunks) text += (text === '' ? '' : '\uFEFF') + chunk;
  return text;
}
