// Where a failing case's expected value and the learner's differ, as the workbench marks it
// (src/workbench/feedback-diff.ts): texts token by token, long common stretches folded, fields one by
// one, tables row by row and cell by cell, and when a value is long enough to be shown collapsed.

import { describe, expect, it } from 'vitest';
import {
  charDiff,
  compareFields,
  compareTables,
  type DiffPart,
  foldParts,
  isLong,
  noVisibleChange,
  type ShownPart,
  tokens,
  worthFolding,
} from '../../../src/workbench/feedback-diff.ts';

/** The expected text and the learner's, rebuilt from the runs. */
const sides = (parts: readonly DiffPart[]) => ({
  expected: parts
    .filter((p) => p.kind !== 'added')
    .map((p) => p.text)
    .join(''),
  actual: parts
    .filter((p) => p.kind !== 'removed')
    .map((p) => p.text)
    .join(''),
});

/** The runs compactly: `=same`, `-removed`, `+added`. */
const brief = (parts: readonly ShownPart[]) =>
  parts.map((p) => (p.kind === 'same' ? '=' : p.kind === 'removed' ? '-' : p.kind === 'added' ? '+' : '…') + p.text);

describe('tokens', () => {
  it('keeps an escape of code notation whole, and a character outside the BMP', () => {
    expect(tokens('"a\\r\\nb\\u00a0\\x41\\u{1F600}😀"')).toEqual([
      '"',
      'a',
      '\\r',
      '\\n',
      'b',
      '\\u00a0',
      '\\x41',
      '\\u{1F600}',
      '😀',
      '"',
    ]);
  });

  it('a backslash at the very end is a token of its own', () => {
    expect(tokens('a\\')).toEqual(['a', '\\']);
  });
});

