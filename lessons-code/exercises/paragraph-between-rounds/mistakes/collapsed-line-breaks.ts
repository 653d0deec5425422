// Mistake: joins the texts with a blank line, then makes every run of three or more line breaks two,
// to undo the extra ones after a text that already ended with a break. The runs inside a text are
// made two as well: the blank lines a text had on screen are taken away.
// Lesson: /ga-ai/06d-one-call-per-round/#stream-every-round
// Fails: generated-turns
// Diagnosis: line-breaks-collapsed

export function joinRounds(texts: string[]): string {
  return texts
    .filter((text) => text !== '')
    .join('\n\n')
    .replace(/\n{3,}/g, '\n\n');
}
