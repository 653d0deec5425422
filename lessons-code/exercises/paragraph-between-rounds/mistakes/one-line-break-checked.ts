// Mistake: adds one line break after a text that ends with one and two after any other, forgetting
// the text that already ends with a blank line: it gets a third line break.
// Lesson: /ga-ai/06d-one-call-per-round/#four-details-that-fail-without-a-sound
// Fails: ends-with-blank-line, generated-turns
// Diagnosis: break-after-blank-line

export function joinRounds(texts: string[]): string {
  let shown = '';
  for (const text of texts) {
    if (text === '') continue;
    if (shown !== '') shown += shown.endsWith('\n') ? '\n' : '\n\n';
    shown += text;
  }
  return shown;
}
