// Mistake: joins every round with a blank line, the rounds without text included: a first round
// that only called a tool puts a blank line at the top of the message, and one in the middle
// doubles the break.
// Lesson: /ga-ai/06d-one-call-per-round/#four-details-that-fail-without-a-sound
// Fails: tool-only-first, tool-only-between, tool-only-last, ends-with-line-break, ends-with-blank-line,
//   generated-turns
// Diagnosis: break-for-empty-round, break-after-last, break-after-line-break, break-after-blank-line

export function joinRounds(texts: string[]): string {
  return texts.join('\n\n');
}
