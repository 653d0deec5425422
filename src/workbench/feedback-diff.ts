// Where a failing case's expected value and the learner's differ, worked out as data for the
// workbench to mark (exercise-render.ts, feedback-render.ts): two texts character by character, long
// common stretches folded, labelled fields one by one, tables row by row and cell by cell. Pure
// functions, no DOM. Two values that share little are marked whole, each as one change
// (`unrelated`).
//
// The texts are mostly code notation (`"a\r\nb"`, see src/exercise-engine/values.ts), so they are
// compared as tokens: an escape (`\n`, `\u00a0`) or one code point. A mark never cuts an escape in
// two, nor a surrogate pair. The search is jsdiff's (the `diff` package, as
// src/widgets/shared/text-diff.ts uses it, one module of it), bounded in edits and in time: past the
// bound, the part between the common start and the common end is marked whole. (text-diff.ts itself
// compares lines first, which code notation on one line does not need, and checks its arguments
// with lessons-code, which the workbench's bundle does not carry.)

import { diffArrays } from 'diff/lib/diff/array.js';
import type { Shown } from '../../lessons-code/index.ts';

export type DiffKind = 'same' | 'removed' | 'added';

/**
 * One run of a comparison of two texts: `same` in both, `removed` only in the expected one, `added`
 * only in the learner's. Joining the `same` and `removed` runs gives the expected text; the `same`
 * and `added` ones, the learner's.
 */
export interface DiffPart {
  kind: DiffKind;
  text: string;
}

/** A run as the page shows it: a long `same` run may be folded into `fold` (its text kept to unfold it). */
export type ShownPart = DiffPart | { kind: 'fold'; text: string; length: number };

export interface DiffBounds {
  /** The most tokens (both texts' middles together) searched at all; past it, the middle is one change. */
  maxTokens?: number;
  /** The most edits searched for. */
  maxEdits?: number;
  /** Milliseconds the search may take. */
  timeoutMs?: number;
}

const TOKEN = /\\u\{[0-9a-fA-F]{1,6}\}|\\u[0-9a-fA-F]{4}|\\x[0-9a-fA-F]{2}|\\[\s\S]|[\s\S]/gu;

