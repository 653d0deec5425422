// The failure demo's behaviour (its markup, and what the host answers: FailureDemo.astro): a small
// rendition of the GaChatbot page, driven by lessons-code's port of its submit handler, against
// the in-page host with no model server. Each message shows as the page shows it, and the history
// the next request will carry back to the server.

import {
  IMPROVISATION_QUESTION,
  MAX_BODY_BYTES,
  createInPageHost,
  createPageChat,
  type FetchLike,
  type PageBubble,
  type PageChat,
  type PageSubmission,
} from '../../../lessons-code/index.ts';
import { fastPaste } from '../../demo-kit/textbox.ts';
import { createRunner, demo, h, part } from '../../demo-kit/kit-client.ts';
import { renderMarkdown } from '../../demo-kit/markdown-render.ts';

/** Display limits: a huge message is shown shortened, and only the latest bubbles and turns. */
const SHOWN_CHARS = 2000;
const SHOWN_BUBBLES = 20;
const SHOWN_TURNS = 20;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const shorten = (text: string) => (text.length > SHOWN_CHARS ? text.slice(0, SHOWN_CHARS) + '…' : text);

/** The history as the next request carries it; long texts shortened for display (and said so). */
function historyJson(chat: PageChat): { json: string; cut: boolean; hidden: number } {
  let cut = false;
  const turns = chat.history.slice(-SHOWN_TURNS).map((turn) => {
    if (turn.content.length > SHOWN_CHARS) cut = true;
    return { role: turn.role, content: shorten(turn.content) };
  });
  return {
    json: JSON.stringify({ conversationHistory: turns }, null, 2),
    cut,
    hidden: chat.history.length - turns.length,
  };
}

export const mount = demo('failure', ({ host: root, s, t }) => {
  const host = createInPageHost();
  // The page's submit builds its request body, then fetches: with a huge message each costs a few
  // milliseconds, so the fetch starts on a task of its own (nothing else changes).
  const pageHost: FetchLike = async (input, init) => {
    await nextTask();
    return host(input, init);
  };
  let chat = createPageChat(pageHost);
  const messages = part(root, 'messages');
  const box = part<HTMLTextAreaElement>(root, 'message');
  fastPaste(box, { keepCR: false }); // a message: its line ends are LF, as the page's own box makes them
  const history = part(root, 'history');
  const historyNote = part(root, 'history-note');

  function renderBubble(bubble: PageBubble): HTMLElement {
    const content = h('div', { class: 'fd-content', 'data-testid': 'bubble-text' });
    if (bubble.role === 'assistant') {
      renderMarkdown(content, shorten(bubble.text));
      for (const code of content.querySelectorAll('pre')) {
        code.tabIndex = 0; // a wide line scrolls inside it
        code.setAttribute('role', 'group');
        code.setAttribute('aria-label', t('code'));
      }
    } else content.textContent = shorten(bubble.text);
    const who = h('span', 'sr-only', t(bubble.role === 'user' ? 'you' : 'assistant') + ': ');
    return h(
      'div',
      { class: `fd-bubble fd-${bubble.role}`, 'data-role': bubble.role },
      who,
      content,
      bubble.role === 'assistant' && bubble.meta ? h('div', 'fd-meta', bubble.meta) : null,
    );
  }

  /** The page and its history; returns what to say about the last submission. */
  function renderPage(last: PageSubmission | null): string {
    const shown = chat.bubbles.slice(-SHOWN_BUBBLES);
    const hiddenBubbles = chat.bubbles.length - shown.length;
    messages.replaceChildren(
      hiddenBubbles > 0 ? h('p', 'note', t('moreBubbles', { count: hiddenBubbles })) : '',
      ...shown.map(renderBubble),
    );
    // the latest message in view, as on the page
    requestAnimationFrame(() => (messages.scrollTop = messages.scrollHeight));
    const { json, cut, hidden } = historyJson(chat);
    history.textContent = json;
    const notes = [
      hidden > 0 ? t('moreTurns', { count: hidden }) : '',
      cut ? t('cut') : '',
      chat.history.length === 0 ? t('historyEmpty') : t('historyNote', { count: chat.history.length }),
    ];
    historyNote.textContent = notes.filter(Boolean).join(' ');
    if (!last) return '';
    const body = last.requestBody ?? '';
    // UTF-8 takes at least one byte per UTF-16 unit: a long body needs no encoding to know it is too big.
    if (
      last.status === 400 &&
      (body.length > MAX_BODY_BYTES || new TextEncoder().encode(body).byteLength > MAX_BODY_BYTES)
    )
      return t('tooBig', { limit: MAX_BODY_BYTES });
    return t('announce', {
      turns: t('count.turns', { count: chat.history.length }),
      pushed: last.pushed ? t('pushed') : t('notPushed'),
    });
  }

  const clear = () => {
    messages.replaceChildren();
    history.textContent = '';
    historyNote.textContent = '';
  };
  const runner = createRunner({ host: root, status: part(root, 'status'), strings: s, clear });
  let busy = false;

  /**
   * Sends a message as the page does. Only a message sent from the box empties the box, as the
   * page's Send does: the demo's own first question, an example or Start over leave in it whatever
   * the learner has put there.
   */
  async function submit(message: string, fromBox = false): Promise<unknown> {
    if (busy) return;
    if (message.trim() === '') {
      // The page trims the message and, if nothing is left, does nothing.
      part(root, 'status').textContent = t('empty');
      return;
    }
    busy = true;
    try {
      return await runner.run(async () => {
        // The page empties its box and sends in one go; with a huge message each step costs a few
        // milliseconds, so here each gets a task of its own (and a box edited meanwhile is kept).
        await nextTask();
        if (fromBox && box.value === message) box.value = '';
        await nextTask();
        const last = await chat.submit(message);
        await nextTask();
        return { render: () => renderPage(last) };
      });
    } finally {
      busy = false;
    }
  }

  root.querySelector('[data-send]')?.addEventListener('click', () => void submit(box.value, true));
  // The examples send at once, as the host demo's do.
  for (const example of root.querySelectorAll<HTMLButtonElement>('button[data-question]')) {
    example.addEventListener('click', () => void submit(example.dataset.question ?? ''));
  }
  root.querySelector('[data-reset]')?.addEventListener('click', () => {
    chat = createPageChat(pageHost);
    void submit(IMPROVISATION_QUESTION);
  });
  renderPage(null);
  return submit(IMPROVISATION_QUESTION);
});
