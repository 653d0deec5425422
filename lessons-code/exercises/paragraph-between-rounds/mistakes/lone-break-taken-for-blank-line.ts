// Mistake: splits what is shown into lines and takes "the last two lines are empty" for a blank
// line. That holds for every blank line, but also for what is shown when it is only one line
// break: "\n" splits into two empty lines, so after a round whose text is a lone line break no
// break is added, and the next text starts on the next line instead of a paragraph of its own.
// Lesson: /ga-ai/06d-one-call-per-round/#four-details-that-fail-without-a-sound
// Fails: generated-turns
// Diagnosis: lone-break-taken-for-blank-line

export function joinRounds(texts: string[]): string {
  let shown = '';
  for (const text of texts) {
    if (text === '') continue;
    if (shown !== '') {
      const lines = shown.split(/\r?\n/);
      const lastEmpty = lines[lines.length - 1] === '';
      const blankLine = lastEmpty && lines.length >= 2 && lines[lines.length - 2] === '';
      if (!blankLine) shown += lastEmpty ? '\n' : '\n\n';
    }
    shown += text;
  }
  return shown;
}