describe('charDiff', () => {
  it('a missing \\r in code notation is one mark, the escape whole', () => {
    const parts = charDiff('["a\\r\\nb"]', '["a\\nb"]');
    expect(brief(parts)).toEqual(['=["a', '-\\r', '=\\nb"]']);
    expect(noVisibleChange(parts)).toBe(false);
  });

  it('a raw CR, LF or space that differs is marked where it differs', () => {
    expect(brief(charDiff('one\ntwo', 'one\r\ntwo'))).toEqual(['=one', '+\r', '=\ntwo']);
    expect(brief(charDiff('end', 'end '))).toEqual(['=end', '+ ']);
    expect(brief(charDiff('a\n\nb', 'a\nb'))).toEqual(['=a\n', '-\n', '=b']);
  });

  it('a word changed for another is one change, not letters here and there', () => {
    const parts = charDiff('the verdict is "exact" here', 'the verdict is "lost" here');
    expect(parts.filter((p) => p.kind !== 'same').length).toBeLessThanOrEqual(2);
    expect(sides(parts)).toEqual({ expected: 'the verdict is "exact" here', actual: 'the verdict is "lost" here' });
  });

  it('the same text missing twice is two marks, not one change of everything between', () => {
    expect(brief(charDiff('["data: a", "data: b"]', '["a", "b"]'))).toEqual([
      '=["',
      '-data: ',
      '=a", "',
      '-data: ',
      '=b"]',
    ]);
  });

  it('an escape never splits: \\n against \\t is the whole escape on each side', () => {
    expect(brief(charDiff('"a\\nb"', '"a\\tb"'))).toEqual(['="a', '-\\n', '+\\t', '=b"']);
  });

  it('equal texts: one unchanged run, nothing visible to mark', () => {
    const parts = charDiff('"a"', '"a"');
    expect(parts).toEqual([{ kind: 'same', text: '"a"' }]);
    expect(noVisibleChange(parts)).toBe(true);
  });

  it('one side empty: the other is one change', () => {
    expect(brief(charDiff('', '"x"'))).toEqual(['+"x"']);
    expect(brief(charDiff('"x"', ''))).toEqual(['-"x"']);
  });

  it('past its bounds, the middle between the common start and end is marked whole', () => {
    const a = 'start '.repeat(100) + 'ab'.repeat(100) + ' end'.repeat(100);
    const b = 'start '.repeat(100) + 'ba'.repeat(100) + ' end'.repeat(100);
    const parts = charDiff(a, b, { maxEdits: 5 });
    expect(sides(parts)).toEqual({ expected: a, actual: b });
    expect(parts[0]).toEqual({ kind: 'same', text: 'start '.repeat(100) });
    expect(parts.at(-1)).toEqual({ kind: 'same', text: ' end'.repeat(100) });
  });

  it('two values that share little are each marked whole, not letter by letter', () => {
    expect(brief(charDiff('"a"', '"xyz"'))).toEqual(['-"a"', '+"xyz"']);
    expect(brief(charDiff('42', '"b"'))).toEqual(['-42', '+"b"']);
    expect(brief(charDiff('"a"', '"b"'))).toEqual(['-"a"', '+"b"']);
    expect(brief(charDiff('true', 'false'))).toEqual(['-true', '+false']);
    expect(brief(charDiff('"neither"', '"both"'))).toEqual(['-"neither"', '+"both"']);
    expect(brief(charDiff('["a", "b"]', '["x", "y"]'))).toEqual(['-["a", "b"]', '+["x", "y"]']);
    expect(brief(charDiff('"a\\nb"', '"xyz"'))).toEqual(['-"a\\nb"', '+"xyz"']);
  });

  it('related values keep the fine marks: half their content shared, or only something added or removed', () => {
    expect(brief(charDiff('"Hello world"', '"Hello there"'))).toEqual(['="Hello ', '-world', '+there', '="']);
    expect(brief(charDiff('["a", "b"]', '["a", "c"]'))).toEqual(['=["a", "', '-b', '+c', '="]']);
    expect(brief(charDiff('"ab"', '"ac"'))).toEqual(['="a', '-b', '+c', '="']);
    // Only added or only removed: the marks say exactly what is extra or missing, however much it is.
    expect(brief(charDiff('null', '"null"'))).toEqual(['+"', '=null', '+"']);
    expect(brief(charDiff('"GaChatbot.Api"', '"GaApi"'))).toEqual(['="Ga', '-Chatbot.', '=Api"']);
    expect(brief(charDiff('["a"]', '[]'))).toEqual(['=[', '-"a"', '=]']);
  });

  it('always rebuilds both texts, whatever they are', () => {
    const texts = ['', 'a', 'abc', '["a\\r\\nb", "c"]', 'x\r\ny  z', '😀a😀', 'a\\', '\\\\n'];
    for (const a of texts)
      for (const b of texts) expect(sides(charDiff(a, b)), `${a} / ${b}`).toEqual({ expected: a, actual: b });
  });

  it('rebuilds both texts from random edits of each other, escapes and all', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const alphabet = ['a', 'b', ' ', '\\n', '\\r', '"', '\n', '😀', ','];
    for (let round = 0; round < 300; round++) {
      const a = Array.from({ length: random(30) }, () => alphabet[random(alphabet.length)]).join('');
      const list = tokens(a);
      for (let k = random(6); k > 0; k--) {
        const at = random(list.length + 1);
        if (random(2) === 0) list.splice(at, 1);
        else list.splice(at, 0, alphabet[random(alphabet.length)]!);
      }
      const b = list.join('');
      const parts = charDiff(a, b);
      expect(sides(parts), `${JSON.stringify(a)} / ${JSON.stringify(b)}`).toEqual({ expected: a, actual: b });
      for (const part of parts) expect(part.text, JSON.stringify(parts)).not.toBe('');
    }
  });

  it('past its bound of edits, marks the whole middle of long, very different texts', () => {
    const a = Array.from({ length: 4000 }, (_, i) => String.fromCharCode(97 + ((i * 7) % 26))).join('');
    const b = Array.from({ length: 4000 }, (_, i) => String.fromCharCode(97 + ((i * 11) % 26))).join('');
    // The default bounds end the search (the test's own timeout bounds finishing, never a speed).
    expect(sides(charDiff(a, b))).toEqual({ expected: a, actual: b });
    // With a bound of 10 edits and no time limit to speak of, the search stops on the edits: one mark each side.
    const parts = charDiff(a, b, { maxEdits: 10, timeoutMs: 600_000 });
    expect(sides(parts)).toEqual({ expected: a, actual: b });
    expect(parts.filter((part) => part.kind === 'removed')).toHaveLength(1);
    expect(parts.filter((part) => part.kind === 'added')).toHaveLength(1);
  });
});

