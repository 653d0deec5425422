// #starter
// // The text of each round of one turn, in order; a round that only called tools has ''. Return the
// // message the user sees: each round's text starting a paragraph of its own, so that a blank line
// // separates it from the text before it. Add only the line breaks that are missing, as `\n`; a
// // text's own line breaks may be `\n` or `\r\n` (a model may send either), each one line break.
// // This version joins them as they come.
// #solution
// The text of each round of one turn, in order; a round that only called tools has ''. Return the
// message the user sees: each round's text starting a paragraph of its own, so that a blank line
// separates it from the text before it. Add only the line breaks that are missing, as `\n`; a
// text's own line breaks may be `\n` or `\r\n` (a model may send either), each one line break.
// #end
export function joinRounds(texts: string[]): string {
  // #starter
  // return texts.join('');
  // #solution
  let shown = '';
  for (const text of texts) {
    // A round without text adds nothing, not even a break.
    if (text === '') continue;
    // How what is shown ends, each CRLF read as the one line break it is.
    const end = shown.replaceAll('\r\n', '\n');
    if (end !== '' && !end.endsWith('\n\n')) shown += end.endsWith('\n') ? '\n' : '\n\n';
    shown += text;
  }
  return shown;
  // #end
}
