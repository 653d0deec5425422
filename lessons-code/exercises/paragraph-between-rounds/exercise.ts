// #starter
// // The text of each round of one turn, in order; a round that only called tools has ''. Return the
// // message the user sees: each round's text starting a paragraph of its own, so that a blank line
// // separates it from the text before it. Add only the line breaks that are missing. This version
// // joins them as they come.
// #solution
// The text of each round of one turn, in order; a round that only called tools has ''. Return the
// message the user sees: each round's text starting a paragraph of its own, so that a blank line
// separates it from the text before it. Add only the line breaks that are missing.
// #end
export function joinRounds(texts: string[]): string {
  // #starter
  // return texts.join('');
  // #solution
  let shown = '';
  for (const text of texts) {
    // A round without text adds nothing, not even a break.
    if (text === '') continue;
    if (shown !== '' && !shown.endsWith('\n\n')) shown += shown.endsWith('\n') ? '\n' : '\n\n';
    shown += text;
  }
  return shown;
  // #end
}
