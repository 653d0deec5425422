// The stream inspector's report, drawn into its markup (InspectDemo.astro) one part at a time: the
// format and its evidence, the turn (its ending, answer, reasoning, tool calls and usage), the
// transport (status, headers, a HAR entry's timings), the findings, and the stream as the standard
// reads it. Everything the learner gave is set as text, never parsed as HTML.

import { LESSON_KEYS, reportMarkdown, type LessonKey } from '../../../lessons-code/index.ts';
import {
  SHOWN_CHARS,
  endingHelp,
  endingKey,
  endingSaidBy,
  evidenceWords,
  findingLines,
  findingText,
  formatName,
  headerText,
  lineEndsText,
  milliseconds,
  noFindingsText,
  timingsList,
} from '../../../lessons-code/inspect/report.ts';
import { h, type Strings } from '../../demo-kit/kit-client.ts';
import { moreNotes, renderEvents, renderLines } from '../shared/trace-render.ts';
import type { ShownReport, ShownText, TurnText } from './inspect-ops.ts';

/** What the views draw with: the markup's parts, the strings, and the course's sections by lesson. */
export interface InspectView {
  host: HTMLElement;
  p: <E extends HTMLElement = HTMLElement>(name: string) => E;
  s: Strings;
  lessons: Map<LessonKey, HTMLAnchorElement>;
}

/** The course's section of each lesson a finding names, as the markup resolved them at build time. */
export function lessonLinks(template: HTMLTemplateElement): Map<LessonKey, HTMLAnchorElement> {
  const lessons = new Map<LessonKey, HTMLAnchorElement>();
  for (const link of template.content.querySelectorAll<HTMLAnchorElement>('a[data-lesson]')) {
    const key = LESSON_KEYS.find((known) => known === link.dataset.lesson);
    if (key) lessons.set(key, link);
  }
  return lessons;
}