/** A text as the tokens it is compared by: escapes whole, code points whole. */
export function tokens(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

/** A change: what only the expected text has there, and what only the learner's has. */
type Segment = { same: string[] } | { removed: string[]; added: string[] };

const MAX_PASSES = 8;

/** Adjacent segments of the same sort joined, empty ones dropped. */
function normalize(segments: readonly Segment[]): Segment[] {
  const out: Segment[] = [];
  for (const segment of segments) {
    const last = out[out.length - 1];
    if ('same' in segment) {
      if (segment.same.length === 0) continue;
      if (last && 'same' in last) last.same = last.same.concat(segment.same);
      else out.push({ same: [...segment.same] });
    } else {
      if (segment.removed.length === 0 && segment.added.length === 0) continue;
      if (last && !('same' in last)) {
        last.removed = last.removed.concat(segment.removed);
        last.added = last.added.concat(segment.added);
      } else out.push({ removed: [...segment.removed], added: [...segment.added] });
    }
  }
  return out;
}

/** How many tokens two lists share at their start, and then at their end. */
function common(a: readonly string[], b: readonly string[]): { head: number; tail: number } {
  const limit = Math.min(a.length, b.length);
  let head = 0;
  while (head < limit && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < limit - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  return { head, tail };
}

/** The common start and end of each change's two sides moved out as unchanged tokens. */
function factorOut(segments: readonly Segment[]): Segment[] {
  const out: Segment[] = [];
  for (const segment of segments) {
    if ('same' in segment) {
      out.push(segment);
      continue;
    }
    const { removed, added } = segment;
    const { head, tail } = common(removed, added);
    out.push(
      { same: removed.slice(0, head) },
      { removed: removed.slice(head, removed.length - tail), added: added.slice(head, added.length - tail) },
      { same: removed.slice(removed.length - tail) },
    );
  }
  return normalize(out);
}

/** A change that only removes, or only adds. */
const pure = (segment: { removed: string[]; added: string[] }): 'removed' | 'added' | null =>
  segment.added.length === 0 ? 'removed' : segment.removed.length === 0 ? 'added' : null;

/**
 * One pass of the "semantic cleanup" of Google's diff-match-patch: an unchanged stretch no longer
 * than the larger side of the change before it and of the one after joins them, so that a word
 * changed for another is one mark rather than letters here and there. Between two removals (or two
 * additions) it joins them only if the three are then one removal (`-d =a -ta: a` is `-data: ` and
 * `a`): `data: ` missing twice stays two marks, not one change of everything between.
 */
function absorbSmallEqualities(segments: readonly Segment[]): { segments: Segment[]; changed: boolean } {
  const out: Segment[] = [];
  let changed = false;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    const before = out[out.length - 1];
    const after = segments[i + 1];
    if ('same' in segment && before && !('same' in before) && after && !('same' in after)) {
      const size = segment.same.length;
      const removed = before.removed.concat(segment.same, after.removed);
      const added = before.added.concat(segment.same, after.added);
      const alike = pure(before) !== null && pure(before) === pure(after);
      const { head, tail } = common(removed, added);
      if (
        (!alike || Math.min(removed.length, added.length) === head + tail) &&
        size <= Math.max(before.removed.length, before.added.length) &&
        size <= Math.max(after.removed.length, after.added.length)
      ) {
        // The joined change with its common start and end moved out again, so that the next
        // stretch is weighed against what is left of it.
        out.pop();
        out.push(...factorOut([{ removed, added }]));
        i++;
        changed = true;
        continue;
      }
    }
    out.push('same' in segment ? { same: segment.same } : { removed: segment.removed, added: segment.added });
  }
  return { segments: out, changed };
}

/**
 * How `expected` and `actual` differ, token by token, within bounds whatever the texts: the common
 * start and end cost nothing to find; the middle is searched up to `maxEdits` edits and `timeoutMs`,
 * and marked whole past them.
 */
export function charDiff(expected: string, actual: string, bounds: DiffBounds = {}): DiffPart[] {
  const { maxTokens = 20_000, maxEdits = 1000, timeoutMs = 250 } = bounds;
  const a = tokens(expected);
  const b = tokens(actual);
  const limit = Math.min(a.length, b.length);
  let head = 0;
  while (head < limit && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < limit - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  let segments: Segment[] = [{ same: a.slice(0, head) }];
  const changes =
    midA.length === 0 || midB.length === 0 || midA.length + midB.length > maxTokens
      ? undefined
      : diffArrays(midA, midB, { maxEditLength: maxEdits, timeout: timeoutMs });
  if (changes === undefined) segments.push({ removed: midA, added: midB });
  else
    for (const change of changes) {
      if (change.added) segments.push({ removed: [], added: change.value });
      else if (change.removed) segments.push({ removed: change.value, added: [] });
      else segments.push({ same: change.value });
    }
  segments.push({ same: a.slice(a.length - tail) });
  segments = factorOut(normalize(segments));
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const absorbed = absorbSmallEqualities(segments);
    segments = factorOut(normalize(absorbed.segments));
    if (!absorbed.changed) break;
  }
  if (unrelated(a, b, segments)) return wholeChange(expected, actual);
  const parts: DiffPart[] = [];
  for (const segment of segments) {
    if ('same' in segment) parts.push({ kind: 'same', text: segment.same.join('') });
    else {
      if (segment.removed.length > 0) parts.push({ kind: 'removed', text: segment.removed.join('') });
      if (segment.added.length > 0) parts.push({ kind: 'added', text: segment.added.join('') });
    }
  }
  return parts;
}

/**
 * Tokens that only frame a value in code notation (quotes, brackets, braces, commas, spaces): two
 * values share them whatever they hold, so they do not make two values alike.
 */
const FRAMING = new Set(['"', "'", '`', '[', ']', '{', '}', '(', ')', ',', ' ']);
const content = (list: readonly string[]): number => list.filter((token) => !FRAMING.has(token)).length;

/**
 * Whether two values have too little in common for a mark inside them to mean anything: the diff
 * replaces something (it does not only add or only remove, which says exactly what is missing or
 * extra) and less than half of the longer value's content is shared. `"a"` against `"xyz"`, `true`
 * against `false`, `"neither"` against `"both"`: each is one change, not letters here and there.
 */
function unrelated(a: readonly string[], b: readonly string[], segments: readonly Segment[]): boolean {
  let removes = false;
  let adds = false;
  let shared = 0;
  for (const segment of segments) {
    if ('same' in segment) shared += content(segment.same);
    else {
      removes ||= segment.removed.length > 0;
      adds ||= segment.added.length > 0;
    }
  }
  return removes && adds && 2 * shared < Math.max(content(a), content(b));
}

/** The expected text marked whole as removed, the learner's whole as added. */
const wholeChange = (expected: string, actual: string): DiffPart[] => [
  ...(expected === '' ? [] : [{ kind: 'removed' as const, text: expected }]),
  ...(actual === '' ? [] : [{ kind: 'added' as const, text: actual }]),
];

/** Whether two texts are long enough for their common stretches to be folded (both over `threshold` characters). */
export const worthFolding = (expected: string, actual: string, threshold = 600): boolean =>
  expected.length > threshold && actual.length > threshold;

/**
 * The runs as the page shows them: each `same` run longer than its context folded, keeping
 * `context` tokens after the change before it and before the change after it (at the very start,
 * only what leads to the first change; at the very end, only what follows the last). A fold
 * shorter than `minFold` tokens is not worth its button: the run stays whole.
 */
export function foldParts(
  parts: readonly DiffPart[],
  { context = 80, minFold = 40 }: { context?: number; minFold?: number } = {},
): ShownPart[] {
  const shown: ShownPart[] = [];
  parts.forEach((part, i) => {
    if (part.kind !== 'same') {
      shown.push(part);
      return;
    }
    const alone = parts.length === 1;
    const keepHead = i > 0 || alone ? context : 0;
    const keepTail = i < parts.length - 1 ? context : 0;
    const list = tokens(part.text);
    if (list.length < keepHead + keepTail + minFold) {
      shown.push(part);
      return;
    }
    const head = list.slice(0, keepHead).join('');
    const folded = list.slice(keepHead, list.length - keepTail);
    const tail = list.slice(list.length - keepTail).join('');
    if (head !== '') shown.push({ kind: 'same', text: head });
    shown.push({ kind: 'fold', text: folded.join(''), length: folded.length });
    if (tail !== '') shown.push({ kind: 'same', text: tail });
  });
  return shown;
}

/** Whether two texts differ only where the comparison could see nothing (none of the runs is a change). */
export const noVisibleChange = (parts: readonly DiffPart[]): boolean => parts.every((part) => part.kind === 'same');

type Fields = Extract<Shown, { kind: 'fields' }>['fields'];

/** One field of the two values: the same in both, different, or in one of them only. */
export type FieldDiff =
  | { kind: 'same'; label: string; text: string }
  | { kind: 'changed'; label: string; expected: string; actual: string }
  | { kind: 'missing'; label: string; expected: string }
  | { kind: 'extra'; label: string; actual: string };

/**
 * The fields of the two values, paired by label (the nth field of a label with the nth of the same
 * label), in the expected value's order, then the learner's fields that have no pair.
 */
export function compareFields(expected: Fields, actual: Fields): FieldDiff[] {
  const pending = new Map<string, number[]>();
  actual.forEach((field, i) => {
    const list = pending.get(field.label);
    if (list) list.push(i);
    else pending.set(field.label, [i]);
  });
  const used = new Set<number>();
  const out: FieldDiff[] = [];
  for (const field of expected) {
    const j = pending.get(field.label)?.shift();
    if (j === undefined) {
      out.push({ kind: 'missing', label: field.label, expected: field.text });
      continue;
    }
    used.add(j);
    const text = actual[j]!.text;
    out.push(
      text === field.text
        ? { kind: 'same', label: field.label, text }
        : { kind: 'changed', label: field.label, expected: field.text, actual: text },
    );
  }
  actual.forEach((field, j) => {
    if (!used.has(j)) out.push({ kind: 'extra', label: field.label, actual: field.text });
  });
  return out;
}

export type Table = Extract<Shown, { kind: 'table' }>;

/** One row of the two tables: the same, changed (which cells differ), or in one table only. */
export type RowDiff =
  | { kind: 'same'; expected: string[]; actual: string[] }
  | { kind: 'changed'; expected: string[]; actual: string[]; differs: boolean[] }
  | { kind: 'missing'; expected: string[] }
  | { kind: 'extra'; actual: string[] };

export interface TableDiff {
  /** Per column of the wider header: whether the two headers differ there. */
  header: boolean[];
  rows: RowDiff[];
}

/** Per cell, up to the longer row: whether the two rows differ there (a cell one row lacks differs). */
function cellsDiffer(expected: readonly string[], actual: readonly string[]): boolean[] {
  return Array.from({ length: Math.max(expected.length, actual.length) }, (_, i) => expected[i] !== actual[i]);
}

const sameCells = (a: readonly string[], b: readonly string[]): number => {
  let n = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] === b[i]) n++;
  return n;
};

