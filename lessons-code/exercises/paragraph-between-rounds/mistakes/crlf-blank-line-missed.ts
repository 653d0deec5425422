// Mistake: decides the break from "\n\n" and "\n" at the end of what is shown, as though every line
// ended with LF: a text that ends with a blank line written with CRLF ("\r\n\r\n") does not end
// with "\n\n", so one more line break is added after a blank line the user already has.
// Lesson: /ga-ai/06d-one-call-per-round/#four-details-that-fail-without-a-sound
// Fails: generated-turns
// Diagnosis: crlf-blank-line-missed

export function joinRounds(texts: string[]): string {
  let shown = '';
  for (const text of texts) {
    if (text === '') continue;
    if (shown !== '') {
      if (/\n\n$/.test(shown)) {
        // A blank line is there already.
      } else if (/\n$/.test(shown)) shown += '\n';
      else shown += '\n\n';
    }
    shown += text;
  }
  return shown;
}
