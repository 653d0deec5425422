// The two chunkers (GA's SseChunker.SplitIntoChunks at a826864,
// https://github.com/GuitarAlchemist/ga/blob/a826864f3a012cad88e415954bf57eca0ce12aa6/Common/GA.Business.Core.Orchestration/Helpers/SseChunker.cs#L19-L29,
// and the zero-width split of GA pull request #743) and the measures the program prints.
// Every figure here is the published lesson's (its sections "Sentences" and "Each writer with each
// reader", /ga-ai/06-answer-on-the-wire/#sentences), not the result of running the code.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  IMPROVISATION_ANSWER,
  VOICING_ANSWER,
  compare,
  countBreaks,
  countLines,
  show,
  splitAfter743,
  splitPinned,
} from '../../../../lessons-code/index.ts';

const lengths = (chunks: string[]) => chunks.map((chunk) => chunk.length);

describe('the lesson data (the answers of /ga-ai/06-answer-on-the-wire/#where-the-answer-goes)', () => {
  it(
    'the improvisation answer: 558 UTF-16 code units, 580 UTF-8 bytes, 6 lines of ' +
      'text, 8 line breaks, ends with a line break',
    () => {
      expect(IMPROVISATION_ANSWER.length).toBe(558);
      expect(new TextEncoder().encode(IMPROVISATION_ANSWER).length).toBe(580);
      expect(countLines(IMPROVISATION_ANSWER)).toBe(6);
      expect(countBreaks(IMPROVISATION_ANSWER)).toBe(8);
      expect(IMPROVISATION_ANSWER.endsWith('\n')).toBe(true);
      for (const c of ['\u2013', '\u2192', '\u2014']) expect(IMPROVISATION_ANSWER).toContain(c);
    },
  );

  it('the voicing answer: 199 characters, 10 lines, 9 line breaks, no trailing line break', () => {
    expect(VOICING_ANSWER.length).toBe(199);
    expect(VOICING_ANSWER.split('\n')).toHaveLength(10);
    expect(countBreaks(VOICING_ANSWER)).toBe(9);
    expect(VOICING_ANSWER.endsWith('\n')).toBe(false);
    // One of its 10 lines is the blank one after the heading ("…Cmaj7:\n\n- …"): 9 lines of text.
    expect(countLines(VOICING_ANSWER)).toBe(9);
  });
});

describe('the pinned chunker, SseChunker.SplitIntoChunks at a826864', () => {
  it('cuts the improvisation answer into 5 chunks of 143, 105, 105, 105 and 94 characters', () => {
    expect(lengths(splitPinned(IMPROVISATION_ANSWER))).toEqual([143, 105, 105, 105, 94]);
  });

  it('joined, they are 552 characters: 6 line breaks missing', () => {
    const joined = splitPinned(IMPROVISATION_ANSWER).join('');
    expect(joined).toHaveLength(552);
    expect(compare(IMPROVISATION_ANSWER, joined)).toBe('6 line breaks missing');
  });

  it(
    'removes exactly the whitespace after each sentence end: each chunk is a #743 ' +
      'chunk without its trailing whitespace',
    () => {
      const pinned = splitPinned(IMPROVISATION_ANSWER);
      const after743 = splitAfter743(IMPROVISATION_ANSWER);
      expect(pinned).toEqual(after743.map((chunk) => chunk.trimEnd()));
    },
  );

  it('does not trim chunks: whitespace before a sentence stays', () => {
    expect(splitPinned('  Hi. There')).toEqual(['  Hi.', 'There']);
    expect(splitPinned('Hi.\n\n  There')).toEqual(['Hi.', 'There']); // the whole run after "." is the separator
  });

  it('drops the empty piece a trailing sentence end leaves', () => {
    expect(splitPinned('One. Two!  ')).toEqual(['One.', 'Two!']);
  });

  it('splits after ., ! and ? only', () => {
    expect(splitPinned('a. b! c? d, e; f: g')).toEqual(['a.', 'b!', 'c?', 'd, e; f: g']);
  });

  it("uses .NET's whitespace: U+0085 and U+00A0 separate, U+FEFF does not", () => {
    expect(splitPinned('a.\u0085b')).toEqual(['a.', 'b']);
    expect(splitPinned('a.\u00a0b')).toEqual(['a.', 'b']);
    expect(splitPinned('a.\uFEFFb')).toEqual(['a.\uFEFFb']);
  });
});

