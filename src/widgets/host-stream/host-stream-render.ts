// How the host's stream demo shows one exchange (its sections are in HostStreamDemo.astro):
// status and headers; the body read by read, each read at the time it arrived; the events as the
// standard reads them; the /chat answer; the lesson's two checks.

import { CHAT_PATH, MAX_BODY_BYTES, checkHostStream, eventKind, readStandard } from '../../../lessons-code/index.ts';
import { h, part, type Strings } from '../../demo-kit/kit-client.ts';
import { appendVisible } from '../../demo-kit/visible-render.ts';

/** How much of a body, a read or an event the demo shows; the rest is summed up, never rendered. */
const SHOWN_READS = 40;
const SHOWN_EVENTS = 40;
const SHOWN_CHARS = 4000;

export interface Exchange {
  requestBytes: number;
  status: number;
  headers: [string, string][];
  headersAt: number;
  reads: { at: number; bytes: number; text: string }[];
  endAt: number;
  body: string;
  /** When the host's clock was read while it answered (first and last read), or null. */
  work: { from: number; to: number } | null;
  chatStatus: number;
  chatAnswer: string | null;
}

/** A box whose long lines scroll inside it: focusable, named, whitespace visible. */
function scrollBox(text: string, name: string, s: Strings): HTMLPreElement {
  const pre = h('pre', { class: 'hs-box', tabindex: '0', role: 'group', 'aria-label': name, lang: 'en' });
  appendVisible(pre, text.length > SHOWN_CHARS ? text.slice(0, SHOWN_CHARS) : text, { spaces: 'notable' });
  if (text.length > SHOWN_CHARS) pre.append(h('span', 'note', ' ' + s.t('cut')));
  return pre;
}

const ok = (good: boolean, text: string) => h('strong', good ? 'ok' : 'bad', text);

