// Mistake: puts the missing line breaks after every text rather than before the next, then calls
// trimEnd() on the message to take back the break after the last one. trimEnd() takes more: the
// space or the line break the last text ended with, which was on screen (a stopped turn can end so).
// Lesson: /ga-ai/06d-one-call-per-round/#stream-every-round
// Fails: generated-turns
// Diagnosis: end-trimmed

export function joinRounds(texts: string[]): string {
  let message = '';
  for (const text of texts) {
    if (text === '') continue;
    message += text;
    const end = message.replaceAll('\r\n', '\n');
    if (end.endsWith('\n\n')) continue;
    message += end.endsWith('\n') ? '\n' : '\n\n';
  }
  return message.trimEnd();
}
