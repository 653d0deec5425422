// The stop-short demo's behaviour (its markup and first drop: StopShortDemo.astro and
// StopShortPanel.astro). A new drop point or stream redraws what each reader keeps and both
// clients' turns (src/widgets/stop-short/stop-short-model.ts); the careful client's retry redraws its own panel.

import { DROP_READERS } from '../../../lessons-code/index.ts';
import {
  PRESETS,
  dropStream,
  presetAt,
  retryPanel,
  stopView,
  type TurnPanel,
  type StopView,
} from './stop-short-model.ts';
import { wireByteCut } from '../shared/byte-cut.ts';
import { createRunner, demo, h, part } from '../../demo-kit/kit-client.ts';
import type { DemoClientKey, KeyedTranslate } from '../../demo-kit/strings.ts';
import { renderMarkdown } from '../../demo-kit/markdown-render.ts';
import { appendVisible } from '../../demo-kit/visible-render.ts';

export const mount = demo('stopShort', ({ host, s, t: lookUp }) => {
  // Only keys this demo is sure to get (src/lib/ui-keys.ts, generated from en.json): a misspelt one is a type error.
  const t: KeyedTranslate<DemoClientKey<'stopShort'>> = lookUp;
  const received = part(host, 'received');
  const unfinishedNote = part(host, 'unfinished-note');
  const unfinished = part(host, 'unfinished');
  const standardNote = part(host, 'standard-note');
  const rows = DROP_READERS.map((reader) => ({
    chars: part(host, `chars-${reader.id}`),
    kept: part(host, `kept-${reader.id}`),
    done: part(host, `done-${reader.id}`),
    error: part(host, `error-${reader.id}`),
  }));
  const bodies = { page: part(host, 'page-body'), careful: part(host, 'careful-body') };
  const titles = { page: t('pageTitle'), careful: t('carefulTitle') };
  const presets = [...host.querySelectorAll<HTMLButtonElement>('button[data-preset]')];
  let stream = dropStream('answer');

  const clear = () => {
    for (const node of [received, unfinishedNote, unfinished, ...Object.values(bodies)]) node.replaceChildren();
    for (const row of rows) for (const node of Object.values(row)) node.replaceChildren();
    standardNote.hidden = true;
  };
  const runner = createRunner({ host, status: part(host, 'status'), strings: s, clear });

  // The pieces of a turn's panel, rendered once by the server (StopShortPanel.astro, EVERY_PIECE).
  const pieces = part<HTMLTemplateElement>(host, 'turn-pieces').content;
  const piece = <E extends HTMLElement = HTMLElement>(selector: string) =>
    pieces.querySelector<E>(`.ss-body > ${selector}`)!.cloneNode(true) as E;

  const renderPanel = (name: 'page' | 'careful', panel: TurnPanel) => {
    const body = bodies[name];
    body.dataset.status = panel.status;
    const bubble = piece('.ss-bubble');
    bubble.setAttribute('aria-label', titles[name]);
    bubble.dataset.testid = `${name}-bubble`;
    if (panel.showBubble) renderMarkdown(bubble, panel.bubble);
    else {
      bubble.removeAttribute('lang');
      bubble.replaceChildren(h('p', 'note', t('noAnswer')));
    }
    let notice: HTMLElement | '' = '';
    if (panel.notice) {
      notice = piece('.ss-notice');
      notice.prepend(panel.notice.text);
      const message = notice.querySelector('.mono')!;
      if (panel.notice.message === null) message.remove();
      else message.textContent = panel.notice.message;
    }
    const retry = panel.retry ? piece<HTMLButtonElement>('.ss-retry') : null;
    retry?.addEventListener('click', () => void runRetry(retry));
    const summary = piece('.ss-summary');
    summary.dataset.testid = `${name}-history`;
    summary.dataset.turns = String(panel.turns);
    const strong = summary.querySelector('strong')!;
    if (panel.summaryClass) strong.classList.add(...panel.summaryClass.split(' '));
    strong.textContent = panel.summary;
    const history = piece('.ss-history');
    const itemPiece = history.querySelector('li')!;
    history.replaceChildren(
      ...panel.history.map((item) => {
        const li = itemPiece.cloneNode(true) as HTMLElement;
        const [role, text] = li.querySelectorAll('span');
        role!.textContent = item.role;
        text!.textContent = item.text;
        if (!item.fresh) {
          li.removeAttribute('data-fresh');
          li.querySelector('.ss-new')!.remove();
        }
        return li;
      }),
    );
    let note: HTMLElement | '' = '';
    if (panel.note !== null) {
      note = piece('[data-testid="retried"]');
      note.textContent = panel.note;
    }
    body.replaceChildren(bubble, notice, retry ?? '', summary, history, note);
  };

  const render = (view: StopView) => {
    control.show(view.at, view.valueText);
    received.replaceChildren(h('strong', undefined, view.received), ' ', view.events);
    unfinishedNote.textContent = view.unfinishedNote;
    unfinished.replaceChildren();
    appendVisible(unfinished, view.unfinished);
    unfinished.hidden = view.unfinished === '';
    view.rows.forEach((row, i) => {
      const cells = rows[i]!;
      cells.chars.textContent = row.chars;
      cells.kept.replaceChildren();
      appendVisible(cells.kept, row.kept);
      cells.kept.hidden = row.kept === '';
      cells.done.className = row.done ? 'ok' : 'bad';
      cells.done.textContent = t(row.done ? 'yes' : 'no');
      cells.error.replaceChildren(
        ...(row.error === null ? ['—'] : [t('names.throws'), ' ', h('span', { class: 'mono', lang: 'en' }, row.error)]),
      );
    });
    standardNote.hidden = view.standardNote === null;
    renderPanel('page', view.page);
    renderPanel('careful', view.careful);
  };

  const update = (at: number) =>
    runner.run(async () => {
      const view = await stopView(stream, at, t);
      return { render: () => render(view), say: view.say };
    });

  // The careful client tries again: this time the connection holds. The keyboard stays where it
  // was: on the new retry button, or on the history the retry changed.
  const runRetry = (button: HTMLButtonElement) =>
    runner.run(async () => {
      button.setAttribute('aria-disabled', 'true');
      const panel = await retryPanel(stream, t);
      return {
        render: () => {
          renderPanel('careful', panel);
          (bodies.careful.querySelector<HTMLElement>('.ss-retry') ??
            bodies.careful.querySelector<HTMLElement>('.ss-summary'))!.focus();
        },
        say: `${panel.note} ${panel.summary}`,
      };
    });

  const control = wireByteCut(host, {
    onCut: (at) => void update(at),
    onStream: (id) => {
      stream = dropStream(id);
      control.setMax(stream.bytes.length);
      for (const button of presets)
        button.hidden = presetAt(stream, button.dataset.preset as (typeof PRESETS)[number]) === null;
      void update(presetAt(stream, stream.id === 'answer' ? 'middle' : 'whole')!);
    },
  });
  for (const button of presets)
    button.addEventListener(
      'click',
      () => void update(presetAt(stream, button.dataset.preset as (typeof PRESETS)[number]) ?? 0),
    );
});