/** Fills the sections with an exchange; returns what the live region says. */
export function renderExchange(root: HTMLElement, x: Exchange, s: Strings): string {
  const { t } = s;
  const ms = (value: number) =>
    new Intl.NumberFormat(s.lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
  const events = x.status === 200 ? readStandard(x.body) : [];

  // Status and headers, and why a request was refused.
  const head: Node[] = [
    h('p', { class: 'mono hs-status', 'data-testid': 'status' }, ok(x.status === 200, `HTTP ${x.status}`)),
  ];
  head.push(
    h(
      'ul',
      { class: 'mono hs-headers', 'aria-label': t('headersTitle'), lang: 'en' },
      ...x.headers.map(([name, value]) => h('li', undefined, `${name}: ${value}`)),
    ),
  );
  if (x.status === 400) {
    const tooBig = x.requestBytes > MAX_BODY_BYTES;
    head.push(
      h(
        'p',
        { class: 'bad hs-refused', 'data-testid': 'refused' },
        tooBig ? t('tooBig', { bytes: x.requestBytes, limit: MAX_BODY_BYTES }) : t('refused'),
      ),
    );
  }
  part(root, 'head').replaceChildren(...head);

  // The body, read by read, with the time each read arrived, on one axis from the request to the end.
  const scale = Math.max(x.endAt, 0.001);
  const timeline = h('ol', { class: 'hs-timeline', 'aria-label': t('bodyTitle') });
  const row = (kind: string, at: number, what: string, extra?: Node) => {
    const tick = h('span', 'hs-tick');
    tick.style.setProperty('--at', `${Math.min(100, (at / scale) * 100)}%`); // placed by the CSS, inside its bar
    timeline.append(
      h(
        'li',
        { 'data-kind': kind },
        h('div', 'hs-when', h('span', 'mono hs-at', t('at', { ms: ms(at) })), ' ', what),
        h('span', { class: 'hs-bar', 'aria-hidden': 'true' }, tick),
        extra,
      ),
    );
  };
  row('headers', x.headersAt, t('headersArrived', { status: x.status }));
  const failed = events.some((data) => eventKind(data) === 'error');
  if (x.work) row('work', x.work.to, t(failed ? 'workFailed' : 'work', { from: ms(x.work.from), to: ms(x.work.to) }));
  x.reads
    .slice(0, SHOWN_READS)
    .forEach((read, i) =>
      row(
        'piece',
        read.at,
        t('piece', { n: i + 1, bytes: t('count.bytes', { count: read.bytes }) }),
        scrollBox(read.text, t('pieceName', { n: i + 1 }), s),
      ),
    );
  if (x.reads.length > SHOWN_READS)
    timeline.append(h('li', 'note', t('morePieces', { count: x.reads.length - SHOWN_READS })));
  row('end', x.endAt, t('end'));
  const body: Node[] = [timeline];
  if (x.status === 200 && x.reads.length > 0) {
    const times = x.reads.map((read) => read.at);
    const vars = {
      headers: ms(x.headersAt),
      reads: t('count.reads', { count: x.reads.length }),
      first: ms(Math.min(...times)),
      last: ms(Math.max(...times)),
    };
    body.push(
      h('p', { class: 'note hs-burst', 'data-testid': 'burst' }, t(x.reads.length === 1 ? 'burstOne' : 'burst', vars)),
    );
  }
  part(root, 'body').replaceChildren(...body);

  // The events, as the HTML standard reads them.
  const eventsPart = part(root, 'events');
  if (events.length === 0)
    eventsPart.replaceChildren(h('p', 'note', x.status === 200 ? t('noEvents') : t('notAStream')));
  else {
    const list = h('ol', { class: 'hs-event-list', 'aria-label': t('eventsTitle') });
    events.slice(0, SHOWN_EVENTS).forEach((data, i) => {
      const kind = eventKind(data);
      const line = t('eventLine', {
        n: i + 1,
        kind: t(`names.kind.${kind === '[DONE]' ? 'done' : kind}`),
        lines: t('count.dataLines', { count: data.split('\n').length }),
      });
      list.append(
        h('li', { 'data-kind': kind }, h('p', 'hs-event', line), scrollBox(data, t('eventName', { n: i + 1 }), s)),
      );
    });
    eventsPart.replaceChildren(
      list,
      events.length > SHOWN_EVENTS ? h('p', 'note', t('moreEvents', { count: events.length - SHOWN_EVENTS })) : '',
    );
  }

  // The /chat answer.
  const chat: Node[] = [
    h(
      'p',
      { class: 'mono hs-chat-line', 'data-testid': 'chat' },
      `POST ${CHAT_PATH}  `,
      ok(x.chatStatus === 200, `HTTP ${x.chatStatus}`),
    ),
  ];
  if (x.chatAnswer !== null)
    chat.push(
      h('p', 'note', t('chatAnswer', { chars: t('count.chars', { count: x.chatAnswer.length }) })),
      scrollBox(x.chatAnswer, t('chatTitle'), s),
    );
  part(root, 'chat').replaceChildren(...chat);

  // The two checks of the lesson.
  const checksPart = part(root, 'checks');
  if (x.status !== 200 || x.chatAnswer === null) {
    checksPart.replaceChildren(h('p', 'note', t('noChecks', { status: x.chatStatus })));
    return t('announceFailed', {
      status: x.status,
      chat: x.chatStatus,
      events: t('count.events', { count: events.length }),
    });
  }
  const checks = checkHostStream(x.body, x.chatAnswer);
  const check = (name: string, good: boolean, yes: string, testid: string) =>
    h(
      'tr',
      { 'data-testid': testid },
      h('th', { scope: 'row' }, name),
      h('td', undefined, ok(good, good ? t(yes) : t('output.no'))),
    );
  checksPart.replaceChildren(
    h(
      'table',
      'cards hs-check-table',
      h(
        'tbody',
        undefined,
        check(t('checkJoined'), checks.joinedEqualsAnswer, 'output.yesLf', 'check-joined'),
        check(t('checkWriter'), checks.writerGivesHostBytes, 'output.yes', 'check-writer'),
      ),
    ),
  );
  const word = (good: boolean, yes: string) => (good ? t(yes) : t('output.no'));
  return t('announce', {
    status: x.status,
    events: t('count.events', { count: events.length }),
    joined: word(checks.joinedEqualsAnswer, 'output.yesLf'),
    writer: word(checks.writerGivesHostBytes, 'output.yes'),
  });
}

/** Empties the sections: a failed send must not leave an earlier answer on screen. */
export function clearExchange(root: HTMLElement): void {
  for (const key of ['head', 'body', 'events', 'chat', 'checks']) part(root, key).replaceChildren();
}
