// How the lesson cuts excerpts out of lessons-code/ (src/lib/source.ts): by declaration, class
// member, region or line range, with a clear error when the name or range is wrong, so a page never
// shows the wrong lines silently after the file changes.
import { describe, expect, it } from 'vitest';
import { declarationOf, declarationRange, parseRange, regionRange } from '../../../src/lib/source.ts';

const FILE = [
  '// header', //  1
  '/** A thing. */', //  2
  'export class Thing {', //  3
  '  private x = 1;', //  4
  '', //  5
  '  /** Does it. */', //  6
  '  private doIt(a: string): void {', //  7
  '    if (a) {', //  8
  '      return;', //  9
  '    }', // 10
  '  }', // 11
  '}', // 12
  '', // 13
  '// #region tail', // 14
  'export const y = 2;', // 15
  '// #endregion', // 16
  'export function f(): number {', // 17
  '  return 1;', // 18
  '}', // 19
].join('\n');

describe('excerpts of a source file', () => {
  it('a top-level declaration comes with the comment lines right above it', () => {
    expect(declarationRange(FILE, 'Thing')).toEqual({ from: 1, to: 12 }); // every comment line right above
    expect(declarationRange(FILE, 'y')).toEqual({ from: 15, to: 15 });
    expect(declarationOf(FILE, 'f')).toBe('export function f(): number {\n  return 1;\n}');
  });
  it('a class member ends at the brace of its own indentation, not at the first one inside it', () => {
    expect(declarationRange(FILE, 'Thing.doIt')).toEqual({ from: 6, to: 11 });
  });
  it('a region leaves its markers out', () => {
    expect(regionRange(FILE, 'tail')).toEqual({ from: 15, to: 15 });
  });
  it('a wrong name or range is an error that says which', () => {
    expect(() => declarationRange(FILE, 'Nope')).toThrow(/Nope is not declared/);
    expect(() => declarationRange(FILE, 'Thing.nope')).toThrow(/Thing has no member nope/);
    expect(() => regionRange(FILE, 'head')).toThrow(/no "\/\/ #region head"/);
    expect(() => parseRange('3-40', 19)).toThrow(/outside 1-19/);
    expect(() => parseRange('three', 19)).toThrow(/not of the form/);
    expect(parseRange('3-5', 19)).toEqual({ from: 3, to: 5 });
  });
});
