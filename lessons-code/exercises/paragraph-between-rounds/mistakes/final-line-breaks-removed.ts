// Mistake: takes the line breaks off the end of each text, so that every text can be followed by the
// same blank line: the last text loses the line break it ended with, and a text that ended with more
// than a blank line loses the rest, all of which the user had on screen.
// Lesson: /ga-ai/06d-one-call-per-round/#stream-every-round
// Fails: generated-turns
// Diagnosis: final-breaks-stripped

export function joinRounds(texts: string[]): string {
  const paragraphs: string[] = [];
  for (const text of texts) {
    if (text !== '') paragraphs.push(text.replace(/\n+$/, ''));
  }
  return paragraphs.join('\n\n');
}
