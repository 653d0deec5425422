// The host's stream demo: a question sent to the in-page replica, its status and headers, the body
// piece by piece with the time each piece arrived, the events as the standard reads them, the /chat
// answer, and the program's two checks (lessons-code's checkHostStream, as the program runs them).

import {
  CHAT_PATH,
  CHECK_WORDS,
  IMPROVISATION_QUESTION,
  MAX_BODY_BYTES,
  STREAM_PATH,
  VOICING_QUESTION,
  answerWithLf,
  checkHostStream,
  createInPageHost,
  eventKind,
  readStandard,
} from '../../lessons-code/index.ts';
import { debounce } from './compute.ts';
import { readLabels, type Labels } from './labels.ts';
import { appendVisible } from './whitespace.ts';

/** How much of a body, a piece or an event the demo shows; the rest is summed up, never rendered. */
const SHOWN_PIECES = 40;
const SHOWN_EVENTS = 40;
const SHOWN_CHARS = 4000;

interface Piece {
  at: number;
  bytes: number;
  text: string;
}

interface Exchange {
  question: string;
  requestBytes: number;
  status: number;
  headers: [string, string][];
  headersAt: number;
  pieces: Piece[];
  endAt: number;
  body: string;
  /** When the host's clock was read while it answered (first and last read), or null. */
  work: { from: number; to: number } | null;
  chatStatus: number;
  chatAnswer: string | null;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A box whose long lines scroll inside it: focusable, named, whitespace visible. */
function scrollBox(text: string, name: string, t: Labels): HTMLPreElement {
  const pre = el('pre', 'hs-box');
  pre.tabIndex = 0;
  pre.setAttribute('role', 'group');
  pre.setAttribute('aria-label', name);
  appendVisible(pre, text.length > SHOWN_CHARS ? text.slice(0, SHOWN_CHARS) : text);
  if (text.length > SHOWN_CHARS) pre.append(el('span', 'note', ' ' + t('cut')));
  return pre;
}

export function mount(root: HTMLElement): Promise<void> {
  const t = readLabels(root);
  const lang = document.documentElement.lang || 'en';
  const ms = new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const int = new Intl.NumberFormat(lang);
  const id = Math.random().toString(36).slice(2, 8);

  // The host's clock, watched: its first and last reading during a request frame the work it did.
  let clockReads: number[] = [];
  const host = createInPageHost({
    now: () => {
      const at = performance.now();
      clockReads.push(at);
      return at;
    },
  });

  root.insertAdjacentHTML(
    'afterbegin',
    `<div class="hs">
      <label class="hs-label" for="q-${id}"></label>
      <textarea id="q-${id}" rows="2" spellcheck="false"></textarea>
      <div class="row hs-actions">
        <div class="row" role="group" data-presets></div>
        <button type="button" data-send></button>
      </div>
      <p class="sr-only" aria-live="polite" data-live></p>
      <div data-out></div>
    </div>`,
  );
  const label = root.querySelector<HTMLLabelElement>('.hs-label')!;
  const box = root.querySelector<HTMLTextAreaElement>('textarea')!;
  const presets = root.querySelector<HTMLElement>('[data-presets]')!;
  const send = root.querySelector<HTMLButtonElement>('[data-send]')!;
  const live = root.querySelector<HTMLElement>('[data-live]')!;
  const out = root.querySelector<HTMLElement>('[data-out]')!;
  label.textContent = t('question');
  send.textContent = t('send');
  presets.setAttribute('aria-label', t('presets'));
  const presetButtons: HTMLButtonElement[] = [];
  for (const [key, question] of [['voicing', VOICING_QUESTION], ['arpeggio', IMPROVISATION_QUESTION]] as const) {
    const button = el('button', undefined, t(`preset.${key}`));
    button.type = 'button';
    button.dataset.preset = key;
    button.addEventListener('click', () => {
      box.value = question;
      markPreset();
      void run();
    });
    presetButtons.push(button);
    presets.append(button);
  }
  const markPreset = () => {
    const value = box.value;
    for (const b of presetButtons) {
      const question = b.dataset.preset === 'voicing' ? VOICING_QUESTION : IMPROVISATION_QUESTION;
      b.setAttribute('aria-pressed', String(value === question));
    }
  };

  async function exchange(question: string): Promise<Exchange> {
    // A huge question costs a few milliseconds per step: each step gets a task of its own.
    const json = JSON.stringify({ message: question });
    await nextTask();
    const body = new TextEncoder().encode(json);
    const requestBytes = body.byteLength;
    await nextTask();
    const init = () => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    clockReads = [];
    const start = performance.now();
    const response = await host(STREAM_PATH, init());
    const headersAt = performance.now() - start;
    const pieces: Piece[] = [];
    const decoder = new TextDecoder();
    let text = '';
    if (response.body) {
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        const at = performance.now() - start;
        if (done) break;
        const piece = decoder.decode(value, { stream: true });
        text += piece;
        pieces.push({ at, bytes: value.byteLength, text: piece });
      }
      text += decoder.decode();
    }
    const endAt = performance.now() - start;
    const work = clockReads.length > 0 ? { from: clockReads[0]! - start, to: clockReads[clockReads.length - 1]! - start } : null;
    await nextTask();
    const chat = await host(CHAT_PATH, init());
    let chatAnswer: string | null = null;
    if (chat.ok) chatAnswer = answerWithLf(((await chat.json()) as { naturalLanguageAnswer?: string }).naturalLanguageAnswer ?? '');
    else await chat.body?.cancel();
    return {
      question,
      requestBytes,
      status: response.status,
      headers: [...response.headers],
      headersAt,
      pieces,
      endAt,
      body: text,
      work,
      chatStatus: chat.status,
      chatAnswer,
    };
  }

