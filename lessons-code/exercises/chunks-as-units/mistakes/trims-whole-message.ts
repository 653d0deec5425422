// Mistake: the client appends the chunks as they come and trims the whole message once, at the
// end; only the message's ends change, and where #743 split after the list number the chunks
// still meet as they came.
// Lesson: /ga-ai/06-answer-on-the-wire/#sentences
// Fails: render-changes, render-generated
// Diagnosis: trimmed-whole-text

export const answer = 'Three steps:\n1. Play the root.\n2. Add the third.\n';

export function render(chunks: string[]): string {
  let message = '';
  for (const chunk of chunks) message += chunk;
  return message.trimEnd();
}
