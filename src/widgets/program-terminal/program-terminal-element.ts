// The terminal demo: runs the lesson's program in the page, against the in-page copy of the host,
// and prints exactly what `npm run lesson -- l6` prints (its markup: ProgramTerminal.astro; its
// screen: terminal-screen.ts; its little shell: terminal-shell.ts). Loaded on first use (a button,
// a click or a key in the frame), never on first paint.

import type { Terminal } from '@xterm/xterm';
import { createInPageHost, runLesson6 } from '../../../lessons-code/index.ts';
import { announce, part, Strings } from '../../demo-kit/kit-client.ts';
import { openScreen } from './terminal-screen.ts';
import {
  bufferText,
  LineEditor,
  PROMPT,
  RUN_COMMAND,
  parseCommand,
  toTerminal,
  type ShellEffect,
} from './terminal-shell.ts';

/** What the page's tests and the copy button read: the element, with its terminal and the last output. */
export interface ProgramTerminalElement extends HTMLElement {
  terminal?: Terminal;
  /** What the screen shows, its wrapped rows joined back into lines (the browser tests read it). */
  screenText?: () => string;
  output?: string;
}

type Action = 'run' | 'clear' | 'help' | 'copy' | 'focus';

const DIM = (text: string) => `\x1b[90m${text}\x1b[0m`;
const PROMPT_SHOWN = `\x1b[32m${PROMPT.trimEnd()}\x1b[0m `;

export function mount(element: HTMLElement): void {
  const host = element as ProgramTerminalElement;
  const { t } = new Strings(host, 'terminal');
  host.setAttribute('data-mounted', '');
  const live = part(host, 'live');
  const buttons = new Map<Action, HTMLButtonElement>();
  for (const button of host.querySelectorAll<HTMLButtonElement>('button[data-action]'))
    buttons.set(button.dataset.action as Action, button);
  const terminal = openScreen(host, t);
  host.terminal = terminal;
  host.screenText = () => bufferText(terminal.buffer.active);

  const write = (text: string) => new Promise<void>((resolve) => terminal.write(text, resolve));
  const say = (text: string) => announce(live, text);

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
    say(t('running'));
    let text: string;
    try {
      text = (await runLesson6(createInPageHost())).text;
    } catch (error) {
      const message = t('failed', { message: (error as Error).message });
      out.add(toTerminal(message + '\n'));
      say(message);
      return;
    }
    host.output = text;
    host.dataset.output = text;
    const copy = buttons.get('copy');
    if (copy) copy.disabled = false;
    out.add(toTerminal(text));
    const lines = text.split('\n').length - 1;
    say(t('done', { lines, chars: text.length }));
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
        say(t('helpShown'));
        break;
      case 'clear':
        out.add(CLEAR_SCREEN);
        say(t('cleared'));
        break;
      case 'unknown': {
        const message = t('notFound', { command: command.command });
        out.add(toTerminal(message + '\n'));
        say(message);
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
      say(t('copied'));
    } catch {
      say(t('copyFailed'));
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
          say(t('cleared'));
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
