// Mistake: decides the break from the text before rather than from what is shown: after a text
// that is a lone line break, put after a blank line, it adds one more, though the message already
// ends with a blank line.
// Lesson: /ga-ai/06d-one-call-per-round/#four-details-that-fail-without-a-sound
// Fails: generated-turns
// Diagnosis: looked-at-previous-text

export function joinRounds(texts: string[]): string {
  let shown = '';
  let previous = '';
  for (const text of texts) {
    if (text === '') continue;
    const end = previous.replaceAll('\r\n', '\n');
    if (end !== '' && !end.endsWith('\n\n')) shown += end.endsWith('\n') ? '\n' : '\n\n';
    shown += text;
    previous = text;
  }
  return shown;
}
