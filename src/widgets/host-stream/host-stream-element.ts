// The host's stream demo's behaviour (its markup: HostStreamDemo.astro): a question sent to the
// in-page replica, the response read as it arrives and timed from the moment the request left,
// then /chat asked the same; its renderer (host-stream-render.ts) shows it all with the lesson's checks.

import { CHAT_PATH, STREAM_PATH, answerWithLf, createInPageHost } from '../../../lessons-code/index.ts';
import { fastPaste } from '../../demo-kit/textbox.ts';
import { createRunner, debounce, demo, part } from '../../demo-kit/kit-client.ts';
import { clearExchange, renderExchange, type Exchange } from './host-stream-render.ts';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export const mount = demo('hostStream', ({ host: root, s }) => {
  const box = part<HTMLTextAreaElement>(root, 'question');
  const presets = [...root.querySelectorAll<HTMLButtonElement>('button[data-preset]')];
  fastPaste(box, { keepCR: false }); // a message: its line ends are LF, as the page's own box makes them

  // The host's clock, watched: its first and last reading during a request frame the work it did.
  let clockReads: number[] = [];
  const host = createInPageHost({
    now: () => {
      const at = performance.now();
      clockReads.push(at);
      return at;
    },
  });

  async function exchange(question: string, signal: AbortSignal): Promise<Exchange> {
    // A huge question costs a few milliseconds per step: each step gets a task of its own.
    const json = JSON.stringify({ message: question });
    await nextTask();
    const body = new TextEncoder().encode(json);
    await nextTask();
    const init = () => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body, signal });
    clockReads = [];
    const start = performance.now();
    const response = await host(STREAM_PATH, init());
    const headersAt = performance.now() - start;
    const reads: Exchange['reads'] = [];
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
        reads.push({ at, bytes: value.byteLength, text: piece });
      }
      text += decoder.decode();
    }
    const endAt = performance.now() - start;
    const work =
      clockReads.length > 0 ? { from: clockReads[0]! - start, to: clockReads[clockReads.length - 1]! - start } : null;
    await nextTask();
    const chat = await host(CHAT_PATH, init());
    let chatAnswer: string | null = null;
    if (chat.ok)
      chatAnswer = answerWithLf(
        ((await chat.json()) as { naturalLanguageAnswer?: string }).naturalLanguageAnswer ?? '',
      );
    else await chat.body?.cancel();
    const headers = [...response.headers];
    return {
      requestBytes: body.byteLength,
      status: response.status,
      headers,
      headersAt,
      reads,
      endAt,
      body: text,
      work,
      chatStatus: chat.status,
      chatAnswer,
    };
  }

  const runner = createRunner({
    host: root,
    status: part(root, 'status'),
    strings: s,
    clear: () => clearExchange(root),
  });
  const send = () =>
    runner.run(async (signal) => {
      const result = await exchange(box.value, signal);
      await nextTask();
      return { render: () => renderExchange(root, result, s) };
    });

  const markPreset = () => {
    for (const button of presets) button.setAttribute('aria-pressed', String(box.value === button.dataset.question));
  };
  for (const button of presets) {
    button.addEventListener('click', () => {
      box.value = button.dataset.question ?? '';
      markPreset();
      void send();
    });
  }
  const later = debounce(() => void send(), 400);
  box.addEventListener('input', () => {
    markPreset();
    later();
  });
  root.querySelector('[data-send]')?.addEventListener('click', () => void send());
  markPreset();
  return send();
});
