// The terminal demo: an xterm.js terminal that runs the lesson's program in the page, against the
// in-page copy of the host, and prints exactly what `npm run lesson -- l6` prints. Loaded on first
// use (a button, a click or a key in the frame), with xterm's CSS, never on first paint.

// xterm's CSS as a string, injected on mount: a plain CSS import would be hoisted into every page.
import xtermCss from '@xterm/xterm/css/xterm.css?inline';
import { Terminal, type ITheme } from '@xterm/xterm';
import { FitAddon } from '@xterm/addon-fit';
import { createInPageHost, runLesson6 } from '../../lessons-code/index.ts';
import { readLabels, type Labels } from './labels.ts';
import { LineEditor, MAX_INPUT, PROMPT, RUN_COMMAND, parseCommand, toTerminal, type ShellEffect } from './terminal-shell.ts';

/**
 * The terminal takes as many columns as fit its box, and never fewer than the program's widest
 * line (data-cols, measured at build time): the program's tables never wrap; a wider terminal than
 * its box scrolls sideways inside the frame.
 */
const MIN_COLS = 10;
/** A narrow box gets a slightly smaller font, so a few more columns fit. */
const NARROW_BOX = 480;
const MIN_ROWS = 8;

/** What the page's tests and the copy button read: the element, with its terminal and the last output. */
export interface ProgramTerminalElement extends HTMLElement {
  terminal?: Terminal;
  output?: string;
}

type Action = 'run' | 'clear' | 'help' | 'copy' | 'focus';

/** A colour of Starlight's theme (a CSS variable) as `#rrggbb`, resolved by the browser. */
function themeColor(probe: HTMLElement, variable: string, fallback: string): string {
  probe.style.color = fallback;
  probe.style.color = `var(${variable}, ${fallback})`;
  const match = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(getComputedStyle(probe).color);
  if (!match) return fallback;
  return '#' + match.slice(1, 4).map((n) => Number(n).toString(16).padStart(2, '0')).join('');
}

/** The terminal's colours from the page's current theme: Starlight's background, text and accents. */
export function readTheme(probe: HTMLElement): ITheme {
  const background = themeColor(probe, '--sl-color-black', '#17181c');
  const foreground = themeColor(probe, '--sl-color-white', '#ffffff');
  const accent = themeColor(probe, '--sl-color-accent-high', '#b3c7ff');
  const accentLow = themeColor(probe, '--sl-color-accent-low', '#131e4f');
  const gray = themeColor(probe, '--sl-color-gray-2', '#c0c2c7');
  const green = themeColor(probe, '--sl-color-green-high', '#a8e5a4');
  const red = themeColor(probe, '--sl-color-red-high', '#ffb3b3');
  return {
    background,
    foreground,
    cursor: accent,
    cursorAccent: background,
    selectionBackground: accentLow,
    selectionForeground: foreground,
    selectionInactiveBackground: accentLow,
    black: background,
    brightBlack: gray,
    white: foreground,
    brightWhite: foreground,
    green,
    brightGreen: green,
    red,
    brightRed: red,
    blue: accent,
    brightBlue: accent,
    cyan: accent,
    brightCyan: accent,
  };
}

/** The width of one cell of a monospaced font, measured as xterm measures it. */
function cellWidth(fontFamily: string, fontSize: number): number {
  const probe = document.createElement('span');
  probe.style.cssText = `position:absolute;visibility:hidden;white-space:pre;font-family:${fontFamily};font-size:${fontSize}px`;
  probe.textContent = 'W'.repeat(64);
  document.body.append(probe);
  const width = probe.getBoundingClientRect().width / 64;
  probe.remove();
  return width || fontSize * 0.6;
}

const DIM = (text: string) => `\x1b[90m${text}\x1b[0m`;
const PROMPT_SHOWN = `\x1b[32m${PROMPT.trimEnd()}\x1b[0m `;

