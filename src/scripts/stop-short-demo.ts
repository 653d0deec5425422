// The stop-short demo: the connection drops after a byte the learner picks (lessons-code dropAt).
// What the standard, the page and chatService keep; whether [DONE] came; and one turn as the
// GaChatbot page settles it today (submitPageMessage) against a careful client (submitCarefully,
// settleTurn), with the history each sends next and a retry.

import {
  DROP_STREAMS,
  IMPROVISATION_QUESTION,
  VOICING_ANSWER,
  VOICING_QUESTION,
  droppingHost,
  dropAt,
  mapStream,
  submitCarefully,
  submitPageMessage,
  type DropStream,
  type HistoryTurn,
  type TurnOutcome,
} from '../../lessons-code/index.ts';
import { debounce } from './compute.ts';
import { clip, el, scrollBox } from './beyond-common.ts';
import { readLabels, type Labels } from './labels.ts';
import { renderMarkdown } from './markdown.ts';
import { appendVisible, visible } from './whitespace.ts';

/** The conversation so far, before the question: one earlier exchange, so "untouched" can be seen. */
const EARLIER: HistoryTurn[] = [
  { role: 'user', content: VOICING_QUESTION },
  { role: 'assistant', content: VOICING_ANSWER },
];

/** Where the drop starts: in the middle of the answer's fourth event, so an unfinished event is discarded. */
export function firstDrop(stream: DropStream): number {
  const ends = mapStream(stream.bytes).eventEnds;
  return ends.length > 3 ? ends[2]! + 40 : Math.floor(stream.bytes.length / 2);
}

function historyList(history: readonly HistoryTurn[], t: Labels, fresh: number): HTMLOListElement {
  const list = el('ol', 'bw-history');
  history.forEach((turn, i) => {
    const item = el('li');
    item.dataset.role = turn.role;
    item.append(el('span', 'bw-role', t(turn.role === 'user' ? 'user' : 'assistant')), ' ');
    const content = el('span', 'mono');
    content.lang = 'en';
    content.textContent = clip(visible(turn.content), 70);
    item.append(content);
    if (i >= history.length - fresh) {
      item.append(' ', el('strong', 'bw-new', t('new')));
      item.dataset.fresh = 'true';
    }
    list.append(item);
  });
  return list;
}

