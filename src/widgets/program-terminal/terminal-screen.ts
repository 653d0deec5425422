// The terminal demo's screen: an xterm.js terminal in the page's theme and fonts, with xterm's CSS
// injected on first use (a plain CSS import would be hoisted into every page). It takes the columns
// of the program's widest line (data-cols, measured at build time), or more if they fit, so the
// program's tables never wrap: a terminal wider than its box scrolls sideways inside the frame.

import xtermCss from '@xterm/xterm/css/xterm.css?inline';
import { Terminal, type ITheme } from '@xterm/xterm';
import { FitAddon } from '@xterm/addon-fit';
import { part } from '../../demo-kit/kit-client.ts';
import { MAX_INPUT } from './terminal-shell.ts';

const MIN_COLS = 10;
/** A narrow box gets a slightly smaller font, so a few more columns show. */
const NARROW_BOX = 480;
const MIN_ROWS = 8;

/** A colour of Starlight's theme (a CSS variable) as `#rrggbb`, resolved by the browser. */
function themeColor(probe: HTMLElement, variable: string, fallback: string): string {
  probe.style.color = fallback;
  probe.style.color = `var(${variable}, ${fallback})`;
  const match = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(getComputedStyle(probe).color);
  if (!match) return fallback;
  return (
    '#' +
    match
      .slice(1, 4)
      .map((n) => Number(n).toString(16).padStart(2, '0'))
      .join('')
  );
}

/** The terminal's colours from the page's current theme: Starlight's background, text and accents. */
function readTheme(probe: HTMLElement): ITheme {
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
  probe.style.cssText =
    'position:absolute;visibility:hidden;white-space:pre;' + `font-family:${fontFamily};font-size:${fontSize}px`;
  probe.textContent = 'W'.repeat(64);
  document.body.append(probe);
  const width = probe.getBoundingClientRect().width / 64;
  probe.remove();
  return width || fontSize * 0.6;
}

/** Opens the terminal in the demo's screen, sized, themed, following the page's theme and width. */
export function openScreen(host: HTMLElement, t: (key: string) => string): Terminal {
  const screen = part(host, 'screen');
  host.querySelector('[data-placeholder]')?.remove();
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
  const fontFamily =
    getComputedStyle(host).getPropertyValue('--__sl-font-mono').trim() ||
    'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';
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
  const scroller = part(host, 'scroller');
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

  return terminal;
}
