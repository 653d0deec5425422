// Mistake: trims every text and joins the ones left with a blank line, which spares the work of
// looking at how a text ends; but it takes back characters the user already has on screen.
// Lesson: /ga-ai/06d-one-call-per-round/#stream-every-round
// Fails: ends-with-space, generated-turns
// Diagnosis: text-trimmed

export function joinRounds(texts: string[]): string {
  return texts
    .map((text) => text.trim())
    .filter((text) => text !== '')
    .join('\n\n');
}
