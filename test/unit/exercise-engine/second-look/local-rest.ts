// The right answer to the fixture of module-level-rest.ts: what is left over stays inside the call.

/** The complete lines of the chunks joined (each ends with LF); an unfinished last line is left out. */
export function lines(chunks: string[]): string[] {
  const parts = chunks.join('').split('\n');
  parts.pop();
  return parts;
}
