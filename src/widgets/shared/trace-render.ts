// How the reader playground and the writer × reader demo show a stream: line by line, each line
// with its line end made visible and the rule of the standard that applied to it, then the events.

import { h } from '../../demo-kit/kit-client.ts';
import { appendVisible } from '../../demo-kit/visible-render.ts';
import type { TraceLineView, TraceResult } from './wire-ops.ts';

/** A string of the reader playground (course.playground.*), which both demos carry. */
type Labels = (key: string, vars?: Record<string, string | number>) => string;

const END_SIGNS: Record<string, string> = { '\r\n': '␍␊', '\n': '␊', '\r': '␍', '': '' };

/** The text of a line's tag: the rule, what it did, and what the end of the stream threw away. */
function tagText(line: TraceLineView, t: Labels): string {
  let text: string;
  switch (line.tag) {
    case 'data':
      text = line.event === null ? t('playground.tag.data') : t('playground.tag.dataFor', { n: line.event + 1 });
      break;
    case 'dispatch':
      text = t('playground.tag.dispatch', { n: (line.event ?? 0) + 1 });
      break;
    case 'no-colon':
      text = t('playground.tag.noColon');
      break;
    case 'ignored':
      text = t('playground.tag.ignored', { field: line.field });
      break;
    default:
      text = t(`playground.tag.${line.tag}`);
  }
  // A known field with no colon: its value is empty (`data` alone adds an empty line).
  if (!line.hadColon && (line.tag === 'data' || line.tag === 'event' || line.tag === 'id' || line.tag === 'retry'))
    text += ' ' + t('playground.tag.emptyValue');
  if (line.discarded && line.tag !== 'unfinished') text += ' — ' + t('playground.tag.discarded');
  return text;
}

/** Fills `list` with the lines of a trace. */
export function renderLines(list: HTMLElement, result: TraceResult, t: Labels): void {
  list.replaceChildren();
  for (const line of result.lines) {
    const item = h('li', 'tl-line');
    item.dataset.tag = line.tag;
    if (line.discarded) item.dataset.discarded = '';
    const number = h('span', 'tl-n', String(line.n));
    const code = h('code', 'tl-text');
    appendVisible(code, line.text);
    if (line.cut > 0) code.append(h('span', 'tl-cut', ' ' + t('playground.cutChars', { count: line.cut }) + ' '));
    if (line.end !== '') code.append(h('span', 'ws', END_SIGNS[line.end]));
    const tag = h('span', 'tl-tag', tagText(line, t));
    item.append(number, code, tag);
    list.append(item);
  }
  if (result.lines.length === 0) list.append(h('li', 'note', t('playground.noLines')));
}

/** Fills `list` with the events of a trace. */
export function renderEvents(list: HTMLElement, result: TraceResult, t: Labels): void {
  list.replaceChildren();
  result.events.forEach((event, i) => {
    const item = h('li', 'tl-event');
    const head = h('p', 'tl-event-head');
    head.append(h('strong', undefined, t('playground.eventN', { n: i + 1 })));
    if (event.type !== 'message') head.append(' · ', t('playground.eventType', { type: event.type }));
    if (event.lastEventId !== '') head.append(' · ', t('playground.eventId', { id: event.lastEventId }));
    const pre = h('pre', 'tl-data');
    if (event.data === '') pre.append(h('span', 'note', t('playground.emptyData')));
    else appendVisible(pre, event.data);
    if (event.cut > 0) pre.append(h('span', 'tl-cut', ' ' + t('playground.cutChars', { count: event.cut })));
    item.append(head, pre);
    list.append(item);
  });
  if (result.eventCount === 0) list.append(h('li', 'note', t('playground.noEvents')));
}

/** The notes under a trace cut for the page: lines and events not listed. */
export function moreNotes(result: TraceResult, t: Labels): { lines: string; events: string } {
  return {
    lines:
      result.lineCount > result.lines.length
        ? t('playground.moreLines', { count: result.lineCount - result.lines.length })
        : '',
    events:
      result.eventCount > result.events.length
        ? t('playground.moreEvents', { count: result.eventCount - result.events.length })
        : '',
  };
}
