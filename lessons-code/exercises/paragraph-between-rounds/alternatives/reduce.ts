// Another right answer: the rounds with text, folded; the last line breaks of what is shown so far
// (at most two) replaced by exactly two.
export function joinRounds(texts: string[]): string {
  return texts
    .filter((text) => text.length > 0)
    .reduce((shown, text) => (shown === '' ? text : shown.replace(/\n{0,2}$/, '\n\n') + text), '');
}
