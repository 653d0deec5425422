// Mistake: leaves out the rounds without text, then joins the others with a blank line whatever
// they end with: a text that already ends with a line break, or a blank line, gets more.
// Lesson: /ga-ai/06d-one-call-per-round/#four-details-that-fail-without-a-sound
// Fails: ends-with-line-break, ends-with-blank-line, generated-turns
// Diagnosis: break-after-line-break, break-after-blank-line

export function joinRounds(texts: string[]): string {
  return texts.filter((text) => text.length > 0).join('\n\n');
}
