// Mistake: appends each round's text to the message as it comes, as the page appends the chunks of
// one round: the last sentence of a round that narrates runs into the first of the answer.
// Lesson: /ga-ai/06d-one-call-per-round/#four-details-that-fail-without-a-sound
// Fails: narrate-then-answer, tool-only-between, ends-with-line-break, ends-with-space, generated-turns
// Diagnosis: glued, looked-at-previous-round

export function joinRounds(texts: string[]): string {
  let message = '';
  for (const text of texts) message += text;
  return message;
}