describe("#743's chunker", () => {
  it('cuts the improvisation answer into 5 chunks of 144, 106, 106, 107 and 95 characters', () => {
    expect(lengths(splitAfter743(IMPROVISATION_ANSWER))).toEqual([144, 106, 106, 107, 95]);
  });

  it('joined, they are 558 characters: exact', () => {
    const joined = splitAfter743(IMPROVISATION_ANSWER).join('');
    expect(joined).toHaveLength(558);
    expect(joined).toBe(IMPROVISATION_ANSWER);
    expect(compare(IMPROVISATION_ANSWER, joined)).toBe('exact');
  });

  it('splits after "e.g. " (exercise 4)', () => {
    expect(splitAfter743('Try a mode, e.g. Dorian.')).toEqual(['Try a mode, e.g. ', 'Dorian.']);
  });

  it('splits after "3. " in a numbered list (exercise 4)', () => {
    expect(splitAfter743('Steps:\n3. Play the arpeggio.')).toEqual(['Steps:\n3. ', 'Play the arpeggio.']);
  });

  it('a client that trims chunks changes the text at every split, wanted or not (exercise 4)', () => {
    const text = 'Try a mode, e.g. Dorian. Then:\n3. Play it.';
    const chunks = splitAfter743(text);
    expect(chunks.join('')).toBe(text);
    expect(chunks.map((chunk) => chunk.trim()).join('')).toBe('Try a mode, e.g.Dorian.Then:\n3.Play it.');
  });

  it('does not split where no whitespace follows the sentence end, nor before whitespace', () => {
    expect(splitAfter743('v1.2.3 is out.')).toEqual(['v1.2.3 is out.']);
    expect(splitAfter743('End.   ')).toEqual(['End.   ']);
  });
});

describe('both chunkers', () => {
  const blanks: [string, string | null | undefined][] = [
    ['null', null],
    ['undefined', undefined],
    ['empty', ''],
    ['spaces', '   '],
    ['line breaks and tabs', '\r\n\t\n'],
    ['vertical tab and form feed', '\v\f'],
    ['U+0085 (NEL)', '\u0085'],
    ['U+00A0 (no-break space)', '\u00a0'],
    ['U+2028 and U+3000', '\u2028\u3000'],
    ['a mix', ' \u0085\n\u00a0\t'],
  ];
  it.each(blanks)('give no chunk for blank input: %s', (_name, input) => {
    expect(splitPinned(input)).toEqual([]);
    expect(splitAfter743(input)).toEqual([]);
  });

  it('leave the voicing answer in one chunk ("0.369" and ":" end no sentence)', () => {
    expect(splitPinned(VOICING_ANSWER)).toEqual([VOICING_ANSWER]);
    expect(splitAfter743(VOICING_ANSWER)).toEqual([VOICING_ANSWER]);
  });

  it('keep non-BMP characters whole', () => {
    expect(splitAfter743('🎸. 🎶')).toEqual(['🎸. ', '🎶']);
    expect(splitPinned('🎸. 🎶')).toEqual(['🎸.', '🎶']);
  });
});

describe('no catastrophic backtracking', () => {
  const MB = 1 << 20;
  const inputs: [string, () => string, number, number][] = [
    // name, input, pinned chunk count, #743 chunk count
    ['1 MB of spaces', () => ' '.repeat(MB), 0, 0],
    ["'. ' repeated to 1 MB", () => '. '.repeat(MB / 2), MB / 2, MB / 2],
    ['a letter, 1 MB of spaces, a letter', () => 'a' + ' '.repeat(MB) + 'b', 1, 1],
    ['a full stop, 1 MB of spaces, a letter', () => '.' + ' '.repeat(MB) + 'b', 2, 2],
    ['1 MB of spaces, then a full stop', () => ' '.repeat(MB) + '.', 1, 1],
  ];
  // Backtracking on 1 MB would take minutes (10^12 steps); a linear split takes under 200 ms. The
  // test only has to finish: its timeout (30 s, over 100 times the slowest split measured) is the
  // bound. `npm run bench:limits` prints how long each split takes.
  it.each(inputs)(
    '%s splits without catastrophic backtracking',
    { timeout: 30_000 },
    (_name, make, pinnedCount, count743) => {
      const input = make();
      const pinned = splitPinned(input);
      const after743 = splitAfter743(input);
      expect(pinned).toHaveLength(pinnedCount);
      expect(after743).toHaveLength(count743);
      if (count743 > 0) expect(after743.join('')).toBe(input);
    },
  );
});

