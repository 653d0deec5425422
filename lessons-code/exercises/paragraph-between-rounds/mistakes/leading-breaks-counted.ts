// Mistake: counts the line breaks in the whitespace a new text starts with as part of the paragraph
// break, so a text that starts with spaces and a line break gets one line break too few before it.
// Lesson: /ga-ai/06d-one-call-per-round/#four-details-that-fail-without-a-sound
// Fails: generated-turns
// Diagnosis: leading-breaks-counted

export function joinRounds(texts: string[]): string {
  let shown = '';
  for (const text of texts) {
    if (text === '') continue;
    if (shown !== '') {
      const ending = shown.replaceAll('\r\n', '\n').match(/\n*$/)?.[0].length ?? 0;
      const starting = (text.match(/^\s*/)?.[0] ?? '').split('\n').length - 1;
      if (ending + starting < 2) shown += '\n'.repeat(2 - ending - starting);
    }
    shown += text;
  }
  return shown;
}
