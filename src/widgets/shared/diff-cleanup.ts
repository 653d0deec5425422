// A shortest edit script is not always the one a reader expects: `"\n\n- **Am** …\n"` removed can
// come out of jsdiff as `"\n\n"` removed, `"- **"` kept, `"Am** …\n- **"` removed. Two steps, after
// the "semantic cleanup" of Google's diff-match-patch (https://github.com/google/diff-match-patch/wiki/API):
// an unchanged stretch no longer than the changes on both sides of it becomes part of the change,
// and a lone insertion or deletion slides along its context to the most natural boundaries (line
// ends first, then blanks, then punctuation). Every pass is linear in the number of parts.

export type DiffKind = 'same' | 'removed' | 'added';

export interface DiffPart {
  kind: DiffKind;
  text: string;
}

/** Unchanged text, or a change: what was removed there and what was added in its place. */
type Segment = { same: string } | { removed: string; added: string };

const MAX_PASSES = 8;
const MAX_SLIDE = 200;

/** The parts as segments: adjacent changes merged into one, adjacent unchanged texts joined. */
function segmentsOf(parts: readonly DiffPart[]): Segment[] {
  const segments: Segment[] = [];
  for (const { kind, text } of parts) {
    if (text === '') continue;
    const last = segments[segments.length - 1];
    if (kind === 'same') {
      if (last && 'same' in last) last.same += text;
      else segments.push({ same: text });
    } else {
      if (!last || 'same' in last) segments.push({ removed: '', added: '' });
      (segments[segments.length - 1] as { removed: string; added: string })[kind] += text;
    }
  }
  return segments;
}

const isHighSurrogate = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLowSurrogate = (c: number) => c >= 0xdc00 && c <= 0xdfff;
const isSurrogate = (c: number) => c >= 0xd800 && c <= 0xdfff;

/**
 * One pass: an unchanged stretch no longer than the larger side of the change before it and of the one after joins
 * them.
 */
function absorbSmallEqualities(segments: Segment[]): { segments: Segment[]; changed: boolean } {
  const out: Segment[] = [];
  let changed = false;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    const before = out[out.length - 1];
    const after = segments[i + 1];
    if ('same' in segment && before && !('same' in before) && after && !('same' in after)) {
      const size = segment.same.length;
      if (
        size <= Math.max(before.removed.length, before.added.length) &&
        size <= Math.max(after.removed.length, after.added.length)
      ) {
        before.removed += segment.same + after.removed;
        before.added += segment.same + after.added;
        i++;
        changed = true;
        continue;
      }
    }
    out.push('same' in segment ? { same: segment.same } : { removed: segment.removed, added: segment.added });
  }
  return { segments: out, changed };
}

/** The common start and end of each change's two sides moved out as unchanged text (never cutting a surrogate pair). */
function factorOut(segments: readonly Segment[]): Segment[] {
  const parts: DiffPart[] = [];
  for (const segment of segments) {
    if ('same' in segment) {
      parts.push({ kind: 'same', text: segment.same });
      continue;
    }
    const { removed, added } = segment;
    const limit = Math.min(removed.length, added.length);
    let prefix = 0;
    while (prefix < limit && removed.charCodeAt(prefix) === added.charCodeAt(prefix)) prefix++;
    if (prefix > 0 && isHighSurrogate(removed.charCodeAt(prefix - 1))) prefix--;
    let suffix = 0;
    while (
      suffix < limit - prefix &&
      removed.charCodeAt(removed.length - 1 - suffix) === added.charCodeAt(added.length - 1 - suffix)
    )
      suffix++;
    if (suffix > 0 && isLowSurrogate(removed.charCodeAt(removed.length - suffix))) suffix--;
    parts.push(
      { kind: 'same', text: removed.slice(0, prefix) },
      { kind: 'removed', text: removed.slice(prefix, removed.length - suffix) },
      { kind: 'added', text: added.slice(prefix, added.length - suffix) },
      { kind: 'same', text: removed.slice(removed.length - suffix) },
    );
  }
  return segmentsOf(parts);
}

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

/**
 * A lone insertion or deletion between `left` and `right`, slid to its best-scoring place (the rightmost of equals).
 */
function slide(left: string, edit: string, right: string): [string, string, string] {
  // As far left as the change can go, one UTF-16 unit at a time, never through a surrogate, and a bounded distance.
  for (
    let steps = 0;
    steps < MAX_SLIDE && left !== '' && left.at(-1) === edit.at(-1) && !isSurrogate(left.charCodeAt(left.length - 1));
    steps++
  ) {
    right = left.at(-1)! + right;
    edit = left.at(-1)! + edit.slice(0, -1);
    left = left.slice(0, -1);
  }
  let best: [string, string, string] = [left, edit, right];
  let bestScore = boundaryScore(left, edit) + boundaryScore(edit, right);
  for (
    let steps = 0;
    steps < 2 * MAX_SLIDE && right !== '' && edit[0] === right[0] && !isSurrogate(right.charCodeAt(0));
    steps++
  ) {
    left += right[0];
    edit = edit.slice(1) + right[0];
    right = right.slice(1);
    const score = boundaryScore(left, edit) + boundaryScore(edit, right);
    if (score >= bestScore) {
      best = [left, edit, right];
      bestScore = score;
    }
  }
  return best;
}

/**
 * The parts of a diff made readable, both texts unchanged: joining `same` and `removed` gives the original, `same` and
 * `added` the other.
 */
export function cleanup(parts: readonly DiffPart[]): DiffPart[] {
  let segments = factorOut(segmentsOf(parts));
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const absorbed = absorbSmallEqualities(segments);
    segments = factorOut(absorbed.segments);
    if (!absorbed.changed) break;
  }
  for (let i = 1; i < segments.length - 1; i++) {
    const [before, change, after] = [segments[i - 1]!, segments[i]!, segments[i + 1]!];
    if ('same' in change || !('same' in before) || !('same' in after) || (change.removed !== '' && change.added !== ''))
      continue;
    const side = change.removed !== '' ? 'removed' : 'added';
    const [left, edit, right] = slide(before.same, change[side], after.same);
    [before.same, change[side], after.same] = [left, edit, right];
  }
  return partsOf(segmentsOf(partsOf(segments))); // sliding may have emptied or joined some
}

function partsOf(segments: readonly Segment[]): DiffPart[] {
  const parts: DiffPart[] = [];
  for (const segment of segments) {
    if ('same' in segment) {
      if (segment.same !== '') parts.push({ kind: 'same', text: segment.same });
      continue;
    }
    if (segment.removed !== '') parts.push({ kind: 'removed', text: segment.removed });
    if (segment.added !== '') parts.push({ kind: 'added', text: segment.added });
  }
  return parts;
}
