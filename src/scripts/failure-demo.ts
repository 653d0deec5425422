// The failure demo: the arpeggio question with no model server, on both endpoints of the in-page
// replica; the stream's only event; what each reader makes of it (lessons-code readFailure); and a
// small rendition of the GaChatbot page, driven by lessons-code's port of its submit handler.

import {
  CHAT_PATH,
  IMPROVISATION_QUESTION,
  MAX_BODY_BYTES,
  STREAM_PATH,
  VOICING_QUESTION,
  createInPageHost,
  createPageChat,
  eventKind,
  readFailure,
  readStandard,
  type FetchLike,
  type PageBubble,
  type PageChat,
  type PageSubmission,
} from '../../lessons-code/index.ts';
import { readLabels, type Labels } from './labels.ts';
import { renderMarkdown } from './markdown.ts';
import { appendVisible } from './whitespace.ts';

/** Display limits: a huge message is shown shortened, and only the latest bubbles and turns. */
const SHOWN_CHARS = 2000;
const SHOWN_BUBBLES = 20;
const SHOWN_TURNS = 20;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function scrollBox(text: string, name: string): HTMLPreElement {
  const pre = el('pre', 'fd-box');
  pre.tabIndex = 0;
  pre.setAttribute('role', 'group');
  pre.setAttribute('aria-label', name);
  appendVisible(pre, text);
  return pre;
}

const shorten = (text: string) => (text.length > SHOWN_CHARS ? text.slice(0, SHOWN_CHARS) + '…' : text);

/** The history as the next request carries it; long texts shortened for display (and said so). */
function historyJson(chat: PageChat): { json: string; cut: boolean; hidden: number } {
  let cut = false;
  const turns = chat.history.slice(-SHOWN_TURNS).map((turn) => {
    if (turn.content.length > SHOWN_CHARS) cut = true;
    return { role: turn.role, content: shorten(turn.content) };
  });
  return { json: JSON.stringify({ conversationHistory: turns }, null, 2), cut, hidden: chat.history.length - turns.length };
}

