// Mistake: counts the line break characters at the end of what is shown, "\r" and "\n" alike, and
// adds as many "\n" as make two: a text that ends with one CRLF counts as ending with a blank line,
// so the next text comes on the very next line, with no blank line between them.
// Lesson: /ga-ai/06d-one-call-per-round/#four-details-that-fail-without-a-sound
// Fails: generated-turns
// Diagnosis: crlf-counted-twice

export function joinRounds(texts: string[]): string {
  let shown = '';
  for (const text of texts) {
    if (text === '') continue;
    if (shown !== '') {
      const breaks = /[\r\n]*$/.exec(shown)![0].length;
      shown += '\n'.repeat(Math.max(0, 2 - breaks));
    }
    shown += text;
  }
  return shown;
}
