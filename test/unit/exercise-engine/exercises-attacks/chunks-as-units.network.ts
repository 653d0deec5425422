// Reaches for the network while loading: fetch, importScripts, XMLHttpRequest. They are switched
// off in an exercise; the TypeError is the verdict.
/* eslint-disable @typescript-eslint/no-explicit-any */

const g = globalThis as any;
void g.fetch('/ga-ai/06-answer-on-the-wire/');
g.importScripts('/evil.js');
new g.XMLHttpRequest();

export const answer = 'Connect the two chords with a passing tone, e.g. a chromatic note.\n';
export function render(chunks: string[]): string {
  return chunks.map((chunk) => chunk.trim()).join('');
}
