import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { IMPROVISATION_ANSWER, READERS, SPLITS, WRITERS, runPair } from '../../../../lessons-code/index.ts';
import { clipDiff, diffText, type DiffPart } from '../../../../src/widgets/shared/text-diff.ts';

const sides = (parts: readonly DiffPart[]) => ({
  original: parts
    .filter((p) => p.kind !== 'added')
    .map((p) => p.text)
    .join(''),
  other: parts
    .filter((p) => p.kind !== 'removed')
    .map((p) => p.text)
    .join(''),
});

function cell(writer: string, reader: string, split: string) {
  return runPair(
    WRITERS.find((w) => w.id === writer)!,
    READERS.find((r) => r.id === reader)!,
    SPLITS.find((s) => s.id === split)!,
    IMPROVISATION_ANSWER,
  );
}

describe('diffText', () => {
  it('finds nothing between equal texts', () => {
    expect(diffText('a\nb\n', 'a\nb\n')).toEqual({ parts: [{ kind: 'same', text: 'a\nb\n' }], removed: 0, added: 0 });
    expect(diffText('', '')).toEqual({ parts: [], removed: 0, added: 0 });
  });

  it('shows a removed and an added text whole when the other side is empty', () => {
    expect(diffText('abc', '').parts).toEqual([{ kind: 'removed', text: 'abc' }]);
    expect(diffText('', 'abc').parts).toEqual([{ kind: 'added', text: 'abc' }]);
  });

  it('marks a lost line break as one removed LF, not two lines swapped', () => {
    expect(diffText('one.\ntwo.\n', 'one.two.\n').parts).toEqual([
      { kind: 'same', text: 'one.' },
      { kind: 'removed', text: '\n' },
      { kind: 'same', text: 'two.\n' },
    ]);
  });

  it('marks a whole missing line', () => {
    expect(diffText('a\nb\nc\n', 'a\nc\n').parts).toEqual([
      { kind: 'same', text: 'a\n' },
      { kind: 'removed', text: 'b\n' },
      { kind: 'same', text: 'c\n' },
    ]);
  });

  it('the pinned chunks read by the standard reader: six line breaks removed, nothing added', () => {
    const got = cell('gachatbot', 'standard', 'pinned').got;
    const diff = diffText(IMPROVISATION_ANSWER, got);
    expect(sides(diff.parts)).toEqual({ original: IMPROVISATION_ANSWER, other: got });
    expect(diff.added).toBe(0);
    expect(diff.removed).toBe(6);
    expect(diff.parts.filter((p) => p.kind === 'removed').every((p) => /^\n+$/.test(p.text))).toBe(true);
  });

  it('GaApi read by the standard reader: the - **Am** line is among what is removed', () => {
    const got = cell('gaapi', 'standard', 'pinned').got;
    const diff = diffText(IMPROVISATION_ANSWER, got);
    expect(sides(diff.parts)).toEqual({ original: IMPROVISATION_ANSWER, other: got });
    // One removed part for the lost line and the blank line before it, then the four lost line ends.
    expect(diff.parts.filter((p) => p.kind === 'removed').map((p) => p.text)).toEqual([
      '\n\n- **Am** → arpeggio **Am**, play **A Aeolian (natural minor)** (diatonic minor — fits most i chords).\n',
      '\n',
      '\n',
      '\n\n',
      '\n',
    ]);
    expect(diff.added).toBe(0);
  });

  it('#743 through GaChatbot.Api and the standard reader: exact', () => {
    const got = cell('gachatbot', 'standard', 'after743').got;
    expect(diffText(IMPROVISATION_ANSWER, got)).toEqual({
      parts: [{ kind: 'same', text: IMPROVISATION_ANSWER }],
      removed: 0,
      added: 0,
    });
  });

  it('gives both texts back for any pair of texts, surrogate pairs whole', () => {
    const text = fc
      .array(fc.constantFrom('a', 'b', ' ', '\n', '\r', '😀', 'é', '\uD800', 'line\n'), { maxLength: 60 })
      .map((a) => a.join(''));
    fc.assert(
      fc.property(text, text, (a, b) => {
        const diff = diffText(a, b);
        expect(sides(diff.parts)).toEqual({ original: a, other: b });
        for (let i = 1; i < diff.parts.length; i++) expect(diff.parts[i]!.kind).not.toBe(diff.parts[i - 1]!.kind);
        for (const part of diff.parts) {
          expect(part.text).not.toBe('');
          expect(/^[\uDC00-\uDFFF]/.test(part.text) && /😀/.test(a + b)).toBe(false);
        }
      }),
      { numRuns: 400 },
    );
  });

  // Finishing is the check: the test's timeout (20 s, hundreds of times the 40 ms it takes) bounds
  // it; `npm run bench:limits` prints the time.
  it('finishes and stays correct on a 1 MB answer', { timeout: 20_000 }, () => {
    const answer = IMPROVISATION_ANSWER.repeat(1800);
    const got = answer.replaceAll('.\n', '.');
    const diff = diffText(answer, got);
    expect(sides(diff.parts)).toEqual({ original: answer, other: got });
  });

  it('stays fast inside a long repeat', () => {
    const a = '\n'.repeat(500_000);
    const diff = diffText(a, a.slice(1) + 'x');
    expect(sides(diff.parts)).toEqual({ original: a, other: a.slice(1) + 'x' });
  });

  it('gives up past its bound and shows the block as removed then added', () => {
    const diff = diffText('abcdef\n', 'uvwxyz\n', { maxCharEdits: 2 });
    expect(diff.parts).toEqual([
      { kind: 'removed', text: 'abcdef' },
      { kind: 'added', text: 'uvwxyz' },
      { kind: 'same', text: '\n' },
    ]);
  });
});

describe('clipDiff', () => {
  it('keeps short diffs whole', () => {
    const parts: DiffPart[] = [
      { kind: 'same', text: 'a' },
      { kind: 'removed', text: '\n' },
      { kind: 'same', text: 'b' },
    ];
    expect(clipDiff(parts)).toEqual({ parts, more: 0 });
  });

  it('cuts long unchanged stretches to their context, and counts what it leaves out', () => {
    const long = 'x'.repeat(1000);
    const { parts, more } = clipDiff(
      [
        { kind: 'same', text: long },
        { kind: 'added', text: 'y' },
        { kind: 'same', text: long },
        { kind: 'removed', text: 'z' },
        { kind: 'same', text: long },
      ],
      { context: 10, maxParts: 4 },
    );
    expect(more).toBe(1);
    expect(parts).toEqual([
      { kind: 'same', text: '', skipped: 990 },
      { kind: 'same', text: 'x'.repeat(10) },
      { kind: 'added', text: 'y' },
      { kind: 'same', text: 'x'.repeat(10) },
      { kind: 'same', text: '', skipped: 980 },
      { kind: 'same', text: 'x'.repeat(10) },
      { kind: 'removed', text: 'z' },
    ]);
  });

  it('never cuts a surrogate pair', () => {
    const { parts } = clipDiff([{ kind: 'removed', text: 'a😀' }], { maxPart: 2 });
    expect(parts).toEqual([{ kind: 'removed', text: 'a', skipped: 2 }]);
  });
});
