// How the reader playground and the writer × reader demo show a stream: line by line, each line
// with its line end made visible and the rule of the standard that applied to it, then the events.

import type { Labels } from './labels.ts';
import { appendVisible } from './whitespace.ts';
import type { TraceLineView, TraceResult } from './wire-ops.ts';

/** The keys of the tag labels, shared by both demos (course.playground.tag.*). */
export const TAG_LABEL_KEYS = [
  'tag.data',
  'tag.dataFor',
  'tag.dispatch',
  'tag.blank',
  'tag.comment',
  'tag.noColon',
  'tag.ignored',
  'tag.event',
  'tag.id',
  'tag.retry',
  'tag.unfinished',
  'tag.discarded',
  'tag.emptyValue',
  'cutChars',
  'moreLines',
  'eventN',
  'eventType',
  'eventId',
  'emptyData',
  'moreEvents',
  'noEvents',
  'noLines',
] as const;

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

const END_SIGNS: Record<string, string> = { '\r\n': '␍␊', '\n': '␊', '\r': '␍', '': '' };

/** The text of a line's tag: the rule, what it did, and what the end of the stream threw away. */
export function tagText(line: TraceLineView, t: Labels): string {
  let text: string;
  switch (line.tag) {
    case 'data':
      text = line.event === null ? t('tag.data') : t('tag.dataFor', { n: line.event + 1 });
      break;
    case 'dispatch':
      text = t('tag.dispatch', { n: (line.event ?? 0) + 1 });
      break;
    case 'no-colon':
      text = t('tag.noColon');
      break;
    case 'ignored':
      text = t('tag.ignored', { field: line.field });
      break;
    default:
      text = t(`tag.${line.tag}`);
  }
  // A known field with no colon: its value is empty (`data` alone adds an empty line).
  if (!line.hadColon && (line.tag === 'data' || line.tag === 'event' || line.tag === 'id' || line.tag === 'retry')) text += ' ' + t('tag.emptyValue');
  if (line.discarded && line.tag !== 'unfinished') text += ' — ' + t('tag.discarded');
  return text;
}

/** Fills `list` with the lines of a trace. */
export function renderLines(list: HTMLElement, result: TraceResult, t: Labels): void {
  list.replaceChildren();
  for (const line of result.lines) {
    const item = el('li', 'tl-line');
    item.dataset.tag = line.tag;
    if (line.discarded) item.dataset.discarded = '';
    const number = el('span', 'tl-n', String(line.n));
    const code = el('code', 'tl-text');
    appendVisible(code, line.text);
    if (line.cut > 0) code.append(el('span', 'tl-cut', ' ' + t('cutChars', { n: line.cut }) + ' '));
    if (line.end !== '') code.append(el('span', 'ws', END_SIGNS[line.end]));
    const tag = el('span', 'tl-tag', tagText(line, t));
    item.append(number, code, tag);
    list.append(item);
  }
  if (result.lines.length === 0) list.append(el('li', 'note', t('noLines')));
}

/** Fills `list` with the events of a trace. */
export function renderEvents(list: HTMLElement, result: TraceResult, t: Labels): void {
  list.replaceChildren();
  result.events.forEach((event, i) => {
    const item = el('li', 'tl-event');
    const head = el('p', 'tl-event-head');
    head.append(el('strong', undefined, t('eventN', { n: i + 1 })));
    if (event.type !== 'message') head.append(' · ', t('eventType', { type: event.type }));
    if (event.lastEventId !== '') head.append(' · ', t('eventId', { id: event.lastEventId }));
    const pre = el('pre', 'tl-data');
    if (event.data === '') pre.append(el('span', 'note', t('emptyData')));
    else appendVisible(pre, event.data);
    if (event.cut > 0) pre.append(el('span', 'tl-cut', ' ' + t('cutChars', { n: event.cut })));
    item.append(head, pre);
    list.append(item);
  });
  if (result.eventCount === 0) list.append(el('li', 'note', t('noEvents')));
}

/** The notes under a trace cut for the page: lines and events not listed. */
export function moreNotes(result: TraceResult, t: Labels): { lines: string; events: string } {
  return {
    lines: result.lineCount > result.lines.length ? t('moreLines', { n: result.lineCount - result.lines.length }) : '',
    events: result.eventCount > result.events.length ? t('moreEvents', { n: result.eventCount - result.events.length }) : '',
  };
}
