// Mistake: skips a round whose text is only whitespace, as if it were a round without text; but
// that whitespace was on the user's screen, and the message loses it.
// Lesson: /ga-ai/06d-one-call-per-round/#stream-every-round
// Fails: generated-turns
// Diagnosis: blank-text-dropped

export function joinRounds(texts: string[]): string {
  let shown = '';
  for (const text of texts) {
    if (text.trim() === '') continue;
    const end = shown.replaceAll('\r\n', '\n');
    if (end !== '' && !end.endsWith('\n\n')) shown += end.endsWith('\n') ? '\n' : '\n\n';
    shown += text;
  }
  return shown;
}