/** The report to share, in Markdown, its links made whole, the stream appended when given: in its box, and returned. */
export function renderReportMarkdown({ p, s, lessons }: InspectView, report: ShownReport, stream?: string): string {
  const markdown = reportMarkdown(report, s.t, {
    lesson: (key) => {
      const link = lessons.get(key);
      const href = link ? new URL(link.getAttribute('href') ?? '', location.href).href : '';
      return { href, title: link?.textContent ?? '' };
    },
    page: location.href.replace(/#.*$/, ''),
    ...(stream === undefined ? {} : { stream }),
  });
  p<HTMLTextAreaElement>('report').value = markdown;
  return markdown;
}

/** The whole report, part by part, and its Markdown; returns what the status line says of it. */
export function renderReport(view: InspectView, r: ShownReport): string {
  const {
    p,
    s: { t },
  } = view;
  for (const render of [renderFormat, renderTurn, renderTransport, renderFindings, renderStream]) render(view, r);
  p<HTMLSelectElement>('format').value = r.format.id === r.format.detected ? '' : r.format.id;
  renderReportMarkdown(view, r);
  p('report-status').textContent = '';
  p('copy-status').textContent = '';
  p('response').hidden = true;
  p('results').hidden = false;
  const ending = t(`ending.${endingKey(r.turn.ending.kind)}`);
  return t('done', { format: formatName(r.format.id, t), ending, count: r.findings.length });
}

/** One fact of a list (`<dl>`): its label and its value; returned, so that a caller can widen it. */
export function fact(list: HTMLElement, label: string, ...value: (Node | string)[]): HTMLElement {
  const item = h('div', undefined, h('dt', undefined, label), h('dd', undefined, ...value));
  list.append(item);
  return item;
}

/** The format read, whether it was detected or chosen, and the lines that told it. */
function renderFormat({ p, s: { t } }: InspectView, { format }: ShownReport): void {
  p('format-name').textContent = formatName(format.id, t);
  p('format-how').textContent =
    format.id === format.detected ? t('formatDetected') : t('formatChosen', { format: formatName(format.detected, t) });
  p('evidence').replaceChildren(
    ...format.evidence.map((e) =>
      h(
        'li',
        undefined,
        evidenceWords(e.what, t) ?? h('code', undefined, e.what),
        ' ',
        t('evidenceWhere', { line: e.line, count: e.count }),
      ),
    ),
  );
  p('evidence-box').hidden = format.evidence.length === 0;
  p('evidence-none').hidden = format.evidence.length > 0;
}

function renderChannel({ host, p, s: { t } }: InspectView, name: TurnText, { shown, length }: ShownText): void {
  p(name).textContent = shown;
  p(`${name}-note`).textContent =
    length === 0 ? t(`${name}Empty`) : length > shown.length ? t('shownPart', { count: SHOWN_CHARS }) : '';
  host.querySelector<HTMLButtonElement>(`button[data-copy="${name}"]`)!.disabled = length === 0;
}

/** How the turn ended, what GA's routing said, the answer and reasoning, the tool calls and the usage. */
function renderTurn(view: InspectView, { turn }: ShownReport): void {
  const { p, s } = view;
  const { t } = s;
  const { ending } = turn;
  const said = ending.kind === 'cut' ? '' : endingSaidBy(ending);
  p('ending').replaceChildren(
    h('strong', undefined, t(`ending.${endingKey(ending.kind)}`)),
    said === '' ? '' : ' — ',
    said === '' ? '' : h('code', { translate: 'no' }, said),
    ending.line === null ? '' : ` (${t('atLine', { line: ending.line })})`,
  );
  let help = endingHelp(ending, t);
  if (ending.kind === 'cut' && ending.reason !== '')
    help += ' ' + t('endingHelp.cutAfterFinish', { reason: ending.reason });
  p('ending-help').textContent = help;
  p('ending-message').textContent = ending.message;
  p('ending-words').hidden = ending.message === '';
  const routing = p('routing');
  routing.hidden = turn.routing === null;
  routing.textContent =
    turn.routing === null
      ? ''
      : t('routing', { line: turn.routingLine ?? 0, fields: turn.routing.map(([k, v]) => `${k} ${v}`).join(', ') });
  renderChannel(view, 'answer', turn.answer);
  renderChannel(view, 'reasoning', turn.reasoning);

  p('tools').replaceChildren(
    ...turn.toolCalls.map((call) =>
      h(
        'li',
        undefined,
        h(
          'p',
          undefined,
          h('code', undefined, call.name || '?'),
          ' ',
          call.index === null
            ? t('toolCallAt', { line: call.line })
            : t('toolCallIndex', { index: call.index, line: call.line }),
          call.id === '' ? '' : ' · ',
          call.id === '' ? '' : h('code', undefined, call.id),
          call.freeform ? ` · ${t('freeform')}` : '',
        ),
        h(
          'pre',
          { translate: 'no' },
          call.arguments !== '' ? call.arguments : t(call.freeform ? 'noInput' : 'noArguments'),
        ),
      ),
    ),
  );
  p('tools-none').hidden = turn.toolCalls.length > 0;

  const usage = p('usage');
  usage.replaceChildren();
  for (const [name, value] of turn.usage?.fields ?? [])
    usage.append(h('dt', { translate: 'no' }, name), h('dd', undefined, s.n(value)));
  p('usage-note').textContent = turn.usage === null ? t('usageNone') : t('usageLine', { line: turn.usage.line });
}

/** The status, the headers that matter to a stream (absent ones said so) and a HAR entry's timings. */
function renderTransport({ p, s: { t } }: InspectView, { transport }: ShownReport): void {
  p('transport-box').hidden = transport === null;
  if (transport === null) return;
  p('transport-from').textContent = t(transport.har ? 'transportFrom.har' : 'transportFrom.head');
  const list = p('transport');
  list.replaceChildren();
  fact(list, t('fact.status'), h('code', undefined, transport.statusLine)).className = 'si-wide';
  for (const header of transport.headers)
    fact(
      list,
      header.name,
      header.value === null ? headerText(header, t) : h('code', undefined, header.value),
    ).firstElementChild!.setAttribute('translate', 'no');
  const timings = p('timings');
  timings.replaceChildren();
  p('timings-box').hidden = !transport.har;
  if (!transport.har) return;
  if (transport.timings === null) {
    p('timings-note').textContent = t('timingsNone');
    return;
  }
  for (const [phase, value] of timingsList(transport.timings, t))
    timings.append(
      h('dt', undefined, t(`phase.${phase}`), ' ', h('code', { translate: 'no' }, phase)),
      h('dd', undefined, value),
    );
  const { body } = transport;
  p('timings-note').textContent =
    body === null
      ? t('timingsNoBody')
      : t('timingsBody', { receive: milliseconds(body.receive), total: milliseconds(body.wait + body.receive) });
}

/** Each finding with its severity, its words, its lines and the course's section it rests on. */
function renderFindings({ p, s: { t }, lessons }: InspectView, report: ShownReport): void {
  p('findings').replaceChildren(
    ...report.findings.map((finding) =>
      h(
        'li',
        { 'data-finding': finding.id, 'data-severity': finding.severity },
        h(
          'p',
          undefined,
          h('span', 'si-finding-title', t(`finding.${finding.id}.title`)),
          ' · ',
          t(`severity.${finding.severity}`),
        ),
        h('p', undefined, findingText(finding, t)),
        h('p', 'note', findingLines(finding, t)),
        h('p', 'note', t('inTheCourse'), ' ', lessons.get(finding.lesson)?.cloneNode(true) ?? ''),
      ),
    ),
  );
  const none = p('findings-none');
  none.hidden = report.findings.length > 0;
  none.textContent = noFindingsText(report, t);
}

/** A few `id:` or `retry:` values with their lines, and how many more there are. */
function fieldValues(t: Strings['t'], found: { line: number; value: string }[], count: number): (Node | string)[] {
  if (count === 0) return [t('fieldsNone')];
  const parts: (Node | string)[] = [];
  found.forEach((field, i) => {
    if (i > 0) parts.push(', ');
    parts.push(h('code', undefined, field.value), ' ', t('atLine', { line: field.line }));
  });
  if (count > found.length) parts.push(' ', t('fieldsMore', { count: count - found.length }));
  return parts;
}

/** The stream as the standard's reader sees it: its figures, then its first lines and events. */
function renderStream({ p, s }: InspectView, r: ShownReport): void {
  const { t } = s;
  const list = p('stream-facts');
  list.replaceChildren();
  const { stream } = r;
  fact(list, t('fact.bytes'), s.n(stream.bytes));
  fact(list, t('fact.lines'), s.n(stream.lineCount));
  fact(list, t('fact.events'), s.n(stream.eventCount));
  fact(list, t('fact.comments'), s.n(stream.comments));
  fact(list, t('fact.lineEnds'), lineEndsText(stream.lineEnds, t));
  fact(list, t('fact.bom'), t(stream.bom ? 'bom.yes' : 'bom.no'));
  if (r.decoded) fact(list, t('fact.decoded'), t(`decoded.${r.decoded}`)).className = 'si-wide';
  if (r.curlSaid) fact(list, t('fact.curlSaid'), h('code', undefined, r.curlSaid)).className = 'si-wide';
  fact(list, t('fact.ids'), ...fieldValues(t, stream.ids, stream.idCount));
  fact(list, t('fact.retries'), ...fieldValues(t, stream.retries, stream.retryCount));
  const types = stream.eventTypes.flatMap(([type, count], i) => [
    ...(i > 0 ? [', '] : []),
    h('code', undefined, type),
    ` ${s.n(count)}`,
  ]);
  fact(list, t('fact.types'), ...(types.length > 0 ? types : [t('typesNone')])).className = 'si-wide';
  if (r.entry)
    fact(list, t('fact.entry'), h('code', undefined, `${r.entry.method} ${r.entry.url}`)).className = 'si-wide';
  p('offset-note').hidden = r.offset === 0;
  renderLines(p('lines'), r.trace, t);
  renderEvents(p('events'), r.trace, t);
  const more = moreNotes(r.trace, t);
  p('more-lines').textContent = more.lines;
  p('more-events').textContent = more.events;
}
