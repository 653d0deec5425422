// #starter
// // An answer in the style of GA. Rewrite it so that #743 splits it where no sentence ends:
// // after "e.g. ", "i.e. ", "vs. " or "cf. ", or after a list number such as "3. " at the start
// // of a line.
// export const answer = 'Play the root first. Then add the third.\n';
// #solution
// #743 splits after "e.g. ": the sentence arrives in two chunks.
export const answer = 'Connect the two chords with a passing tone, e.g. a chromatic note between two chord tones.\n';
// #end

// #starter
// // A client that receives the chunks. This one appends them as they come, like the GaChatbot page.
// // Make it treat each chunk as a unit: trim every chunk (as chatService does),
// // or put a space or a line break between chunks left whole. Not both: trimmed chunks
// // joined by a space or a line break meet again as they came wherever #743 kept just that.
// #solution
// Trims every chunk, as chatService does: "e.g. " loses its space.
// #end
export function render(chunks: string[]): string {
  // #starter
  // return chunks.join('');
  // #solution
  return chunks.map((chunk) => chunk.trim()).join('');
  // #end
}
