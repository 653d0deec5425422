// Mistake: writes the missing line breaks into the caller's array (`texts[i] = '\n\n' + texts[i]`),
// then joins it: the message is right, but the texts the caller passed are changed, and a caller
// that shows them again, or joins them again, doubles the breaks.
// Lesson: /ga-ai/06d-one-call-per-round/#four-details-that-fail-without-a-sound
// Fails: narrate-then-answer, tool-only-between, ends-with-line-break, ends-with-space, generated-turns
// Diagnosis: changed-argument

export function joinRounds(texts: string[]): string {
  let shown = '';
  for (let i = 0; i < texts.length; i++) {
    if (texts[i] === '') continue;
    const end = shown.replaceAll('\r\n', '\n');
    if (end !== '' && !end.endsWith('\n\n')) texts[i] = (end.endsWith('\n') ? '\n' : '\n\n') + texts[i];
    shown += texts[i];
  }
  return texts.join('');
}