describe('foldParts', () => {
  const long = 'x'.repeat(700);

  it('only values both longer than the threshold are folded', () => {
    expect(worthFolding(long, long)).toBe(true);
    expect(worthFolding(long, 'short')).toBe(false);
  });

  it('folds the common stretches, keeping context before and after each change', () => {
    const parts = charDiff(`${long}A${long}`, `${long}B${long}`);
    const shown = foldParts(parts, { context: 80 });
    expect(shown.map((p) => p.kind)).toEqual(['fold', 'same', 'removed', 'added', 'same', 'fold']);
    expect(shown[0]).toMatchObject({ kind: 'fold', length: 620 });
    expect(shown[1]!.text).toBe('x'.repeat(80));
    expect(shown[4]!.text).toBe('x'.repeat(80));
    expect(shown[5]).toMatchObject({ kind: 'fold', length: 620 });
    // Unfolded, each side is its whole text again.
    expect(
      shown
        .filter((p) => p.kind !== 'added')
        .map((p) => p.text)
        .join(''),
    ).toBe(`${long}A${long}`);
  });

  it('a stretch between two changes keeps context on both sides', () => {
    const parts = charDiff(`A${long}A`, `B${long}B`);
    const shown = foldParts(parts, { context: 50 });
    const middle = shown.filter((p) => p.kind === 'fold');
    expect(middle).toHaveLength(1);
    expect(middle[0]).toMatchObject({ length: 600 });
  });

  it('a stretch not much longer than its context stays whole', () => {
    const parts = charDiff(`${'y'.repeat(100)}A`, `${'y'.repeat(100)}B`);
    expect(foldParts(parts, { context: 80, minFold: 40 }).some((p) => p.kind === 'fold')).toBe(false);
  });

  it('never cuts an escape: the count is in characters of the value', () => {
    const escaped = '\\n'.repeat(400);
    const parts = charDiff(`${escaped}A`, `${escaped}B`);
    const shown = foldParts(parts, { context: 10 });
    expect(shown[0]).toMatchObject({ kind: 'fold', length: 390, text: '\\n'.repeat(390) });
    expect(shown[1]!.text).toBe('\\n'.repeat(10));
  });

  it('two equal long values (they differ past what is shown): folded around their start', () => {
    const shown = foldParts(charDiff(long, long), { context: 80 });
    expect(brief(shown)).toEqual([`=${'x'.repeat(80)}`, `…${'x'.repeat(620)}`]);
  });
});

describe('compareFields', () => {
  it('field by field: same, changed, missing, extra, paired by label', () => {
    expect(
      compareFields(
        [
          { label: 'status', text: '200' },
          { label: 'body', text: 'a\nb' },
          { label: 'type', text: 'text/plain' },
        ],
        [
          { label: 'body', text: 'a\r\nb' },
          { label: 'status', text: '200' },
          { label: 'extra', text: 'x' },
        ],
      ),
    ).toEqual([
      { kind: 'same', label: 'status', text: '200' },
      { kind: 'changed', label: 'body', expected: 'a\nb', actual: 'a\r\nb' },
      { kind: 'missing', label: 'type', expected: 'text/plain' },
      { kind: 'extra', label: 'extra', actual: 'x' },
    ]);
  });

  it('a label given twice pairs its first with the first, its second with the second', () => {
    expect(
      compareFields(
        [
          { label: 'read', text: '1' },
          { label: 'read', text: '2' },
        ],
        [
          { label: 'read', text: '1' },
          { label: 'read', text: '3' },
        ],
      ),
    ).toEqual([
      { kind: 'same', label: 'read', text: '1' },
      { kind: 'changed', label: 'read', expected: '2', actual: '3' },
    ]);
  });
});