const pairRows = (expected: string[], actual: string[]): RowDiff => {
  const differs = cellsDiffer(expected, actual);
  return differs.some(Boolean) ? { kind: 'changed', expected, actual, differs } : { kind: 'same', expected, actual };
};

/**
 * A run of rows only the expected table has and rows only the learner's has, paired where they
 * share cells: in order, the pairing that keeps the most equal cells (a row of the expected table
 * and a row of the learner's that share none stay apart, as missing and extra). Past 60 rows a
 * side, paired in order.
 */
function alignRun(removed: string[][], added: string[][]): RowDiff[] {
  const n = removed.length;
  const m = added.length;
  if (n === 0 || m === 0 || n > 60 || m > 60) {
    const out: RowDiff[] = [];
    const paired = n > 60 || m > 60 ? Math.min(n, m) : 0;
    for (let i = 0; i < Math.max(n, m); i++) {
      if (i < paired) out.push(pairRows(removed[i]!, added[i]!));
      else {
        if (i < n) out.push({ kind: 'missing', expected: removed[i]! });
        if (i < m) out.push({ kind: 'extra', actual: added[i]! });
      }
    }
    return out;
  }
  // best[i][j]: the most equal cells pairing removed[i..] with added[j..] can keep.
  const best = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--) {
      const score = sameCells(removed[i]!, added[j]!);
      best[i]![j] = Math.max(best[i + 1]![j]!, best[i]![j + 1]!, score > 0 ? score + best[i + 1]![j + 1]! : 0);
    }
  const out: RowDiff[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i === n) out.push({ kind: 'extra', actual: added[j++]! });
    else if (j === m) out.push({ kind: 'missing', expected: removed[i++]! });
    else {
      const score = sameCells(removed[i]!, added[j]!);
      if (score > 0 && best[i]![j] === score + best[i + 1]![j + 1]!) out.push(pairRows(removed[i++]!, added[j++]!));
      else if (best[i]![j] === best[i + 1]![j]) out.push({ kind: 'missing', expected: removed[i++]! });
      else out.push({ kind: 'extra', actual: added[j++]! });
    }
  }
  return out;
}