export function mount(root: HTMLElement): Promise<void> {
  const t = readLabels(root);
  const id = Math.random().toString(36).slice(2, 8);
  const host = createInPageHost();
  // The page's submit builds its request body, then fetches: with a huge message each costs a few
  // milliseconds, so the fetch starts on a task of its own (nothing else changes).
  const pageHost: FetchLike = async (input, init) => {
    await nextTask();
    return host(input, init);
  };
  let chat = createPageChat(pageHost);

  root.insertAdjacentHTML(
    'afterbegin',
    `<div class="fd">
      <section class="fd-section"><h4 class="fd-title" data-t="requestsTitle"></h4><div data-requests></div></section>
      <section class="fd-section"><h4 class="fd-title" data-t="streamTitle"></h4><div data-stream></div></section>
      <section class="fd-section"><h4 class="fd-title" data-t="readersTitle"></h4><div data-readers></div></section>
      <section class="fd-section">
        <h4 class="fd-title" data-t="pageTitle"></h4>
        <p class="note" data-t="pageNote"></p>
        <div class="fd-page">
          <p class="fd-page-name">GA Chatbot</p>
          <div class="fd-messages" data-messages tabindex="0"></div>
          <div class="fd-form">
            <label class="fd-label" for="m-${id}" data-t="message"></label>
            <textarea id="m-${id}" rows="2" spellcheck="false"></textarea>
            <div class="row">
              <button type="button" data-send data-t="send"></button>
              <div class="row" role="group" data-examples></div>
              <button type="button" data-reset data-t="reset"></button>
            </div>
          </div>
          <p class="note" data-status></p>
        </div>
        <h5 class="fd-subtitle" data-t="historyTitle"></h5>
        <div data-history></div>
      </section>
      <p class="sr-only" aria-live="polite" data-live></p>
    </div>`,
  );
  for (const node of root.querySelectorAll<HTMLElement>('[data-t]')) node.textContent = t(node.dataset.t!);
  const q = <T extends HTMLElement>(selector: string) => root.querySelector<T>(selector)!;
  const requests = q('[data-requests]');
  const streamBox = q('[data-stream]');
  const readers = q('[data-readers]');
  const messages = q('[data-messages]');
  // A plain button, not a form's submit: submitting a form checks its fields, which costs
  // a long task when the box holds a megabyte.
  const send = q<HTMLButtonElement>('[data-send]');
  const box = q<HTMLTextAreaElement>('textarea');
  const examples = q('[data-examples]');
  const reset = q<HTMLButtonElement>('[data-reset]');
  const status = q('[data-status]');
  const history = q('[data-history]');
  const live = q('[data-live]');
  messages.setAttribute('role', 'region');
  messages.setAttribute('aria-label', t('messages'));
  examples.setAttribute('aria-label', t('examples'));
  for (const question of [VOICING_QUESTION, IMPROVISATION_QUESTION]) {
    // The page's examples put a question in the box and focus it; they send nothing.
    const button = el('button', 'fd-example', question);
    button.type = 'button';
    button.lang = 'en';
    button.addEventListener('click', () => {
      box.value = question;
      box.focus();
    });
    examples.append(button);
  }

  async function showRequests(): Promise<void> {
    const post = (path: string) =>
      host(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ message: IMPROVISATION_QUESTION }) });
    const chatResponse = await post(CHAT_PATH);
    const chatBody = await chatResponse.text();
    const streamResponse = await post(STREAM_PATH);
    const stream = await streamResponse.text();

    // Two-column lists rather than tables: at 360 px each pair stacks, name above value.
    const list = el('dl', 'fd-pairs fd-requests');
    list.dataset.testid = 'requests';
    for (const [path, response] of [[CHAT_PATH, chatResponse], [STREAM_PATH, streamResponse]] as const) {
      const name = el('dt', 'mono', `POST ${path}`);
      name.dataset.path = path;
      const value = el('dd', 'mono');
      value.dataset.path = path;
      const status = el('strong', response.status === 200 ? 'ok' : 'bad', `HTTP ${response.status}`);
      status.dataset.cell = 'status';
      const type = el('span', 'fd-type', response.headers.get('content-type') ?? '');
      type.dataset.cell = 'type';
      value.append(status, ' ', type);
      list.append(name, value);
    }
    requests.replaceChildren(list, el('p', 'note', t('chatBody')), scrollBox(chatBody, t('chatBodyName')), el('p', 'note', t('why')));

    const events = readStandard(stream);
    const eventLines = el('ul', 'mono fd-events');
    eventLines.setAttribute('aria-label', t('eventsName'));
    events.forEach((data, i) => {
      const item = el('li', undefined, `event ${i + 1}  ${eventKind(data).padEnd(8)} ${data.split('\n').length} line(s)`);
      item.dataset.kind = eventKind(data);
      eventLines.append(item);
    });
    const raw = scrollBox(stream, t('streamName'));
    raw.dataset.testid = 'stream';
    streamBox.replaceChildren(raw, eventLines, el('p', 'note', t('noDone')));

    const readerList = el('dl', 'fd-pairs fd-readers');
    readerList.dataset.testid = 'readers';
    for (const row of readFailure(stream)) {
      readerList.append(el('dt', 'mono', row.reader), el('dd', 'mono' + (row.thrown ? ' bad' : ''), row.result));
    }
    readers.replaceChildren(readerList);
  }

  function renderBubble(bubble: PageBubble): HTMLElement {
    const node = el('div', `fd-bubble fd-${bubble.role}`);
    node.dataset.role = bubble.role;
    const who = el('span', 'sr-only', t(bubble.role === 'user' ? 'you' : 'assistant') + ': ');
    if (bubble.role === 'assistant') {
      const content = el('div', 'fd-content');
      content.dataset.testid = 'bubble-text';
      renderMarkdown(content, shorten(bubble.text));
      for (const code of content.querySelectorAll('pre')) {
        code.tabIndex = 0; // a wide line scrolls inside it
        code.setAttribute('role', 'group');
        code.setAttribute('aria-label', t('code'));
      }
      node.append(who, content);
      if (bubble.meta) node.append(el('div', 'fd-meta', bubble.meta));
    } else {
      const content = el('div', 'fd-content', shorten(bubble.text));
      content.dataset.testid = 'bubble-text';
      node.append(who, content);
    }
    return node;
  }

  function renderPage(last: PageSubmission | null): void {
    const shown = chat.bubbles.slice(-SHOWN_BUBBLES);
    const nodes: HTMLElement[] = [];
    if (chat.bubbles.length > shown.length) nodes.push(el('p', 'note', t('moreBubbles', { n: chat.bubbles.length - shown.length })));
    for (const bubble of shown) nodes.push(renderBubble(bubble));
    messages.replaceChildren(...nodes);
    requestAnimationFrame(() => {
      messages.scrollTop = messages.scrollHeight; // the latest message in view, as on the page
    });

    const { json, cut, hidden } = historyJson(chat);
    const parts: HTMLElement[] = [];
    const pre = el('pre', 'fd-history', json);
    pre.tabIndex = 0; // it scrolls once the history grows
    pre.setAttribute('role', 'group');
    pre.setAttribute('aria-label', t('historyTitle'));
    pre.dataset.testid = 'history';
    parts.push(pre);
    if (hidden > 0) parts.push(el('p', 'note', t('moreTurns', { n: hidden })));
    if (cut) parts.push(el('p', 'note', t('cut')));
    parts.push(el('p', 'note', chat.history.length === 0 ? t('historyEmpty') : t('historyNote', { n: chat.history.length })));
    history.replaceChildren(...parts);

    const body = last?.requestBody ?? '';
    // UTF-8 takes at least one byte per UTF-16 unit: a long body needs no encoding to know it is too big.
    const tooBig = body.length > MAX_BODY_BYTES || (last?.status === 400 && new TextEncoder().encode(body).byteLength > MAX_BODY_BYTES);
    if (last && last.status === 400 && tooBig) {
      status.textContent = t('tooBig', { limit: new Intl.NumberFormat(document.documentElement.lang || 'en').format(MAX_BODY_BYTES) });
      status.className = 'bad';
    } else {
      status.textContent = '';
      status.className = 'note';
    }
  }

  function announce(last: PageSubmission): string {
    const reply = last.bubbles[last.bubbles.length - 1];
    const text = reply && reply.role === 'assistant' ? reply.text.slice(0, 160) : '';
    return t('announce', { answer: text, turns: chat.history.length, pushed: last.pushed ? t('pushed') : t('notPushed') });
  }

  let busy = false;
  async function submit(input: string): Promise<void> {
    if (busy) return;
    const message = input;
    if (message.trim() === '') {
      // The page trims the message and, if nothing is left, does nothing.
      status.textContent = t('empty');
      status.className = 'note';
      live.textContent = t('empty');
      return;
    }
    busy = true;
    try {
      // The page empties its box and sends in one go; with a huge message each step costs a few
      // milliseconds, so here each gets a task of its own.
      await nextTask();
      box.value = '';
      await nextTask();
      const last = await chat.submit(message);
      await nextTask();
      renderPage(last);
      if (last) live.textContent = announce(last);
    } catch (error) {
      const text = t('failed', { message: error instanceof Error ? error.message : String(error) });
      status.textContent = text;
      status.className = 'bad';
      live.textContent = text;
    } finally {
      busy = false;
    }
  }

  send.addEventListener('click', () => void submit(box.value));
  reset.addEventListener('click', () => {
    chat = createPageChat(pageHost);
    void submit(IMPROVISATION_QUESTION);
  });

  return showRequests().then(() => submit(IMPROVISATION_QUESTION));
}
