// Mistake: replaces the line breaks at the end of what is shown with exactly two before each new
// text, with a pattern that takes every one of them ((\r?\n)*), not just the two or fewer that may
// be missing: a text that ends with three line breaks or more loses the extra ones, and one that
// ends with CRLF loses its CR.
// Lesson: /ga-ai/06d-one-call-per-round/#stream-every-round
// Fails: generated-turns
// Diagnosis: end-breaks-replaced

export function joinRounds(texts: string[]): string {
  let shown = '';
  for (const text of texts) {
    if (text === '') continue;
    shown = shown === '' ? text : shown.replace(/(?:\r?\n)*$/, '\n\n') + text;
  }
  return shown;
}
