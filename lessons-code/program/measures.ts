// The measures the program prints (facts.md §7).

/** Lines of text: LF-separated lines that are not blank once trimmed. */
export function countLines(text: string): number {
  let n = 0;
  for (const line of text.split('\n')) if (line.trim() !== '') n++;
  return n;
}

/** Line breaks: the number of LF characters. */
export function countBreaks(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** How the text a user got differs from the original: `exact`, what is missing, or `differs`. */
export function compare(original: string, got: string): string {
  if (original === got) return 'exact';
  const lines = original.split('\n').map((line) => line.trim()).filter((line) => line !== '');
  // Each distinct line is looked for once: a long answer repeats lines, and each search scans `got`.
  const found = new Map<string, boolean>();
  const missing = lines.filter((line) => {
    let present = found.get(line);
    if (present === undefined) found.set(line, (present = got.includes(line)));
    return !present;
  }).length;
  const parts: string[] = [];
  if (missing > 0) parts.push(`${missing} of ${lines.length} lines missing`);
  const lostBreaks = countBreaks(original) - countBreaks(got);
  if (lostBreaks > 0) parts.push(`${lostBreaks} line breaks missing`);
  return parts.length > 0 ? parts.join(', ') : 'differs';
}

/** A string in double quotes with its backslashes, quotes, CRs and LFs escaped; the rest raw. */
export function show(text: string): string {
  return '"' + text.replace(/[\\"\r\n]/g, (c) => (c === '\\' ? '\\\\' : c === '"' ? '\\"' : c === '\r' ? '\\r' : '\\n')) + '"';
}
