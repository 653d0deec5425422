// A small text diff for the demos: what the user gets against the answer GA computed. Lines first
// (Myers' O(ND) shortest edit script), then each changed block again character by character, so a
// lost line break shows as one removed LF rather than two whole lines swapped. Every search has a
// bound on its edit distance: past it, the block stays "these lines removed, those added".

export type DiffKind = 'same' | 'removed' | 'added';

export interface DiffPart {
  kind: DiffKind;
  text: string;
}

export interface TextDiff {
  /** In order; joining the `same` and `removed` parts gives the original, `same` and `added` the other text. */
  parts: DiffPart[];
  /** Characters (UTF-16 code units) removed from the original and added to it. */
  removed: number;
  added: number;
}

export interface DiffOptions {
  /** The largest number of line edits searched for; past it, the whole middle is one change. */
  maxLineEdits?: number;
  /** The largest changed block, in characters, refined character by character. */
  maxCharBlock?: number;
  /** The largest number of character edits searched for in one block. */
  maxCharEdits?: number;
}

type Edit = 0 | 1 | 2; // same, removed (from a), added (from b)

/**
 * Myers' shortest edit script from `a` to `b`, or null when it needs more than `maxD` edits.
 * Memory: the frontier of every step, about maxD² integers at worst.
 */
export function shortestEdit<T>(a: readonly T[], b: readonly T[], maxD: number): Edit[] | null {
  const n = a.length;
  const m = b.length;
  const max = Math.min(maxD, n + m);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    // The frontier before step d, for k in [-d-1, d+1]: enough to walk back through this step.
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, n, m, d);
    }
  }
  return null;
}

function backtrack(trace: Int32Array[], n: number, m: number, dEnd: number): Edit[] {
  const script: Edit[] = [];
  let x = n;
  let y = m;
  for (let d = dEnd; d > 0; d--) {
    const frontier = trace[d]!; // index k + d + 1
    const at = (k: number) => frontier[k + d + 1]!;
    const k = x - y;
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      script.push(0);
      x--;
      y--;
    }
    script.push(x === prevX ? 2 : 1);
    x = prevX;
    y = prevY;
  }
  while (x > 0) {
    script.push(0);
    x--;
  }
  return script.reverse();
}

/** The text cut after each LF, every line keeping its LF (the last one may have none). */
function splitLines(text: string): string[] {
  const lines: string[] = [];
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', start)) {
    lines.push(text.slice(start, i + 1));
    start = i + 1;
  }
  if (start < text.length) lines.push(text.slice(start));
  return lines;
}

function push(parts: DiffPart[], kind: DiffKind, text: string): void {
  if (text === '') return;
  const last = parts[parts.length - 1];
  if (last && last.kind === kind) last.text += text;
  else parts.push({ kind, text });
}

/** Applies an edit script over token arrays, appending the parts. */
function applyScript(parts: DiffPart[], script: Edit[], a: readonly string[], b: readonly string[]): void {
  let i = 0;
  let j = 0;
  for (const edit of script) {
    if (edit === 0) {
      push(parts, 'same', a[i++]!);
      j++;
    } else if (edit === 1) push(parts, 'removed', a[i++]!);
    else push(parts, 'added', b[j++]!);
  }
}

/** One changed block, refined character by character when it is small and the result is readable. */
function refine(parts: DiffPart[], removed: string, added: string, maxBlock: number, maxEdits: number): void {
  if (removed === '' || added === '' || removed.length + added.length > maxBlock) {
    push(parts, 'removed', removed);
    push(parts, 'added', added);
    return;
  }
  const a = Array.from(removed); // code points: a surrogate pair is never cut in two
  const b = Array.from(added);
  const script = shortestEdit(a, b, Math.min(maxEdits, Math.floor((a.length + b.length) * 0.6)));
  if (script === null) {
    push(parts, 'removed', removed);
    push(parts, 'added', added);
    return;
  }
  applyScript(parts, script, a, b);
}