describe('countLines and countBreaks', () => {
  it('count LF-separated lines that are not blank once trimmed', () => {
    expect(countLines('')).toBe(0);
    expect(countLines('a')).toBe(1);
    expect(countLines('a\n\n  \n\t\nb\n')).toBe(2);
    expect(countLines('a\r\nb')).toBe(2); // a CR is trimmed away, it does not make a line
    expect(countLines('a\rb')).toBe(1); // only LF separates
  });

  it('count LF characters, not CRs', () => {
    expect(countBreaks('')).toBe(0);
    expect(countBreaks('\n\n')).toBe(2);
    expect(countBreaks('a\r\nb\rc\n')).toBe(2);
  });
});

describe('compare', () => {
  it('says exact for equal strings', () => {
    expect(compare('a\nb\n', 'a\nb\n')).toBe('exact');
    expect(compare('', '')).toBe('exact');
  });

  it('counts line breaks missing when every line is still there', () => {
    expect(compare('a\nb\nc', 'abc')).toBe('2 line breaks missing');
  });

  it('counts lines missing, of the lines of text of the original', () => {
    expect(compare('a\n\nb\nc', 'a\n\nb\nX')).toBe('1 of 3 lines missing');
  });

  it('joins both parts with a comma', () => {
    expect(compare('a\nb\nc\n', 'a')).toBe('2 of 3 lines missing, 3 line breaks missing');
  });

  it('compares lines trimmed, as substrings of what the reader got', () => {
    expect(compare('  first  \n\tsecond', 'xx first yy second zz\n')).toBe('differs');
  });

  it('says differs when no line is missing and no line break is lost', () => {
    expect(compare('a b', ' a b ')).toBe('differs');
    expect(compare('a b', 'a  b')).toBe('1 of 1 lines missing');
    expect(compare('a', 'a\n\n')).toBe('differs'); // more line breaks than the original: nothing is missing
  });

  it('gives the verdict of the GaApi rows of the lesson: one line lost and every line break', () => {
    // GaApi's writer sends "…chord:\n\n- **Am**…" as one data line; the blank line ends the event early,
    // and the standard reader drops the text after it. Here: a stand-in with the same shape.
    const original = 'Title:\n\n- one\n- two\n';
    expect(compare(original, 'Title:')).toBe('2 of 3 lines missing, 4 line breaks missing');
  });
});

describe('compare on long and random texts', () => {
  /** compare as the lesson defines it: each trimmed line of text looked for in `got` with includes(). */
  function compareByDefinition(original: string, got: string): string {
    if (original === got) return 'exact';
    const lines = original
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '');
    const missing = lines.filter((line) => !got.includes(line)).length;
    const lost = (original.match(/\n/g)?.length ?? 0) - (got.match(/\n/g)?.length ?? 0);
    const parts = [
      ...(missing > 0 ? [`${missing} of ${lines.length} lines missing`] : []),
      ...(lost > 0 ? [`${lost} line breaks missing`] : []),
    ];
    return parts.length > 0 ? parts.join(', ') : 'differs';
  }

  it('agrees with the definition on random texts: lines cut, joined, shifted, repeated', () => {
    const piece = fc.constantFrom('a', 'b', 'ab', 'ba', 'aab', ' ', '\n', '\n\n', 'é', '😀', '- **Am**', '.');
    const text = fc.array(piece, { maxLength: 40 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, text, (original, got) => {
        expect(compare(original, got)).toBe(compareByDefinition(original, got));
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with it on 1,200 distinct lines of every length up to 240, made of long runs of one character', () => {
    // Windows that look alike everywhere: the case where core/substrings.ts turns to its suffix array.
    const lines = Array.from({ length: 1200 }, (_, i) => `${'x'.repeat(i % 240)} line ${i}.`);
    const original = lines.join('\n') + '\n';
    const gots = [
      original.replaceAll('.\n', '.'),
      original.slice(0, original.length / 2),
      [...lines].reverse().join(' '),
    ];
    for (const got of gots) expect(compare(original, got)).toBe(compareByDefinition(original, got));
  });
});

describe('show', () => {
  it('quotes and escapes backslash, quote, CR and LF', () => {
    expect(show('a\\b"c\r\nd')).toBe('"a\\\\b\\"c\\r\\nd"');
  });

  it('leaves every other character raw: tab, NUL, U+2028, non-ASCII', () => {
    expect(show("\t\0\u2028–→—🎸'")).toBe('"\t\0\u2028–→—🎸\'"');
  });

  it('shows the empty string as two quotes', () => {
    expect(show('')).toBe('""');
  });

  it('escapes each character once: an escaped backslash before n is not a line break', () => {
    expect(show('\\n')).toBe('"\\\\n"');
    expect(show('\\\n')).toBe('"\\\\\\n"');
  });
});
