// An answer in the style of GA. Rewrite it so that #743 splits it where no sentence ends:
// after "e.g. ", or after a list number such as "3. " at the start of a line.
export const answer = 'Play the root first. Then add the third.\n';

// A client that receives the chunks. This one appends them as they come, like the GaChatbot page.
// Make it treat each chunk as a unit: trim every chunk (as chatService does),
// or put a space or a line break between chunks.
export function render(chunks: string[]): string {
  return chunks.join('');
}