/**
 * Two tables row by row: rows equal in both are matched first (jsdiff over whole rows, bounded),
 * then the rows between them paired by the cells they share; every other row is missing from the
 * learner's table or extra in it.
 */
export function compareTables(expected: Table, actual: Table): TableDiff {
  const key = (row: readonly string[]) => JSON.stringify(row);
  const changes = diffArrays(expected.rows.map(key), actual.rows.map(key), { maxEditLength: 400, timeout: 250 });
  const rows: RowDiff[] = [];
  if (changes === undefined) {
    const n = Math.min(expected.rows.length, actual.rows.length);
    for (let i = 0; i < n; i++) rows.push(pairRows(expected.rows[i]!, actual.rows[i]!));
    for (const row of expected.rows.slice(n)) rows.push({ kind: 'missing', expected: row });
    for (const row of actual.rows.slice(n)) rows.push({ kind: 'extra', actual: row });
  } else {
    let a = 0;
    let b = 0;
    let removed: string[][] = [];
    let added: string[][] = [];
    const flush = () => {
      rows.push(...alignRun(removed, added));
      removed = [];
      added = [];
    };
    for (const change of changes) {
      const count = change.value.length;
      if (change.removed) {
        removed.push(...expected.rows.slice(a, a + count));
        a += count;
      } else if (change.added) {
        added.push(...actual.rows.slice(b, b + count));
        b += count;
      } else {
        flush();
        for (let k = 0; k < count; k++)
          rows.push({ kind: 'same', expected: expected.rows[a + k]!, actual: actual.rows[b + k]! });
        a += count;
        b += count;
      }
    }
    flush();
  }
  return { header: cellsDiffer(expected.header, actual.header), rows };
}

/** How big a value looks on screen: its lines and its characters. */
function shownSize(shown: Shown): { lines: number; chars: number } {
  const linesOf = (text: string) => text.split('\n').length;
  switch (shown.kind) {
    case 'code':
    case 'note':
      return { lines: linesOf(shown.text), chars: shown.text.length };
    case 'fields':
      return shown.fields.reduce(
        (size, field) => ({
          lines: size.lines + 1 + linesOf(field.text),
          chars: size.chars + field.label.length + field.text.length,
        }),
        { lines: 0, chars: 0 },
      );
    case 'table':
      return {
        lines: shown.rows.length + 1 + (shown.caption ? 1 : 0),
        chars: [shown.header, ...shown.rows].reduce((sum, row) => sum + row.join('').length, 0),
      };
  }
}

/** Whether a value is long enough to be shown collapsed: over `maxLines` lines or `maxChars` characters. */
export function isLong(shown: Shown, { maxLines = 6, maxChars = 400 } = {}): boolean {
  const { lines, chars } = shownSize(shown);
  return lines > maxLines || chars > maxChars;
}
