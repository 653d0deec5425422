// Pieces of lessons-code/ files, cut out of the real source (imported with ?raw) for display.

/** The declaration of `name` (function, const or class) with the comment lines right above it. */
export function declarationOf(source: string, name: string): string {
  const lines = source.split('\n');
  const start = lines.findIndex((line) => new RegExp(`^export (async function\\*? |function |const |class )${name}\\b`).test(line));
  if (start < 0) throw new Error(`declarationOf: ${name} is not declared at the top level`);
  let first = start;
  while (first > 0 && /^\s*(\/\/|\/\*\*|\*)/.test(lines[first - 1]!)) first--;
  let last = start;
  if (!/;\s*$/.test(lines[start]!) || lines[start]!.trimEnd().endsWith('{')) {
    last = lines.findIndex((line, i) => i > start && /^[}\]]/.test(line));
    if (last < 0) throw new Error(`declarationOf: the end of ${name} was not found`);
  }
  return lines.slice(first, last + 1).join('\n');
}