/** The changes that turn `original` into `other`. */
export function diffText(original: string, other: string, options: DiffOptions = {}): TextDiff {
  const { maxLineEdits = 2000, maxCharBlock = 40_000, maxCharEdits = 2000 } = options;
  const a = splitLines(original);
  const b = splitLines(other);
  // The common head and tail cost nothing to find and need no search.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);

  // Line edits first: runs of removed and added lines form the blocks to refine.
  const lineParts: DiffPart[] = [];
  const script = shortestEdit(midA, midB, maxLineEdits);
  if (script === null) {
    push(lineParts, 'removed', midA.join(''));
    push(lineParts, 'added', midB.join(''));
  } else applyScript(lineParts, script, midA, midB);

  const parts: DiffPart[] = [];
  push(parts, 'same', a.slice(0, head).join(''));
  let removed = '';
  let added = '';
  const flush = () => {
    refine(parts, removed, added, maxCharBlock, maxCharEdits);
    removed = '';
    added = '';
  };
  for (const part of lineParts) {
    if (part.kind === 'removed') removed += part.text;
    else if (part.kind === 'added') added += part.text;
    else {
      flush();
      push(parts, 'same', part.text);
    }
  }
  flush();
  push(parts, 'same', a.slice(a.length - tail).join(''));

  const clean = parts.length <= MAX_CLEANUP_PARTS ? cleanup(parts) : parts;
  let removedCount = 0;
  let addedCount = 0;
  for (const part of clean) {
    if (part.kind === 'removed') removedCount += part.text.length;
    else if (part.kind === 'added') addedCount += part.text.length;
  }
  return { parts: clean, removed: removedCount, added: addedCount };
}

/** Past this many parts the diff is shown as found: the cleanup's passes cost O(parts²). */
const MAX_CLEANUP_PARTS = 4000;

/**
 * A shortest script is not always the one a reader expects: `"\n\n- **Am** …\n"` removed can come
 * out as `"\n\n"` removed, `"- **"` kept, `"Am** …\n- **"` removed. Two steps, after Google's
 * diff-match-patch: an unchanged stretch no longer than the changes on both sides of it becomes a
 * change, and a lone change slides along its context to the most natural boundaries (line ends
 * first, then blanks, then punctuation).
 */
function cleanup(input: DiffPart[]): DiffPart[] {
  let parts = normalize(input);
  for (let changed = true; changed; ) {
    changed = false;
    for (let i = 1; i < parts.length - 1; i++) {
      const part = parts[i]!;
      if (part.kind !== 'same') continue;
      const before = editSizes(parts, i, -1);
      const after = editSizes(parts, i, 1);
      if (part.text.length <= Math.max(before.removed, before.added) && part.text.length <= Math.max(after.removed, after.added)) {
        parts.splice(i, 1, { kind: 'removed', text: part.text }, { kind: 'added', text: part.text });
        parts = normalize(parts);
        changed = true;
        break;
      }
    }
  }
  for (let i = 1; i < parts.length - 1; i++) {
    if (parts[i]!.kind !== 'same' && parts[i - 1]!.kind === 'same' && parts[i + 1]!.kind === 'same') slide(parts, i);
  }
  const merged: DiffPart[] = [];
  for (const part of parts) push(merged, part.kind, part.text);
  return merged;
}

/** The sizes of the changes next to the unchanged part at `at`, on one side. */
function editSizes(parts: DiffPart[], at: number, step: 1 | -1): { removed: number; added: number } {
  const sizes = { removed: 0, added: 0 };
  for (let i = at + step; i >= 0 && i < parts.length && parts[i]!.kind !== 'same'; i += step) sizes[parts[i]!.kind as 'removed' | 'added'] += parts[i]!.text.length;
  return sizes;
}

/** Each run of changes as one removed then one added part, their common start and end moved out as unchanged. */
function normalize(parts: readonly DiffPart[]): DiffPart[] {
  const out: DiffPart[] = [];
  let removed = '';
  let added = '';
  const flush = () => {
    let prefix = 0;
    const limit = Math.min(removed.length, added.length);
    while (prefix < limit && removed.charCodeAt(prefix) === added.charCodeAt(prefix)) prefix++;
    if (prefix > 0 && isHighSurrogate(removed.charCodeAt(prefix - 1))) prefix--;
    let suffix = 0;
    while (suffix < limit - prefix && removed.charCodeAt(removed.length - 1 - suffix) === added.charCodeAt(added.length - 1 - suffix)) suffix++;
    if (suffix > 0 && isLowSurrogate(removed.charCodeAt(removed.length - suffix))) suffix--;
    push(out, 'same', removed.slice(0, prefix));
    push(out, 'removed', removed.slice(prefix, removed.length - suffix));
    push(out, 'added', added.slice(prefix, added.length - suffix));
    push(out, 'same', removed.slice(removed.length - suffix));
    removed = '';
    added = '';
  };
  for (const part of parts) {
    if (part.kind === 'removed') removed += part.text;
    else if (part.kind === 'added') added += part.text;
    else {
      flush();
      push(out, 'same', part.text);
    }
  }
  flush();
  return out;
}

const isHighSurrogate = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLowSurrogate = (c: number) => c >= 0xdc00 && c <= 0xdfff;
const isSurrogate = (c: number) => c >= 0xd800 && c <= 0xdfff;

