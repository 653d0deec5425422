// A client that trims the chunks in the caller's own array, then joins them: the text is right, but
// the chunks it was given are changed. Before it runs, it replaces every built-in a comparison of
// that array with a copy could use (structuredClone, Reflect's and Object's property readers,
// Object.is, Array.isArray, Function.prototype.toString, Array.prototype.push), so that a watch
// built on them would see no change. The watch captured its own before any learner code ran: each
// case that passes chunks with whitespace to trim fails, its changed chunk named.
/* eslint-disable @typescript-eslint/no-explicit-any */

const g = globalThis as any;
g.structuredClone = (value: unknown) => value;
Reflect.ownKeys = () => [];
Reflect.getOwnPropertyDescriptor = () => undefined;
Reflect.getPrototypeOf = () => null;
Object.getOwnPropertyDescriptor = () => undefined;
Object.keys = () => [];
Object.is = () => true;
Object.hasOwn = () => true;
(Array as any).isArray = () => false;
Function.prototype.toString = () => 'function () {}';
(Array.prototype as any).push = () => 0;

export const answer = 'Connect the two chords with a passing tone, e.g. a chromatic note between two chord tones.\n';

export function render(chunks: string[]): string {
  for (let i = 0; i < chunks.length; i++) chunks[i] = chunks[i]!.trim();
  return chunks.join('');
}
