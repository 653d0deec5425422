// The terminal demo's shell without a terminal: command parsing, line editing, the terminal's
// line ends, and reading a buffer back into text.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  LineEditor,
  MAX_LINE,
  MAX_LINES_PER_INPUT,
  RUN_COMMAND,
  bufferText,
  parseCommand,
  toTerminal,
  type BufferLike,
} from '../../../../src/widgets/program-terminal/terminal-shell.ts';

const EXPECTED = readFileSync(new URL('../../../fixtures/l6-expected.txt', import.meta.url), 'utf8');

describe('parseCommand', () => {
  it('knows the lesson command, clear and help, whatever the spacing', () => {
    expect(parseCommand(RUN_COMMAND)).toEqual({ kind: 'run', implied: false });
    expect(parseCommand('  npm   run lesson --   l6  ')).toEqual({ kind: 'run', implied: false });
    // without the lesson's name: the one lesson here, said so by the terminal
    expect(parseCommand('npm run lesson')).toEqual({ kind: 'run', implied: true });
    expect(parseCommand('clear')).toEqual({ kind: 'clear' });
    expect(parseCommand(' help ')).toEqual({ kind: 'help' });
  });
  it('calls blank lines empty and anything else unknown, by its first word', () => {
    expect(parseCommand('')).toEqual({ kind: 'empty' });
    expect(parseCommand(' \t ')).toEqual({ kind: 'empty' });
    expect(parseCommand('ls -la')).toEqual({ kind: 'unknown', command: 'ls' });
    expect(parseCommand('npm run lesson -- l5')).toEqual({ kind: 'unknown', command: 'npm' });
    expect(parseCommand('HELP')).toEqual({ kind: 'unknown', command: 'HELP' });
  });
});

describe('LineEditor', () => {
  it('echoes what is typed and submits the line on Enter', () => {
    const editor = new LineEditor();
    expect(editor.feed('hel')).toEqual([{ type: 'echo', text: 'hel' }]);
    expect(editor.feed('p\r')).toEqual([
      { type: 'echo', text: 'p' },
      { type: 'submit', line: 'help' },
    ]);
    expect(editor.line).toBe('');
  });
  it('erases with Backspace, a whole code point at a time', () => {
    const editor = new LineEditor();
    editor.feed('a🎸');
    expect(editor.feed('\x7f')).toEqual([{ type: 'echo', text: '\b \b' }]);
    expect(editor.line).toBe('a');
    editor.feed('\x7f\x7f');
    expect(editor.line).toBe('');
    expect(editor.feed('\x7f')).toEqual([]);
  });
  it('cancels the line with Ctrl+C and asks for a clear screen with Ctrl+L, keeping the line', () => {
    const editor = new LineEditor();
    editor.feed('npm');
    expect(editor.feed('\x03')).toEqual([{ type: 'cancel' }]);
    expect(editor.line).toBe('');
    editor.feed('np');
    expect(editor.feed('\x0c')).toEqual([{ type: 'clearScreen', line: 'np' }]);
    expect(editor.line).toBe('np');
  });
  it('takes a pasted text line by line, CRLF or LF, and submits at most a bounded number of lines', () => {
    const editor = new LineEditor();
    expect(editor.feed('help\r\nclear\nx')).toEqual([
      { type: 'echo', text: 'help' },
      { type: 'submit', line: 'help' },
      { type: 'echo', text: 'clear' },
      { type: 'submit', line: 'clear' },
      { type: 'echo', text: 'x' },
    ]);
    const many = new LineEditor().feed('\r'.repeat(1_000_000));
    expect(many.filter((effect) => effect.type === 'submit')).toHaveLength(MAX_LINES_PER_INPUT);
  });
  it('keeps bad input out of the line: NUL, BOM, lone surrogates, escape sequences; a huge paste is cut', () => {
    const editor = new LineEditor();
    editor.feed('\0a\uFEFFb\uD800c\uDC00\x1b[Cd\x1b[1;5De');
    expect(editor.line).toBe('abcde');
    editor.feed('\x03');
    const effects = editor.feed('x'.repeat(1_000_000));
    expect(editor.line).toHaveLength(MAX_LINE);
    expect(effects).toEqual([{ type: 'echo', text: 'x'.repeat(MAX_LINE) }]);
  });
  it('brings back earlier commands with the arrow keys', () => {
    const editor = new LineEditor();
    editor.feed('help\r');
    editor.feed('clear\r');
    editor.feed('ab');
    expect(editor.feed('\x1b[A')).toEqual([{ type: 'echo', text: '\b \b\b \bclear' }]);
    expect(editor.feed('\x1b[A')).toEqual([{ type: 'echo', text: '\b \b\b \b\b \b\b \b\b \bhelp' }]);
    expect(editor.feed('\x1b[A')).toEqual([]);
    editor.feed('\x1b[B\x1b[B');
    expect(editor.line).toBe('');
  });
});

describe('toTerminal', () => {
  it('shows every LF as CR LF and leaves the text itself alone', () => {
    expect(toTerminal('a\nb\n')).toBe('a\r\nb\r\n');
    expect(toTerminal('a\r\nb')).toBe('a\r\nb');
    expect(toTerminal(EXPECTED).replaceAll('\r\n', '\n')).toBe(EXPECTED);
  });
});

/** A terminal buffer as xterm keeps it: rows of `cols` cells, long lines wrapped onto the next rows. */
function fakeBuffer(text: string, cols: number): BufferLike {
  const rows: { text: string; isWrapped: boolean }[] = [];
  for (const line of text.split('\n')) {
    const chars = Array.from(line);
    if (chars.length === 0) rows.push({ text: '', isWrapped: false });
    for (let i = 0; i < chars.length; i += cols)
      rows.push({ text: chars.slice(i, i + cols).join(''), isWrapped: i > 0 });
  }
  return {
    length: rows.length,
    getLine: (y) => {
      const row = rows[y];
      if (!row) return undefined;
      return {
        isWrapped: row.isWrapped,
        translateToString: (trim) => (trim ? row.text.trimEnd() : row.text.padEnd(cols)),
      };
    },
  };
}

describe('bufferText', () => {
  it('joins wrapped rows back into their line, keeping a space that fell at the end of a row', () => {
    expect(bufferText(fakeBuffer('abc def', 4))).toBe('abc def');
    expect(bufferText(fakeBuffer(EXPECTED.trimEnd(), 40))).toBe(EXPECTED.trimEnd());
    expect(bufferText(fakeBuffer(EXPECTED.trimEnd(), 80))).toBe(EXPECTED.trimEnd());
  });
});
