// Mistake: the client skips a chunk equal to the one it just got, as if the server had sent it
// twice by error; an answer that says "Yes. " twice is two chunks that are both the model's, and
// the second is lost.
// Lesson: /ga-ai/06-answer-on-the-wire/#each-writer-with-each-reader
// Fails: render-generated
// Diagnosis: drops-repeated-chunk

export const answer =
  'Connect the two chords with a passing tone, e.g. a chromatic note between two tones.\nThen climb:\nC, C#, D.\n';

export function render(chunks: string[]): string {
  let text = '';
  let previous: string | undefined;
  for (const chunk of chunks) {
    if (chunk !== previous) text += chunk.trim();
    previous = chunk;
  }
  return text;
}
