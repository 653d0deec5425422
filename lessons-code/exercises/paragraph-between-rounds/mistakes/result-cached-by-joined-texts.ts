// Mistake: remembers each message under the turn's texts joined into one string, in a Map kept
// outside the function, and gives the remembered message back when the same joined text comes
// again: a turn with the same words split into rounds another way gets the other turn's breaks.
// Lesson: /ga-ai/06d-one-call-per-round/#four-details-that-fail-without-a-sound
// Fails: one-round, generated-turns
// Diagnosis: result-of-earlier-call

const messages = new Map<string, string>();

export function joinRounds(texts: string[]): string {
  const joined = texts.join('');
  const known = messages.get(joined);
  if (known !== undefined) return known;
  let shown = '';
  for (const text of texts) {
    if (text === '') continue;
    const end = shown.replaceAll('\r\n', '\n');
    if (end !== '' && !end.endsWith('\n\n')) shown += end.endsWith('\n') ? '\n' : '\n\n';
    shown += text;
  }
  messages.set(joined, shown);
  return shown;
}