  function render(x: Exchange): string {
    const parts: HTMLElement[] = [];
    const events = x.status === 200 ? readStandard(x.body) : [];
    const section = (title: string) => {
      const s = el('section', 'hs-section');
      s.append(el('h4', 'hs-title', title));
      parts.push(s);
      return s;
    };

    // Status and headers.
    const head = section(t('headersTitle'));
    const status = el('p', 'mono hs-status');
    status.dataset.testid = 'status';
    status.append(el('strong', x.status === 200 ? 'ok' : 'bad', `HTTP ${x.status}`));
    head.append(status);
    const headerList = el('ul', 'mono hs-headers');
    headerList.setAttribute('aria-label', t('headersTitle'));
    for (const [name, value] of x.headers) headerList.append(el('li', undefined, `${name}: ${value}`));
    head.append(headerList);
    if (x.status === 400 && x.requestBytes > MAX_BODY_BYTES) {
      const tooBig = el('p', 'bad hs-refused', t('tooBig', { bytes: int.format(x.requestBytes), limit: int.format(MAX_BODY_BYTES) }));
      tooBig.dataset.testid = 'refused';
      head.append(tooBig);
    } else if (x.status === 400) {
      head.append(el('p', 'bad hs-refused', t('refused')));
    }

    // The body, piece by piece, with the time each piece arrived.
    const timeline = section(t('bodyTitle'));
    const pieceTimes = x.pieces.map((p) => p.at);
    const scale = Math.max(x.endAt, 0.001);
    const list = el('ol', 'hs-timeline');
    list.setAttribute('aria-label', t('bodyTitle'));
    const row = (at: number, what: string, extra?: HTMLElement) => {
      const item = el('li');
      const line = el('div', 'hs-when');
      line.append(el('span', 'mono hs-at', t('at', { ms: ms.format(at) })), ' ', el('span', undefined, what));
      const bar = el('span', 'hs-bar');
      bar.setAttribute('aria-hidden', 'true');
      const tick = el('span', 'hs-tick');
      tick.style.insetInlineStart = `${Math.min(100, (at / scale) * 100)}%`;
      bar.append(tick);
      item.append(line, bar);
      if (extra) item.append(extra);
      list.append(item);
      return item;
    };
    row(x.headersAt, t('headersArrived', { status: x.status })).dataset.kind = 'headers';
    const failed = events.some((data) => eventKind(data) === 'error');
    if (x.work) {
      const work = row(x.work.to, t(failed ? 'workFailed' : 'work', { from: ms.format(x.work.from), to: ms.format(x.work.to) }));
      work.dataset.kind = 'work';
    }
    x.pieces.slice(0, SHOWN_PIECES).forEach((piece, i) => {
      const item = row(piece.at, t('piece', { n: i + 1, bytes: int.format(piece.bytes) }), scrollBox(piece.text, t('pieceName', { n: i + 1 }), t));
      item.dataset.kind = 'piece';
    });
    if (x.pieces.length > SHOWN_PIECES) list.append(el('li', 'note', t('morePieces', { n: x.pieces.length - SHOWN_PIECES })));
    row(x.endAt, t('end')).dataset.kind = 'end';
    timeline.append(list);
    if (x.status === 200 && x.pieces.length > 0) {
      const first = Math.min(...pieceTimes);
      const last = Math.max(...pieceTimes);
      const summary = el('p', 'note hs-burst', t(x.pieces.length === 1 ? 'burstOne' : 'burst', { headers: ms.format(x.headersAt), n: x.pieces.length, first: ms.format(first), last: ms.format(last) }));
      summary.dataset.testid = 'burst';
      timeline.append(summary);
    }

    // The events, as the HTML standard reads them.
    const eventsSection = section(t('eventsTitle'));
    if (events.length === 0) {
      eventsSection.append(el('p', 'note', x.status === 200 ? t('noEvents') : t('notAStream')));
    } else {
      const eventList = el('ol', 'hs-events');
      eventList.setAttribute('aria-label', t('eventsTitle'));
      events.slice(0, SHOWN_EVENTS).forEach((data, i) => {
        const item = el('li');
        const kind = eventKind(data);
        item.dataset.kind = kind;
        item.append(el('p', 'mono hs-event', `event ${i + 1}  ${kind.padEnd(8)} ${data.split('\n').length} line(s)`));
        item.append(scrollBox(data, t('eventName', { n: i + 1 }), t));
        eventList.append(item);
      });
      eventsSection.append(eventList);
      if (events.length > SHOWN_EVENTS) eventsSection.append(el('p', 'note', t('moreEvents', { n: events.length - SHOWN_EVENTS })));
    }

    // The /chat answer.
    const chatSection = section(t('chatTitle'));
    const chatLine = el('p', 'mono hs-chat');
    chatLine.dataset.testid = 'chat';
    chatLine.append(`POST ${CHAT_PATH}  `, el('strong', x.chatStatus === 200 ? 'ok' : 'bad', `HTTP ${x.chatStatus}`));
    if (x.chatAnswer !== null) chatLine.append(`, answer of ${x.chatAnswer.length} characters`);
    chatSection.append(chatLine);
    if (x.chatAnswer !== null) chatSection.append(scrollBox(x.chatAnswer, t('chatTitle'), t));

    // The two checks of the lesson.
    const checksSection = section(t('checksTitle'));
    let announce: string;
    if (x.status === 200 && x.chatAnswer !== null) {
      const checks = checkHostStream(x.body, x.chatAnswer);
      const table = el('table', 'hs-checks');
      const tbody = el('tbody');
      const check = (name: string, ok: boolean, words: { yes: string; no: string }, testid: string) => {
        const tr = el('tr');
        tr.dataset.testid = testid;
        tr.append(el('th', undefined, name));
        const td = el('td', 'mono');
        td.append(el('strong', ok ? 'ok' : 'bad', ok ? words.yes : words.no));
        tr.append(td);
        tbody.append(tr);
      };
      check(t('checkJoined'), checks.joinedEqualsAnswer, CHECK_WORDS.joined, 'check-joined');
      check(t('checkWriter'), checks.writerGivesHostBytes, CHECK_WORDS.writer, 'check-writer');
      table.append(tbody);
      checksSection.append(table);
      announce = t('announce', { status: x.status, events: events.length, joined: CHECK_WORDS.joined[checks.joinedEqualsAnswer ? 'yes' : 'no'], writer: CHECK_WORDS.writer[checks.writerGivesHostBytes ? 'yes' : 'no'] });
    } else {
      checksSection.append(el('p', 'note', t('noChecks', { status: x.chatStatus })));
      announce = t('announceFailed', { status: x.status, chat: x.chatStatus, events: events.length });
    }
    out.replaceChildren(...parts);
    return announce;
  }

  let generation = 0;
  async function run(): Promise<void> {
    const mine = ++generation;
    root.setAttribute('aria-busy', 'true');
    try {
      const result = await exchange(box.value);
      if (mine !== generation) return; // a newer question is on its way
      await nextTask();
      if (mine !== generation) return;
      live.textContent = render(result);
    } catch (error) {
      if (mine !== generation) return;
      const message = t('failed', { message: error instanceof Error ? error.message : String(error) });
      out.replaceChildren(el('p', 'bad', message));
      live.textContent = message;
    } finally {
      if (mine === generation) root.removeAttribute('aria-busy');
    }
  }

  const later = debounce(() => void run(), 400);
  box.addEventListener('input', () => {
    markPreset();
    later();
  });
  send.addEventListener('click', () => void run());
  box.value = VOICING_QUESTION;
  markPreset();
  return run();
}
