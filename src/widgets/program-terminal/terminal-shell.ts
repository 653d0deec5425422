// The terminal demo's tiny shell, without a terminal: it turns what the learner types (xterm's
// onData strings) into what to echo and which lines were submitted, and parses a submitted line
// into one of the few commands it knows. No DOM, no xterm: unit-tested in test/unit/.

/** The command the lesson gives; the terminal runs the lesson's program when it is typed. */
export const RUN_COMMAND = 'npm run lesson -- l6';

/** The same without the lesson's name: this terminal has one lesson, so it runs that one and says so. */
const SHORT_RUN_COMMAND = 'npm run lesson';

/** The shell's prompt, as a terminal prints it. */
export const PROMPT = '$ ';

/** A typed line longer than this is not extended (a huge paste stays harmless). */
export const MAX_LINE = 200;

/**
 * Input past this many characters (a huge paste) is dropped before it is even looked at: 20 full lines fit twice over.
 */
export const MAX_INPUT = 8_192;

/**
 * At most this many lines are submitted by one input (a paste of a million line feeds runs nothing a million times).
 */
export const MAX_LINES_PER_INPUT = 20;

/** How many earlier commands the arrow keys can bring back. */
const MAX_HISTORY = 50;

export type ShellCommand =
  | { kind: 'run'; implied: boolean }
  | { kind: 'clear' }
  | { kind: 'help' }
  | { kind: 'empty' }
  | { kind: 'unknown'; command: string };

/** What the terminal must do, in order, after some input. */
export type ShellEffect =
  | { type: 'echo'; text: string }
  | { type: 'submit'; line: string }
  | { type: 'cancel' }
  | { type: 'clearScreen'; line: string };

/** A line's command: spaces around and between words do not matter; anything else is unknown. */
export function parseCommand(line: string): ShellCommand {
  const words = line
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '');
  if (words.length === 0) return { kind: 'empty' };
  const normal = words.join(' ');
  if (normal === RUN_COMMAND) return { kind: 'run', implied: false };
  if (normal === SHORT_RUN_COMMAND) return { kind: 'run', implied: true };
  if (normal === 'clear') return { kind: 'clear' };
  if (normal === 'help') return { kind: 'help' };
  return { kind: 'unknown', command: words[0]! };
}

/** A character a learner can type into the line: printable, not a control character. */
function isPrintable(char: string): boolean {
  const code = char.charCodeAt(0);
  if (char.length === 1 && code >= 0x20 && code < 0x7f) return true; // plain ASCII: the usual case, no regex
  return !/[\p{Cc}\p{Cf}\p{Cs}]/u.test(char) || char === '\u200d';
}

/** The line being typed, with a little history; `feed` takes xterm's onData strings. */
export class LineEditor {
  private text = '';
  /** The line's length in code points (what MAX_LINE counts). */
  private length = 0;
  private history: string[] = [];
  private historyIndex = 0;

  /** Empties the line (its text is not echoed away: the caller decides what the screen shows). */
  get line(): string {
    return this.text;
  }

  private setLine(value: string): void {
    this.text = value;
    this.length = Array.from(value).length;
  }

  reset(): void {
    this.setLine('');
    this.historyIndex = this.history.length;
  }

  /** Remembers a submitted command for the arrow keys. */
  remember(line: string): void {
    const trimmed = line.trim();
    if (trimmed !== '' && this.history[this.history.length - 1] !== trimmed) {
      this.history.push(trimmed);
      if (this.history.length > MAX_HISTORY) this.history.shift();
    }
    this.historyIndex = this.history.length;
  }

  feed(data: string): ShellEffect[] {
    const effects: ShellEffect[] = [];
    let echo = '';
    let submitted = 0;
    const flush = () => {
      if (echo !== '') effects.push({ type: 'echo', text: echo });
      echo = '';
    };
    const chars = Array.from(data.length > MAX_INPUT ? data.slice(0, MAX_INPUT) : data);
    for (let i = 0; i < chars.length; i++) {
      const char = chars[i]!;
      if (char === '\r' || char === '\n') {
        if (char === '\n' && chars[i - 1] === '\r') continue; // CRLF in a paste is one line end
        flush();
        if (submitted >= MAX_LINES_PER_INPUT) break;
        submitted++;
        const line = this.line;
        this.remember(line);
        this.setLine('');
        effects.push({ type: 'submit', line });
      } else if (char === '\x7f' || char === '\b') {
        const kept = Array.from(this.line);
        if (kept.length > 0) {
          kept.pop();
          this.setLine(kept.join(''));
          echo += '\b \b';
        }
      } else if (char === '\x03') {
        flush();
        this.setLine('');
        this.historyIndex = this.history.length;
        effects.push({ type: 'cancel' });
      } else if (char === '\x0c') {
        flush();
        effects.push({ type: 'clearScreen', line: this.line });
      } else if (char === '\x1b') {
        // An escape sequence: the arrow keys browse the history, the others are ignored.
        const rest = chars.slice(i + 1, i + 3).join('');
        if (rest === '[A' || rest === 'OA') echo += this.browse(-1);
        else if (rest === '[B' || rest === 'OB') echo += this.browse(1);
        i += skipEscape(chars, i);
      } else if (char === '\t') {
        // No completion here.
      } else if (this.length < MAX_LINE && isPrintable(char)) {
        this.text += char;
        this.length++;
        echo += char;
      }
    }
    flush();
    return effects;
  }

  /** Replaces the line by an earlier or later command; returns the echo that redraws it. */
  private browse(step: number): string {
    const index = Math.min(this.history.length, Math.max(0, this.historyIndex + step));
    if (index === this.historyIndex) return '';
    this.historyIndex = index;
    const erase = '\b \b'.repeat(this.length);
    this.setLine(this.history[index] ?? '');
    return erase + this.line;
  }
}

/** How many characters after index `start` (an ESC) belong to its sequence: CSI and SS3 sequences are whole. */
function skipEscape(chars: string[], start: number): number {
  const next = chars[start + 1];
  if (next === '[') {
    let j = start + 2;
    while (j < chars.length && !/[@-~]/.test(chars[j]!)) j++;
    return Math.min(j, chars.length - 1) - start;
  }
  if (next === 'O') return Math.min(2, chars.length - 1 - start);
  return next === undefined ? 0 : 1;
}

/** The terminal's bytes for a text: every LF shown as CR LF (the text itself keeps its LFs). */
export function toTerminal(text: string): string {
  return text.replace(/\r?\n/g, '\r\n');
}

/** The rows of a terminal buffer, joined back into lines: a wrapped row continues the line above. */
export interface BufferLike {
  length: number;
  getLine(y: number): { isWrapped: boolean; translateToString(trimRight?: boolean): string } | undefined;
}

export function bufferText(buffer: BufferLike): string {
  const lines: string[] = [];
  for (let y = 0; y < buffer.length; y++) {
    const row = buffer.getLine(y);
    if (!row) continue;
    const continued = buffer.getLine(y + 1)?.isWrapped ?? false;
    const text = row.translateToString(!continued);
    if (row.isWrapped && lines.length > 0) lines[lines.length - 1] += text;
    else lines.push(text);
  }
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.join('\n');
}
