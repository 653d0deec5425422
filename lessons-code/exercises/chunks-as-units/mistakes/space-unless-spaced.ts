// Mistake: the client puts a space between two chunks unless the text so far already ends with
// whitespace, so as not to double it; #743 always leaves the whitespace at the end of the chunk
// before a split, so no space is ever added and the text comes out exactly as appended.
// Lesson: /ga-ai/06-answer-on-the-wire/#sentences
// Fails: render-changes, render-generated
// Diagnosis: render-unchanged

export const answer = 'Connect the two chords with a passing tone, e.g. a chromatic note between two chord tones.\n';

export function render(chunks: string[]): string {
  let text = '';
  for (const chunk of chunks) {
    if (text !== '' && !/\s$/.test(text)) text += ' ';
    text += chunk;
  }
  return text;
}
