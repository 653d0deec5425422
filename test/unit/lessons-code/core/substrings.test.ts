// core/substrings.ts: which of many strings a text contains, as includes() says, but without a scan
// of the text per string. Its two ways (hashes of windows, a suffix array when the hashes would do
// too much work) are both checked against includes(), on random texts and on the inputs that push
// it from one to the other: strings that are prefixes and substrings of one another, long runs of
// one character, and hashes that collide.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
// Not in index.ts: the module is behind compare(), whose tests (chunkers-and-measures) go through it.
import { SubstringIndex, containedIn } from '../../../../lessons-code/core/substrings.ts';
import { collidingBlocks } from '../../helpers/streams.ts';

/** What containedIn should give: the patterns includes() finds, once each. */
const byIncludes = (text: string, patterns: readonly string[]) =>
  [...new Set(patterns.filter((p) => text.includes(p)))].sort();
const sorted = (found: Set<string>) => [...found].sort();

describe('containedIn and SubstringIndex', () => {
  const piece = fc.constantFrom('a', 'b', 'c', 'ab', '\n', ' ', '😀', '\uD800');
  const text = fc.array(piece, { maxLength: 60 }).map((parts) => parts.join(''));

  it('give what includes() gives, for any text and strings', () => {
    fc.assert(
      fc.property(text, fc.array(text, { maxLength: 20 }), (t, patterns) => {
        const index = new SubstringIndex(t);
        expect(sorted(containedIn(t, patterns))).toEqual(byIncludes(t, patterns));
        for (const p of patterns) expect(index.has(p), JSON.stringify([t, p])).toBe(t.includes(p));
      }),
      { numRuns: 1000 },
    );
  });

  it('find every substring of a text of runs, and nothing else', () => {
    const t = 'aaab'.repeat(50) + 'aaaa';
    const index = new SubstringIndex(t);
    for (const p of [
      'a',
      'aaaa',
      'aaab',
      'baaa',
      'aaaaa',
      'bb',
      'ab'.repeat(2),
      'aaab'.repeat(50) + 'aaaa',
      'aaab'.repeat(51),
    ])
      expect(index.has(p), p).toBe(t.includes(p));
  });

  it('strings that are prefixes, suffixes and substrings of one another, repeated', () => {
    // Every length from 1 to 600 shares its windows with all the shorter ones.
    const runs = Array.from({ length: 600 }, (_, i) => 'x'.repeat(i + 1));
    const mixed = runs.flatMap((run, i) => [run + 'y', 'y' + run, run.slice(0, i >> 1) + 'z' + run.slice(i >> 1)]);
    const patterns = [...runs, ...mixed, ...runs]; // each run twice
    const t = 'x'.repeat(450) + 'y' + 'x'.repeat(300) + 'z' + 'x'.repeat(20);
    expect(sorted(containedIn(t, patterns))).toEqual(byIncludes(t, patterns));
    const index = new SubstringIndex(t);
    for (const p of patterns) expect(index.has(p)).toBe(t.includes(p));
  });

  it('strings whose hashes collide with the windows they are compared with', () => {
    // 60 strings of 24 blocks sharing their first 12, each ending in A; the text holds 60 others
    // ending in B, all with the same hash, and three of the strings themselves.
    const sequence = collidingBlocks(12);
    const head = sequence(0b101100111000);
    const patterns = Array.from({ length: 60 }, (_, i) => head + sequence(i | (1 << 11)));
    const present = [patterns[0]!, patterns[31]!, patterns[59]!];
    const t = Array.from({ length: 60 }, (_, i) => head + sequence(i + 7)).join('') + present.join('x');
    expect(sorted(containedIn(t, patterns))).toEqual(present.toSorted());
    expect(byIncludes(t, patterns)).toEqual(present.toSorted());
    const index = new SubstringIndex(t);
    for (const p of patterns.slice(0, 8)) expect(index.has(p)).toBe(t.includes(p));
    // Two of 12 blocks in a short text: the hashes' way, every collision caught by the characters.
    const few = [sequence(0b100110101100), sequence(0b011010011011)];
    expect(sorted(containedIn(sequence(0b110011010110) + few[1]!, few))).toEqual([few[1]!]);
  });

  it('an empty string is in every text; a string longer than the text in none', () => {
    expect(sorted(containedIn('', ['', 'a']))).toEqual(['']);
    expect(sorted(containedIn('ab', ['abc', 'ab']))).toEqual(['ab']);
    expect(new SubstringIndex('').has('')).toBe(true);
    expect(new SubstringIndex('').has('a')).toBe(false);
  });
});
