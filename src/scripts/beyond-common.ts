// Small DOM helpers shared by the three demos of "Beyond the wire" (cut, stop-short, timeline).

import type { CutContext } from '../../lessons-code/index.ts';
import { appendVisible } from './whitespace.ts';

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The page's language, for number formats. */
export function pageLang(): string {
  return document.documentElement.lang || 'en';
}

const formats = new Map<string, Intl.NumberFormat>();

/** A number in the page's language; the formatters are made once (making one costs milliseconds). */
export function formatNumber(value: number, digits = 0): string {
  const key = `${pageLang()}:${digits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(pageLang(), { minimumFractionDigits: digits, maximumFractionDigits: digits });
    formats.set(key, format);
  }
  return format.format(value);
}

/** A box whose content may be wide: it scrolls inside itself, can be focused, and has a name. */
export function scrollBox(name: string, className = ''): HTMLPreElement {
  const pre = el('pre', `bw-box ${className}`.trim());
  pre.tabIndex = 0;
  pre.setAttribute('role', 'group');
  pre.setAttribute('aria-label', name);
  return pre;
}

/** The text on either side of a cut, whitespace visible, a scissors mark at the cut, a split character's bytes in hex. */
export function renderCutContext(target: HTMLElement, context: CutContext, cutLabel: string): void {
  target.replaceChildren();
  appendVisible(target, context.before);
  if (context.split) {
    const split = el('span', 'bw-split');
    split.append(el('span', 'bw-split-char', context.split.char), ' ');
    split.append(el('span', 'bw-hex', context.split.hexBefore));
    split.append(cutMark(cutLabel));
    split.append(el('span', 'bw-hex', context.split.hexAfter));
    target.append(split);
  } else {
    target.append(cutMark(cutLabel));
  }
  appendVisible(target, context.after);
}

function cutMark(label: string): HTMLElement {
  const mark = el('span', 'bw-cut', '✂');
  mark.setAttribute('role', 'img');
  mark.setAttribute('aria-label', label);
  return mark;
}

/** A text shortened to `max` characters, with an ellipsis when it was cut. */
export function clip(text: string, max: number): string {
  return text.length > max ? text.slice(0, max) + '…' : text;
}