export function mount(element: HTMLElement): void {
  const host = element as ProgramTerminalElement;
  const t: Labels = readLabels(host);
  host.setAttribute('data-mounted', '');

  const placeholder = host.querySelector<HTMLElement>('[data-placeholder]');
  const screen = host.querySelector<HTMLElement>('.terminal-screen')!;
  const live = host.querySelector<HTMLElement>('[data-live]')!;
  const buttons = new Map<Action, HTMLButtonElement>();
  for (const button of host.querySelectorAll<HTMLButtonElement>('button[data-action]')) buttons.set(button.dataset.action as Action, button);
  placeholder?.remove();
  if (!document.querySelector('style[data-xterm-css]')) {
    const style = document.createElement('style');
    style.dataset.xtermCss = '';
    style.textContent = xtermCss;
    document.head.append(style);
  }

  const probe = document.createElement('span');
  probe.hidden = true;
  host.append(probe);

  // xterm's own strings (its textarea's label, its screen-reader overflow notice), translated.
  Terminal.strings.promptLabel = t('inputLabel');
  Terminal.strings.tooMuchOutput = t('tooMuchOutput');
  const fontFamily = getComputedStyle(host).getPropertyValue('--__sl-font-mono').trim() || 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';
  const terminal = new Terminal({
    screenReaderMode: true,
    convertEol: false,
    cursorBlink: false,
    fontFamily,
    fontSize: screen.clientWidth < NARROW_BOX ? 12 : 13,
    lineHeight: 1.15,
    scrollback: 5000,
    minimumContrastRatio: 4.5,
    theme: readTheme(probe),
    cols: MIN_COLS,
    rows: MIN_ROWS,
  });
  const fit = new FitAddon();
  terminal.loadAddon(fit);
  // Tab (and Shift+Tab) leave the terminal as they leave any field: no keyboard trap.
  terminal.attachCustomKeyEventHandler((event) => event.key !== 'Tab');
  terminal.open(screen);
  host.terminal = terminal;
  // A huge paste is cut before xterm copies and converts all of it: the shell would drop the rest anyway.
  terminal.element?.addEventListener(
    'paste',
    (event) => {
      const text = event.clipboardData?.getData('text/plain') ?? '';
      if (text.length <= MAX_INPUT) return;
      event.preventDefault();
      event.stopPropagation();
      terminal.paste(text.slice(0, MAX_INPUT));
    },
    { capture: true },
  );
  terminal.element?.setAttribute('aria-label', t('terminalLabel'));
  terminal.element?.setAttribute('role', 'group');

  // Size: the columns of the widest line, or more if they fit; as many rows as fit the height.
  const scroller = host.querySelector<HTMLElement>('.terminal-box')!;
  const needed = Number(host.dataset.cols) || MIN_COLS;
  const resize = () => {
    const boxWidth = scroller.clientWidth;
    const fontSize = boxWidth < NARROW_BOX ? 12 : 13;
    if (terminal.options.fontSize !== fontSize) terminal.options.fontSize = fontSize;
    const cell = cellWidth(fontFamily, fontSize);
    const cols = Math.max(MIN_COLS, needed, Math.floor((boxWidth - 24) / cell));
    screen.style.width = `${Math.ceil(cols * cell) + 16}px`;
    const dims = fit.proposeDimensions();
    const rows = Math.max(MIN_ROWS, dims && Number.isFinite(dims.rows) ? dims.rows : MIN_ROWS);
    if (cols !== terminal.cols || rows !== terminal.rows) terminal.resize(cols, rows);
  };
  let frame = 0;
  const resizeObserver = new ResizeObserver(() => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(resize);
  });
  resizeObserver.observe(scroller);
  resize();

  // Theme: follow Starlight's switch (data-theme on <html>) as it happens.
  const themeObserver = new MutationObserver(() => {
    terminal.options.theme = readTheme(probe);
    host.dataset.terminalTheme = document.documentElement.dataset.theme ?? '';
  });
  themeObserver.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  host.dataset.terminalTheme = document.documentElement.dataset.theme ?? '';

  const write = (text: string) => new Promise<void>((resolve) => terminal.write(text, resolve));
  const announce = (text: string) => {
    live.textContent = '';
    // A new node each time, so the same message twice is announced twice.
    requestAnimationFrame(() => (live.textContent = text));
  };

  // One thing at a time: typed input, buttons and commands run in order, each after the last.
  let queue: Promise<void> = Promise.resolve();
  let pendingTasks = 0;
  const enqueue = (task: () => Promise<void>) => {
    pendingTasks++;
    host.dataset.state = 'busy';
    queue = queue
      .then(task)
      .catch((error: unknown) => {
        console.error(error);
      })
      .finally(() => {
        pendingTasks--;
        if (pendingTasks === 0) host.dataset.state = 'idle';
      });
    return queue;
  };

  const editor = new LineEditor();

  /**
   * What a task prints, gathered and written in one piece: every write makes xterm render its rows
   * and, in screen-reader mode, measure each of them, which costs a layout of this long page.
   */
  class Output {
    private text = '';
    add(text: string): void {
      this.text += text;
    }
    async flush(): Promise<void> {
      if (this.text === '') return;
      const text = this.text;
      this.text = '';
      await write(text);
    }
  }

  const runProgram = async (out: Output) => {
    announce(t('running'));
    let text: string;
    try {
      text = (await runLesson6(createInPageHost())).text;
    } catch (error) {
      const message = t('failed', { message: (error as Error).message });
      out.add(toTerminal(message + '\n'));
      announce(message);
      return;
    }
    host.output = text;
    host.dataset.output = text;
    const copy = buttons.get('copy');
    if (copy) copy.disabled = false;
    out.add(toTerminal(text));
    const lines = text.split('\n').length - 1;
    announce(t('done', { lines, chars: text.length }));
  };

  const helpText = () =>
    [
      t('helpTitle'),
      `  ${RUN_COMMAND.padEnd(22)}${t('helpRun')}`,
      `  ${'clear'.padEnd(22)}${t('helpClear')}`,
      `  ${'help'.padEnd(22)}${t('helpHelp')}`,
      t('helpKeys'),
      '',
    ].join('\n');

  /** Home, erase the screen, erase the scrollback: written through the parser, so it keeps its place in line. */
  const CLEAR_SCREEN = '\x1b[H\x1b[2J\x1b[3J';

  /** Runs one submitted line and shows the prompt again (the line's own echo is already on screen). */
  const execute = async (line: string, out: Output) => {
    out.add('\r\n');
    const command = parseCommand(line);
    switch (command.kind) {
      case 'run':
        if (command.implied) out.add(toTerminal(DIM(t('implied', { command: RUN_COMMAND })) + '\n'));
        await runProgram(out);
        break;
      case 'help':
        out.add(toTerminal(helpText()));
        announce(t('helpShown'));
        break;
      case 'clear':
        out.add(CLEAR_SCREEN);
        announce(t('cleared'));
        break;
      case 'unknown': {
        const message = t('notFound', { command: command.command });
        out.add(toTerminal(message + '\n'));
        announce(message);
        break;
      }
      case 'empty':
        break;
    }
    out.add(PROMPT_SHOWN);
  };

  const apply = async (effects: ShellEffect[]) => {
    const out = new Output();
    for (const effect of effects) {
      if (effect.type === 'echo') out.add(effect.text);
      else if (effect.type === 'submit') await execute(effect.line, out);
      else if (effect.type === 'cancel') out.add('^C\r\n' + PROMPT_SHOWN);
      else out.add(CLEAR_SCREEN + PROMPT_SHOWN + effect.line);
    }
    await out.flush();
  };

  // The input is read in its turn, after what came before it has been shown: the editor's line is
  // then always the line on screen.
  terminal.onData((data) => void enqueue(() => apply(editor.feed(data))));

  /** A button's command: typed on a fresh line as if by hand (a half-typed line is cancelled, visibly). */
  const typed = async (command: string) => {
    const out = new Output();
    if (editor.line !== '') out.add('^C\r\n' + PROMPT_SHOWN);
    editor.reset();
    editor.remember(command);
    out.add(command);
    await execute(command, out);
    await out.flush();
  };

  const copyOutput = async () => {
    if (host.output === undefined) return;
    try {
      await navigator.clipboard.writeText(host.output);
      announce(t('copied'));
    } catch {
      announce(t('copyFailed'));
    }
  };

  const act = (action: Action): Promise<void> | undefined => {
    switch (action) {
      case 'run':
        return enqueue(() => typed(RUN_COMMAND));
      case 'help':
        return enqueue(() => typed('help'));
      case 'clear':
        // Clears the screen and keeps what the learner was typing.
        return enqueue(async () => {
          await write(CLEAR_SCREEN + PROMPT_SHOWN + editor.line);
          announce(t('cleared'));
        });
      case 'copy':
        return enqueue(copyOutput);
      case 'focus':
        terminal.focus();
        return undefined;
    }
  };
  for (const [action, button] of buttons) button.addEventListener('click', () => void act(action));

  void enqueue(() => write(toTerminal(DIM(t('welcome')) + '\n') + PROMPT_SHOWN));

  // A button pressed while this code was loading: do what it asked, now.
  const pending = host.dataset.pending as Action | undefined;
  delete host.dataset.pending;
  if (pending) void act(pending);
}