/** How natural a cut between `left` and `right` is: 6 at an end, 5 at a blank line … 0 inside a word. */
function boundaryScore(left: string, right: string): number {
  if (left === '' || right === '') return 6;
  const a = left[left.length - 1]!;
  const b = right[0]!;
  const nonWord1 = !/[\p{L}\p{N}]/u.test(a);
  const nonWord2 = !/[\p{L}\p{N}]/u.test(b);
  const space1 = nonWord1 && /\s/.test(a);
  const space2 = nonWord2 && /\s/.test(b);
  const break1 = space1 && (a === '\n' || a === '\r');
  const break2 = space2 && (b === '\n' || b === '\r');
  if ((break1 && /\n\r?\n$/.test(left)) || (break2 && /^\r?\n\r?\n/.test(right))) return 5;
  if (break1 || break2) return 4;
  if (nonWord1 && !space1 && space2) return 3;
  if (space1 || space2) return 2;
  if (nonWord1 || nonWord2) return 1;
  return 0;
}

const MAX_SLIDE = 200;

/** Slides the change at `i` (between two unchanged parts) to its best-scoring position. */
function slide(parts: DiffPart[], i: number): void {
  let left = parts[i - 1]!.text;
  let edit = parts[i]!.text;
  let right = parts[i + 1]!.text;
  // As far left as the change can go, one UTF-16 unit at a time, never through a surrogate.
  let steps = 0; // a change inside a long repeat (1 MB of line breaks) slides a bounded distance
  while (steps++ < MAX_SLIDE && left !== '' && left[left.length - 1] === edit[edit.length - 1] && !isSurrogate(left.charCodeAt(left.length - 1))) {
    const c = left[left.length - 1]!;
    left = left.slice(0, -1);
    edit = c + edit.slice(0, -1);
    right = c + right;
  }
  let best = { left, edit, right, score: boundaryScore(left, edit) + boundaryScore(edit, right) };
  // Then right, step by step, keeping the best (the rightmost of equals).
  steps = 0;
  while (steps++ < 2 * MAX_SLIDE && right !== '' && edit[0] === right[0] && !isSurrogate(right.charCodeAt(0))) {
    const c = right[0]!;
    left += c;
    edit = edit.slice(1) + c;
    right = right.slice(1);
    const score = boundaryScore(left, edit) + boundaryScore(edit, right);
    if (score >= best.score) best = { left, edit, right, score };
  }
  parts[i - 1] = { kind: 'same', text: best.left };
  parts[i] = { kind: parts[i]!.kind, text: best.edit };
  parts[i + 1] = { kind: 'same', text: best.right };
}

export interface ShownDiffPart extends DiffPart {
  /** For a `same` part cut in the middle: how many characters were left out there. */
  skipped?: number;
}

/**
 * The diff as a page shows it: long unchanged stretches cut to `context` characters on each side
 * of a change, long changes cut to `maxPart` characters, and at most `maxParts` parts.
 */
export function clipDiff(
  parts: readonly DiffPart[],
  { context = 80, maxPart = 2000, maxParts = 200 }: { context?: number; maxPart?: number; maxParts?: number } = {},
): { parts: ShownDiffPart[]; more: number } {
  const shown: ShownDiffPart[] = [];
  const count = Math.min(parts.length, maxParts);
  for (let i = 0; i < count; i++) {
    const part = parts[i]!;
    if (part.kind !== 'same') {
      const cut = safeCut(part.text, maxPart);
      if (part.text.length > maxPart) shown.push({ kind: part.kind, text: part.text.slice(0, cut), skipped: part.text.length - cut });
      else shown.push({ kind: part.kind, text: part.text });
      continue;
    }
    const keepHead = i > 0 || parts.length === 1 ? context : 0; // after a change: its context
    const keepTail = i < parts.length - 1 ? context : 0; // before a change
    if (part.text.length <= keepHead + keepTail + 20) {
      shown.push({ kind: 'same', text: part.text });
      continue;
    }
    const cutHead = safeCut(part.text, keepHead);
    const cutTail = safeCut(part.text, part.text.length - keepTail);
    if (cutHead > 0) shown.push({ kind: 'same', text: part.text.slice(0, cutHead) });
    shown.push({ kind: 'same', text: '', skipped: cutTail - cutHead });
    if (cutTail < part.text.length) shown.push({ kind: 'same', text: part.text.slice(cutTail) });
  }
  return { parts: shown, more: parts.length - count };
}

/** `at`, moved back by one if it would cut a surrogate pair in two. */
function safeCut(text: string, at: number): number {
  if (at <= 0 || at >= text.length) return Math.max(0, Math.min(at, text.length));
  const c = text.charCodeAt(at);
  const before = text.charCodeAt(at - 1);
  return c >= 0xdc00 && c <= 0xdfff && before >= 0xd800 && before <= 0xdbff ? at - 1 : at;
}
