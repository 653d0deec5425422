// Mistake: adds the missing line breaks before every round once something is shown, the rounds
// without text included: a turn whose last round only called a tool ends with a blank line.
// Lesson: /ga-ai/06d-one-call-per-round/#four-details-that-fail-without-a-sound
// Fails: tool-only-last, generated-turns
// Diagnosis: break-after-last

export function joinRounds(texts: string[]): string {
  let shown = '';
  for (const text of texts) {
    if (shown !== '' && !shown.endsWith('\n\n')) shown += shown.endsWith('\n') ? '\n' : '\n\n';
    shown += text;
  }
  return shown;
}
