// Another right answer: the rounds with text, folded; the line breaks that end what is shown so far
// counted (at most two, each `\n` or `\r\n`), and as many `\n` added as make two.
export function joinRounds(texts: string[]): string {
  return texts
    .filter((text) => text.length > 0)
    .reduce((shown, text) => {
      if (shown === '') return text;
      const breaks = (/(?:\r?\n){0,2}$/.exec(shown)?.[0] ?? '').split('\n').length - 1;
      return shown + '\n'.repeat(2 - breaks) + text;
    }, '');
}
