// How deep the JSON of a capture may nest before the inspector refuses to read it. A capture is
// untrusted: `[` a hundred thousand times is valid JSON, which JSON.parse reads (V8's parser keeps
// its own stack), but every reader that walks a value afterwards (JSON.stringify of a tool call's
// input or of an error object, the course's own readers) recurses once per level and overflows the
// call stack. The lines (lines.ts) and the format's sign of a cut event (format.ts) ask it.

/**
 * The deepest an event's JSON may nest (objects and arrays within each other). JSON.parse reads any
 * depth, but what the course's readers do next with a value (JSON.stringify of a tool call's input,
 * of an error object) recurses once per level and overflows the call stack some thousands of levels
 * down, sooner in a worker; no API's event comes near this.
 */
export const MAX_JSON_DEPTH = 500;

/**
 * A body whose events hold JSON nested deeper than MAX_JSON_DEPTH: the inspector does not read it
 * (runInspect says why).
 */
export class JsonTooDeep extends Error {
  override name = 'JsonTooDeep';
  /** The line of the event (or of the part of a tool call) whose JSON nests too deep. */
  readonly line: number;
  constructor(line: number) {
    super(`the JSON of the event on line ${line} nests deeper than ${MAX_JSON_DEPTH} levels`);
    this.line = line;
  }
}

/**
 * Whether JSON text nests deeper than MAX_JSON_DEPTH: its brackets counted, strings skipped. JSON
 * that parses closes every bracket it opens, so a text of twice the limit or less cannot, and is not scanned.
 */
export function nestsTooDeep(text: string): boolean {
  if (text.length <= 2 * MAX_JSON_DEPTH) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > MAX_JSON_DEPTH) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return false;
}