export function mount(root: HTMLElement): void {
  const t = readLabels(root);
  const id = Math.random().toString(36).slice(2, 8);
  const exercise = root.dataset.exerciseHref ?? '';
  root.insertAdjacentHTML(
    'afterbegin',
    `<div class="bw-stop-demo">
      <fieldset class="bw-fieldset"><legend data-t="stream"></legend><div class="row" data-streams></div></fieldset>
      <div class="bw-slider-row">
        <label for="drop-${id}" data-t="slider"></label>
        <input type="range" id="drop-${id}" min="0" step="1" data-slider />
        <label class="bw-number"><span class="sr-only" data-t="byte"></span><input type="number" min="0" step="1" inputmode="numeric" data-number /></label>
      </div>
      <div class="row" role="group" data-presets></div>
      <p data-received></p>
      <div data-unfinished></div>
      <div class="bw-table-wrap" tabindex="0" role="group" data-readers-wrap>
        <table class="bw-readers" data-testid="kept">
          <caption class="sr-only" data-t="keptCaption"></caption>
          <thead><tr><th scope="col" data-t="reader"></th><th scope="col" data-t="kept"></th><th scope="col" data-t="done"></th><th scope="col" data-t="error"></th></tr></thead>
          <tbody data-readers></tbody>
        </table>
      </div>
      <div class="columns bw-clients">
        <section class="bw-client" data-client="page" aria-labelledby="pt-${id}">
          <h4 class="bw-client-title" id="pt-${id}" data-t="pageTitle"></h4>
          <div class="bw-client-body" data-page></div>
        </section>
        <section class="bw-client" data-client="careful" aria-labelledby="ct-${id}">
          <h4 class="bw-client-title" id="ct-${id}" data-t="carefulTitle"></h4>
          <div class="bw-client-body" data-careful></div>
        </section>
      </div>
      <p class="note" data-exercise></p>
      <p class="sr-only" aria-live="polite" data-live></p>
    </div>`,
  );
  for (const node of root.querySelectorAll<HTMLElement>('[data-t]')) node.textContent = t(node.dataset.t!);
  const q = <T extends HTMLElement>(selector: string) => root.querySelector<T>(selector)!;
  const streamsBox = q('[data-streams]');
  const slider = q<HTMLInputElement>('[data-slider]');
  const number = q<HTMLInputElement>('[data-number]');
  const presets = q('[data-presets]');
  const received = q('[data-received]');
  const unfinishedBox = q('[data-unfinished]');
  const readersBody = q('[data-readers]');
  const pageBox = q('[data-page]');
  const carefulBox = q('[data-careful]');
  const exerciseBox = q('[data-exercise]');
  const live = q('[data-live]');
  q('[data-readers-wrap]').setAttribute('aria-label', t('keptCaption'));
  presets.setAttribute('aria-label', t('presets'));
  received.dataset.testid = 'received';

  // Exercise 3 of the lesson: a link built at build time from the lesson's own headings.
  const [beforeLink, afterLink = ''] = t('exercise').split('{{link}}');
  const link = el('a', undefined, t('exerciseLink'));
  link.href = exercise;
  exerciseBox.append(beforeLink ?? '', link, afterLink);

  let current: DropStream = DROP_STREAMS[0]!;

  const streamButtons = DROP_STREAMS.map((stream) => {
    const button = el('button', undefined, t(`stream.${stream.id}`, { bytes: stream.bytes.length }));
    button.type = 'button';
    button.dataset.stream = stream.id;
    button.setAttribute('aria-pressed', String(stream === current));
    button.addEventListener('click', () => {
      if (stream === current) return;
      current = stream;
      for (const b of streamButtons) b.setAttribute('aria-pressed', String(b.dataset.stream === stream.id));
      setLimits();
      void update(stream.id === 'answer' ? firstDrop(stream) : stream.bytes.length, true);
    });
    streamsBox.append(button);
    return button;
  });

  type Preset = 'middle' | 'beforeDone' | 'whole';
  const presetAt = (preset: Preset): number => {
    const n = current.bytes.length;
    if (preset === 'whole') return n;
    if (preset === 'middle') return current.id === 'answer' ? firstDrop(current) : Math.floor(n / 2);
    const done = current.stream.indexOf('data: [DONE]');
    return done < 0 ? n : new TextEncoder().encode(current.stream.slice(0, done)).length;
  };
  const presetButtons = (['middle', 'beforeDone', 'whole'] as const).map((preset) => {
    const button = el('button', undefined, t(`preset.${preset}`));
    button.type = 'button';
    button.dataset.preset = preset;
    button.addEventListener('click', () => void update(presetAt(preset), true));
    presets.append(button);
    return button;
  });

  function setLimits(): void {
    slider.max = String(current.bytes.length);
    number.max = String(current.bytes.length);
    const beforeDone = presetButtons.find((b) => b.dataset.preset === 'beforeDone')!;
    beforeDone.hidden = !current.stream.includes('data: [DONE]');
  }

  function renderCareful(outcome: TurnOutcome, history: HistoryTurn[], at: number, retried: boolean): void {
    carefulBox.replaceChildren();
    carefulBox.dataset.status = outcome.status;
    const bubble = el('div', 'chat-bubble bw-bubble');
    bubble.tabIndex = 0; // a long answer scrolls inside it
    bubble.setAttribute('role', 'group');
    bubble.setAttribute('aria-label', t('carefulTitle'));
    bubble.dataset.testid = 'careful-bubble';
    const text = el('div', 'bw-bubble-text');
    text.lang = 'en';
    if (outcome.shown !== '') renderMarkdown(text, outcome.shown);
    bubble.append(text);
    if (outcome.shown !== '' || outcome.status === 'complete') carefulBox.append(bubble);
    // The notice sits under the bubble, outside its scrolling: it must be seen.
    if (outcome.status === 'truncated') {
      const notice = el('p', 'bw-notice bad', t(outcome.shown === '' ? 'cutOffEmpty' : 'cutOff'));
      notice.dataset.testid = 'notice';
      carefulBox.append(notice);
    } else if (outcome.status === 'failed') {
      const notice = el('p', 'bw-notice bad', t('failedTurn') + ' ');
      notice.dataset.testid = 'notice';
      const message = el('span', 'mono', outcome.error ?? '');
      message.lang = 'en';
      notice.append(message);
      carefulBox.append(notice);
    }
    if (outcome.offerRetry) {
      const retry = el('button', 'bw-retry', t('retry'));
      retry.type = 'button';
      retry.dataset.testid = 'retry';
      retry.addEventListener('click', () => void runRetry(at));
      carefulBox.append(retry);
    }
    const kept = history.length - EARLIER.length;
    const summary = el('p', 'bw-history-summary');
    summary.dataset.testid = 'careful-history';
    summary.dataset.turns = String(history.length);
    summary.append(el('strong', kept > 0 ? 'ok' : undefined, t(kept > 0 ? 'historyAdded' : 'historyUntouched', { turns: history.length })));
    carefulBox.append(summary, historyList(history, t, kept));
    if (retried) carefulBox.append(el('p', 'note', t(outcome.status === 'complete' ? 'retriedOk' : 'retriedAgain')));
  }

  async function runRetry(at: number): Promise<void> {
    const stream = current;
    const retryButton = carefulBox.querySelector<HTMLButtonElement>('.bw-retry');
    if (retryButton?.getAttribute('aria-disabled') === 'true') return;
    retryButton?.setAttribute('aria-disabled', 'true');
    // Clear the draft first, and show it at once: the new answer must not start at the end of the old one.
    carefulBox.querySelector<HTMLElement>('.bw-bubble-text')?.replaceChildren();
    carefulBox.querySelector('.bw-notice')?.remove();
    // This time the connection holds: the whole stream arrives.
    const { outcome, history } = await submitCarefully(droppingHost(stream.bytes, stream.bytes.length), IMPROVISATION_QUESTION, EARLIER);
    if (stream !== current || Number(slider.value) !== at) return;
    renderCareful(outcome, history, at, true);
    // Keep the keyboard where it was: on the new retry button, or on the history it changed.
    const again = carefulBox.querySelector<HTMLButtonElement>('.bw-retry');
    const summary = carefulBox.querySelector<HTMLElement>('[data-testid="careful-history"]');
    if (again) again.focus();
    else if (summary) {
      summary.tabIndex = -1;
      summary.focus();
    }
    live.textContent = t(outcome.status === 'complete' ? 'retriedOk' : 'retriedAgain') + ' ' + t(outcome.keepInHistory ? 'historyAdded' : 'historyUntouched', { turns: history.length });
  }

  let generation = 0;
  async function update(at: number, announce: boolean): Promise<void> {
    const mine = ++generation;
    const n = current.bytes.length;
    const k = Math.max(0, Math.min(n, Number.isFinite(at) ? Math.trunc(at) : 0));
    slider.value = String(k);
    if (document.activeElement !== number || Number(number.value) !== k) number.value = String(k);
    slider.setAttribute('aria-valuetext', t('valueText', { at: k, n }));
    const stream = current;
    const view = await dropAt(stream.bytes, k);
    const pageHistory = EARLIER.map((turn) => ({ ...turn }));
    const page = await submitPageMessage(droppingHost(stream.bytes, k), IMPROVISATION_QUESTION, pageHistory);
    const careful = await submitCarefully(droppingHost(stream.bytes, k), IMPROVISATION_QUESTION, EARLIER);
    if (mine !== generation || stream !== current) return;

    received.replaceChildren(
      el('strong', undefined, t('received', { at: k, n })),
      ' ',
      t('events', { whole: view.eventsReceived, total: view.eventsTotal }),
    );
    unfinishedBox.replaceChildren();
    if (view.unfinished !== '') {
      unfinishedBox.append(el('p', 'note', t('unfinished')));
      const box = scrollBox(t('unfinishedName'), 'bw-unfinished');
      box.dataset.testid = 'unfinished';
      appendVisible(box, view.unfinished);
      unfinishedBox.append(box);
    } else {
      unfinishedBox.append(el('p', 'note', t(k === n ? 'wholeArrived' : 'noUnfinished')));
    }

    readersBody.replaceChildren();
    for (const { reader, result } of view.results) {
      const tr = el('tr');
      tr.dataset.reader = reader.id;
      const name = el('th', 'mono', reader.label);
      name.scope = 'row';
      const keptCell = el('td');
      keptCell.append(el('span', 'note', t('chars', { count: result.text.length })));
      if (result.text !== '') {
        const box = scrollBox(t('keptBy', { reader: reader.label }), 'bw-kept');
        box.lang = 'en';
        appendVisible(box, result.text);
        keptCell.append(box);
      }
      const doneCell = el('td');
      const done = el('strong', result.done ? 'ok' : 'bad', t(result.done ? 'yes' : 'no'));
      done.dataset.testid = 'done';
      doneCell.append(done);
      const errorCell = el('td', 'mono', result.error ?? '—');
      if (result.error) errorCell.lang = 'en';
      tr.append(name, keptCell, doneCell, errorCell);
      readersBody.append(tr);
    }

    // The page today.
    pageBox.replaceChildren();
    if (page) {
      const answerBubble = page.bubbles.find((b) => b.role === 'assistant');
      const bubble = el('div', 'chat-bubble bw-bubble');
      bubble.tabIndex = 0;
      bubble.setAttribute('role', 'group');
      bubble.setAttribute('aria-label', t('pageTitle'));
      bubble.dataset.testid = 'page-bubble';
      const text = el('div', 'bw-bubble-text');
      text.lang = 'en';
      renderMarkdown(text, answerBubble?.text || page.finalAnswer || '');
      bubble.append(text);
      pageBox.append(bubble);
      const summary = el('p', 'bw-history-summary');
      summary.dataset.testid = 'page-history';
      summary.dataset.turns = String(pageHistory.length);
      summary.append(el('strong', page.pushed && !careful.outcome.keepInHistory ? 'bad' : undefined, t(page.pushed ? 'pagePushed' : 'historyUntouched', { turns: pageHistory.length })));
      pageBox.append(summary, historyList(pageHistory, t, page.pushed ? 2 : 0));
    }

    renderCareful(careful.outcome, careful.history, k, false);
    shown = { stream, k };

    const announcement = t('announce', {
        at: k,
        n,
        whole: view.eventsReceived,
        done: t(view.results[0]!.result.done ? 'yes' : 'no'),
        status: t(`status.${careful.outcome.status}`),
    });
    lastAnnouncement = announcement;
    if (announce) live.textContent = announcement;
  }

  // Once the learner pauses, the result is announced: for the cut then in place (the stream may have
  // changed since). When that cut is already on screen, it is only announced, not drawn again: a
  // redraw would wipe a retry made in the meantime.
  let shown: { stream: typeof current; k: number } | null = null;
  let lastAnnouncement = '';
  const announceLater = debounce(() => {
    const k = Number(slider.value);
    if (shown !== null && shown.stream === current && shown.k === k) live.textContent = lastAnnouncement;
    else void update(k, true);
  }, 250);
  slider.addEventListener('input', () => {
    void update(Number(slider.value), false);
    announceLater();
  });
  number.addEventListener('input', () => {
    if (number.value === '') return;
    const value = Number(number.value);
    if (!Number.isFinite(value)) return;
    void update(value, false);
    announceLater();
  });
  number.addEventListener('change', () => void update(Number(number.value || 0), true));

  setLimits();
  void update(firstDrop(current), false);
}
