// The diff the writer × reader demo shows (site code, not the lesson's: it lives here, outside
// lessons-code/, so that the bundles that carry lessons-code for the exercises do not carry it):
// what the user gets against the answer GA computed, by jsdiff
// (the `diff` package, https://github.com/kpdecker/jsdiff): lines first, then each changed block
// again character by character, so a lost line break shows as one removed LF rather than two whole
// lines swapped. Every search is bounded (jsdiff's maxEditLength and timeout): past the bound, the
// block stays "these lines removed, those added". Then made readable (diff-cleanup.ts) and, for a
// page, cut to size (clipDiff).

// One module of jsdiff each (its index builds every kind of diff when loaded: 8 KB gzipped against
// 1.4); the lines are compared as arrays, each with its LF, which is what diffLines does by default.
import { diffArrays } from 'diff/lib/diff/array.js';
import { diffChars } from 'diff/lib/diff/character.js';
import type { ChangeObject } from 'diff';
import { expectOptions, expectString } from '../../../lessons-code/index.ts';
import { cleanup, type DiffKind, type DiffPart } from './diff-cleanup.ts';

export type { DiffPart } from './diff-cleanup.ts';

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
  /** Milliseconds each search may take before it gives up as if past its bound (jsdiff's timeout). */
  timeoutMs?: number;
}

const kindOf = (change: ChangeObject<unknown>): DiffKind =>
  change.added ? 'added' : change.removed ? 'removed' : 'same';

/** One changed block, character by character when it is small and the budget allows; whole otherwise. */
function refine(
  parts: DiffPart[],
  removed: string,
  added: string,
  options: Required<DiffOptions>,
  deadline: number,
): void {
  const left = deadline - performance.now();
  const changes =
    removed === '' || added === '' || removed.length + added.length > options.maxCharBlock || left <= 0
      ? undefined
      : diffChars(removed, added, {
          maxEditLength: Math.min(options.maxCharEdits, Math.floor((removed.length + added.length) * 0.6)),
          timeout: left,
        });
  if (changes === undefined) parts.push({ kind: 'removed', text: removed }, { kind: 'added', text: added });
  // code points: no surrogate pair is cut
  else for (const change of changes) parts.push({ kind: kindOf(change), text: change.value });
}

/** The lines of a text, each with its LF (the last one may have none). */
const linesOf = (text: string): string[] => text.match(/[^\n]*\n|[^\n]+$/g) ?? [];

/** How many characters two texts share at their start and at their end, cut back to whole lines. */
function commonLines(a: string, b: string): { head: number; tail: number } {
  if (a === b) return { head: a.length, tail: 0 };
  const limit = Math.min(a.length, b.length);
  let head = 0;
  while (head < limit && a.charCodeAt(head) === b.charCodeAt(head)) head++;
  head = head === 0 ? 0 : a.lastIndexOf('\n', head - 1) + 1; // just after the last line end they share
  let tail = 0;
  while (tail < limit - head && a.charCodeAt(a.length - 1 - tail) === b.charCodeAt(b.length - 1 - tail)) tail++;
  const lineEnd = a.indexOf('\n', a.length - tail); // the first line end they share: the tail starts after it
  return { head, tail: tail === 0 || lineEnd === -1 ? 0 : a.length - lineEnd - 1 };
}

/** The changes that turn `original` into `other`, found within `timeoutMs` (1 s by default) whatever the texts. */
export function diffText(original: string, other: string, options: DiffOptions = {}): TextDiff {
  expectString(original, 'diffText', 'original');
  expectString(other, 'diffText', 'other');
  expectOptions(options, 'diffText');
  const bounds = { maxLineEdits: 1000, maxCharBlock: 40_000, maxCharEdits: 2000, timeoutMs: 1000, ...options };
  const deadline = performance.now() + bounds.timeoutMs;
  // The common head and tail, in whole lines, cost nothing to find and need no search.
  const { head, tail } = commonLines(original, other);
  const parts: DiffPart[] = [{ kind: 'same', text: original.slice(0, head) }];
  const midA = original.slice(head, original.length - tail);
  const midB = other.slice(head, other.length - tail);
  const lineChanges = diffArrays(linesOf(midA), linesOf(midB), {
    maxEditLength: bounds.maxLineEdits,
    timeout: bounds.timeoutMs,
  });
  const lines = lineChanges?.map((change) => ({ ...change, value: change.value.join('') })) ?? [
    { value: midA, removed: true, added: false, count: 1 },
    { value: midB, removed: false, added: true, count: 1 },
  ];
  // Runs of removed and added lines form the blocks to refine.
  let removed = '';
  let added = '';
  for (const change of [
    ...lines,
    { value: original.slice(original.length - tail), added: false, removed: false, count: 0 },
  ]) {
    if (change.removed) removed += change.value;
    else if (change.added) added += change.value;
    else {
      refine(parts, removed, added, bounds, deadline);
      removed = added = '';
      parts.push({ kind: 'same', text: change.value });
    }
  }
  const clean = cleanup(parts);
  let removedCount = 0;
  let addedCount = 0;
  for (const part of clean) {
    if (part.kind === 'removed') removedCount += part.text.length;
    else if (part.kind === 'added') addedCount += part.text.length;
  }
  return { parts: clean, removed: removedCount, added: addedCount };
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
      if (part.text.length > maxPart)
        shown.push({ kind: part.kind, text: part.text.slice(0, cut), skipped: part.text.length - cut });
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
