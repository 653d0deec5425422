// One file holds an exercise's code: lessons-code/exercises/<id>/exercise.ts. As tsc and the tests
// import it, it is the reference solution; the starter, and any other right answer that differs from
// the reference in a few places, are written beside the lines they replace, in groups:
//
//   // #starter               the starter's lines, each commented out with `// `
//   // #solution              the reference's lines, live code
//   // #alternative <name>    an alternative answer's lines, commented out like the starter's
//   // #end
//
// Each variant keeps the lines outside the groups and, in each group, its own branch. Where a group
// has no branch for it, the starter gets nothing and an alternative gets the reference's lines (an
// alternative is a right answer that differs from the reference only where it says so).
//
// Comments are written once, in English. comments.<locale>.json beside exercise.ts gives each block
// of whole-line `//` comments in that language: its key is the English block's words joined by
// single spaces (so rewrapping the English keeps the key), its value the translated lines.

export type VariantName = 'starter' | 'solution' | `alternative:${string}`;

/** A comment block's translations: the English words, space-joined → the translated lines. */
export type CommentTable = Readonly<Record<string, readonly string[]>>;

const MARKER = /^\s*\/\/ #(starter|solution|alternative [\w-]+|end)\s*$/;

interface Group {
  readonly branches: Map<VariantName, string[]>;
}

type Part = string | Group;

/** The parts of an exercise file: lines shared by every variant, and groups of branches. */
function parse(source: string, file: string): Part[] {
  const parts: Part[] = [];
  let group: Group | null = null;
  let branch: VariantName | null = null;
  source.split('\n').forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    const marker = MARKER.exec(line)?.[1];
    if (marker === undefined) {
      if (group === null || branch === null) parts.push(line);
      else group.branches.get(branch)!.push(branch === 'solution' ? line : uncomment(line, where));
      return;
    }
    if (marker === 'end') {
      if (group === null) throw new Error(`${where}: // #end without a group`);
      parts.push(group);
      group = null;
      branch = null;
      return;
    }
    const name: VariantName = marker.startsWith('alternative ')
      ? `alternative:${marker.slice('alternative '.length)}`
      : (marker as 'starter' | 'solution');
    group ??= { branches: new Map() };
    if (group.branches.has(name)) throw new Error(`${where}: a second // #${marker} in one group`);
    group.branches.set(name, []);
    branch = name;
  });
  if (group !== null) throw new Error(`${file}: a group is not closed by // #end`);
  return parts;
}

/** `  //   code` → `    code`; a line that is only `//`, or blank, is an empty line. */
function uncomment(line: string, where: string): string {
  if (line.trim() === '') return '';
  const match = /^(\s*)\/\/(?: (.*))?$/.exec(line);
  if (match === null) throw new Error(`${where}: a line of a starter or alternative branch must start with //`);
  return match[2] === undefined ? '' : match[1]! + match[2];
}

/** The text of one variant of an exercise file, comments in English. */
export function variantOf(source: string, variant: VariantName, file = 'exercise.ts'): string {
  const lines: string[] = [];
  for (const part of parse(source, file)) {
    if (typeof part === 'string') {
      lines.push(part);
      continue;
    }
    const own = part.branches.get(variant);
    if (own !== undefined) lines.push(...own);
    else if (variant.startsWith('alternative:')) lines.push(...(part.branches.get('solution') ?? []));
  }
  return lines.join('\n');
}

/** The names of the alternative answers written into an exercise file. */
export function alternativesIn(source: string, file = 'exercise.ts'): string[] {
  const names = new Set<string>();
  for (const part of parse(source, file)) {
    if (typeof part === 'string') continue;
    for (const name of part.branches.keys())
      if (name.startsWith('alternative:')) names.add(name.slice('alternative:'.length));
  }
  return [...names];
}

export interface CommentBlock {
  /** The index of its first line. */
  readonly start: number;
  /** The index after its last line. */
  readonly end: number;
  readonly indent: string;
  /** Its words joined by single spaces: the key of its translations. */
  readonly key: string;
}

/** The blocks of whole-line `//` comments in a piece of code (consecutive lines with one indentation). */
export function commentBlocks(code: string): CommentBlock[] {
  const lines = code.split('\n');
  const blocks: CommentBlock[] = [];
  for (let i = 0; i < lines.length; ) {
    const indent = commentIndent(lines[i]!);
    if (indent === undefined) {
      i++;
      continue;
    }
    const start = i;
    const words: string[] = [];
    for (; i < lines.length && commentIndent(lines[i]!) === indent; i++) {
      const text = lines[i]!.slice(indent.length + 2).trim();
      if (text !== '') words.push(text);
    }
    blocks.push({ start, end: i, indent, key: words.join(' ') });
  }
  return blocks;
}

/** The indentation of a whole-line `//` comment, or undefined for any other line. */
function commentIndent(line: string): string | undefined {
  return /^(\s*)\/\/(?: |$)/.exec(line)?.[1];
}

/**
 * The code with each comment block replaced by its translation. `missing` lists the blocks the
 * table has no entry for (they stay in English).
 */
export function translateComments(code: string, table: CommentTable): { code: string; missing: string[] } {
  const lines = code.split('\n');
  const missing: string[] = [];
  // From the last block to the first, so that the indices of the blocks still to do hold.
  for (const block of commentBlocks(code).reverse()) {
    const translated = Object.hasOwn(table, block.key) ? table[block.key] : undefined;
    if (translated === undefined) {
      missing.unshift(block.key);
      continue;
    }
    lines.splice(
      block.start,
      block.end - block.start,
      ...translated.map((line) => (line === '' ? block.indent + '//' : `${block.indent}// ${line}`)),
    );
  }
  return { code: lines.join('\n'), missing };
}

/** One variant of an exercise file in a language: comments translated where the table has them. */
export function localVariant(
  source: string,
  variant: VariantName,
  comments: CommentTable | undefined,
  file = 'exercise.ts',
): { code: string; missing: string[] } {
  const code = variantOf(source, variant, file);
  return comments === undefined ? { code, missing: [] } : translateComments(code, comments);
}
