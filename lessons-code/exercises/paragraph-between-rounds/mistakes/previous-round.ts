// Mistake: decides the break from the round before instead of from the message so far: after a
// round without text, it sees nothing to separate, and glues the next text to the one before.
// Lesson: /ga-ai/06d-one-call-per-round/#four-details-that-fail-without-a-sound
// Fails: tool-only-between, generated-turns
// Diagnosis: looked-at-previous-round

export function joinRounds(texts: string[]): string {
  let shown = '';
  let previous = '';
  for (const text of texts) {
    if (previous !== '' && text !== '' && !previous.endsWith('\n\n')) {
      shown += previous.endsWith('\n') ? '\n' : '\n\n';
    }
    shown += text;
    previous = text;
  }
  return shown;
}