describe('compareTables', () => {
  const table = (rows: string[][], header = ['writer', 'reader', 'verdict']) => ({
    kind: 'table' as const,
    header,
    rows,
  });

  it('same shape: every differing cell marked, in any column', () => {
    const diff = compareTables(
      table([
        ['A', 'x', 'exact'],
        ['B', 'x', 'exact'],
      ]),
      table([
        ['A', 'y', 'exact'],
        ['B', 'x', 'lost'],
      ]),
    );
    expect(diff.header).toEqual([false, false, false]);
    expect(diff.rows).toEqual([
      { kind: 'changed', expected: ['A', 'x', 'exact'], actual: ['A', 'y', 'exact'], differs: [false, true, false] },
      { kind: 'changed', expected: ['B', 'x', 'exact'], actual: ['B', 'x', 'lost'], differs: [false, false, true] },
    ]);
  });

  it('a row missing from the learner’s table and one too many are told apart from changed rows', () => {
    const diff = compareTables(
      table([
        ['A', 'x', 'exact'],
        ['A', 'y', 'exact'],
        ['B', 'x', 'exact'],
      ]),
      table([
        ['A', 'x', 'lost'],
        ['B', 'x', 'exact'],
        ['C', 'z', 'odd'],
      ]),
    );
    expect(diff.rows.map((row) => row.kind)).toEqual(['changed', 'missing', 'same', 'extra']);
    expect(diff.rows[1]).toEqual({ kind: 'missing', expected: ['A', 'y', 'exact'] });
    expect(diff.rows[3]).toEqual({ kind: 'extra', actual: ['C', 'z', 'odd'] });
  });

  it('rows that share no cell are not paired: one missing, one extra', () => {
    const diff = compareTables(table([['A', 'x', 'exact']]), table([['B', 'y', 'lost']]));
    expect(diff.rows.map((row) => row.kind)).toEqual(['missing', 'extra']);
  });

  it('a row with a cell too few or too many differs at that cell; headers compared too', () => {
    const diff = compareTables(table([['A', 'x', 'exact']]), table([['A', 'x']], ['writer', 'reader']));
    expect(diff.header).toEqual([false, false, true]);
    expect(diff.rows).toEqual([
      { kind: 'changed', expected: ['A', 'x', 'exact'], actual: ['A', 'x'], differs: [false, false, true] },
    ]);
  });

  it('an empty table against a full one: every row missing', () => {
    const diff = compareTables(
      table([
        ['A', 'x', 'exact'],
        ['B', 'x', 'exact'],
      ]),
      table([]),
    );
    expect(diff.rows.map((row) => row.kind)).toEqual(['missing', 'missing']);
  });
});

describe('isLong', () => {
  it('over 6 lines or 400 characters', () => {
    expect(isLong({ kind: 'code', text: '"short"' })).toBe(false);
    expect(isLong({ kind: 'code', text: 'x'.repeat(401) })).toBe(true);
    expect(isLong({ kind: 'code', text: 'a\nb\nc\nd\ne\nf\ng' })).toBe(true);
    expect(isLong({ kind: 'fields', fields: [{ label: 'a', text: '1' }] })).toBe(false);
    expect(
      isLong({
        kind: 'fields',
        fields: [
          { label: 'a', text: '1\n2' },
          { label: 'b', text: '1\n2' },
        ],
      }),
    ).toBe(false);
    expect(
      isLong({
        kind: 'fields',
        fields: [
          { label: 'a', text: '1\n2\n3' },
          { label: 'b', text: '1\n2' },
        ],
      }),
    ).toBe(true);
    expect(isLong({ kind: 'table', header: ['a'], rows: Array.from({ length: 6 }, () => ['x']) })).toBe(true);
    expect(isLong({ kind: 'table', header: ['a'], rows: [['x'], ['y']] })).toBe(false);
  });
});
