// The chunkers demo: the learner's answer split by SseChunker at a826864 and by #743, computed in
// the worker, shown with its whitespace visible and rendered as the chat page renders it.

import { IMPROVISATION_ANSWER } from '../../lessons-code/index.ts';
import { compute, ComputeTimeout, debounce } from './compute.ts';
import type { ChunkerResult, ChunkerSide } from './compute-worker.ts';
import { readLabels, type Labels } from './labels.ts';
import { renderMarkdown } from './markdown.ts';
import { appendVisible } from './whitespace.ts';

/** The answers the presets put in the box: GA-style output, so in English in every locale. */
export const CHUNKER_PRESETS: Record<string, string> = {
  improvisation: IMPROVISATION_ANSWER,
  prose: 'Aim for the chord tone a half step above, the note Q. To create tension, hold it over the bar line. Does it resolve? Let it fall to the third!\n',
  numbered: 'Build the arpeggio in three steps:\n\n1. Play the root.\n2. Add the third.\n3. Add the fifth, then climb back down.\n',
  eg: 'Connect the chords with a passing tone, e.g. a chromatic note between two chord tones. Keep it short.\n',
  crlf: IMPROVISATION_ANSWER.replaceAll('\n', '\r\n'),
};

/** How many chunks and characters per chunk the page lists; the worker already caps the rest. */
const SHOWN_CHUNKS = 50;
const SHOWN_CHARS = 600;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function renderSide(column: HTMLElement, title: string, side: ChunkerSide, t: Labels): void {
  column.replaceChildren();
  column.append(el('h4', 'chunker-side-title', title));
  const stats = el('p', 'mono chunker-stats');
  stats.dataset.testid = 'stats';
  stats.append(t('stats', { count: side.count, length: side.joinedLength }) + ' ');
  stats.append(el('strong', side.verdict === 'exact' ? 'ok' : 'bad', side.verdict));
  column.append(stats);
  const list = el('ol', 'chunk-list');
  list.setAttribute('aria-label', t('chunks'));
  side.chunks.slice(0, SHOWN_CHUNKS).forEach((chunk) => {
    const item = el('li');
    const pre = el('pre');
    appendVisible(pre, chunk.length > SHOWN_CHARS ? chunk.slice(0, SHOWN_CHARS) : chunk, { spaces: false });
    if (chunk.length > SHOWN_CHARS) pre.append(el('span', 'note', ' ' + t('cut')));
    pre.dataset.length = String(chunk.length);
    item.append(pre);
    list.append(item);
  });
  column.append(list);
  if (side.count > SHOWN_CHUNKS) column.append(el('p', 'note', t('moreChunks', { n: side.count - SHOWN_CHUNKS })));
  column.append(el('p', 'chunker-rendered-title', t('rendered')));
  const bubble = el('div', 'chat-bubble');
  bubble.dataset.testid = 'bubble';
  renderMarkdown(bubble, side.joined);
  if (side.joinedCut) bubble.append(el('p', 'note', t('cut')));
  column.append(bubble);
}

export function mount(host: HTMLElement): void {
  const t = readLabels(host);
  const id = Math.random().toString(36).slice(2, 8);
  host.insertAdjacentHTML(
    'afterbegin',
    `<div class="chunker">
      <div class="row chunker-presets" role="group"></div>
      <label class="chunker-label" for="answer-${id}"></label>
      <textarea id="answer-${id}" spellcheck="false" rows="10"></textarea>
      <p class="mono note chunker-answer-stats"></p>
      <p class="sr-only" aria-live="polite" data-live></p>
      <div class="columns chunker-columns"><div data-side="pinned"></div><div data-side="after743"></div></div>
    </div>`,
  );
  const presets = host.querySelector<HTMLElement>('.chunker-presets')!;
  const label = host.querySelector<HTMLLabelElement>('.chunker-label')!;
  const box = host.querySelector<HTMLTextAreaElement>('textarea')!;
  const answerStats = host.querySelector<HTMLElement>('.chunker-answer-stats')!;
  const live = host.querySelector<HTMLElement>('[data-live]')!;
  const pinnedColumn = host.querySelector<HTMLElement>('[data-side="pinned"]')!;
  const column743 = host.querySelector<HTMLElement>('[data-side="after743"]')!;
  presets.setAttribute('aria-label', t('presets'));
  label.textContent = t('answer');

  const buttons: HTMLButtonElement[] = [];
  for (const key of Object.keys(CHUNKER_PRESETS)) {
    const button = el('button', undefined, t(`preset.${key}`));
    button.type = 'button';
    button.dataset.preset = key;
    button.setAttribute('aria-pressed', String(key === 'improvisation'));
    button.addEventListener('click', () => {
      box.value = CHUNKER_PRESETS[key]!;
      for (const b of buttons) b.setAttribute('aria-pressed', String(b === button));
      update();
    });
    buttons.push(button);
    presets.append(button);
  }

  let generation = 0;
  const run = async () => {
    const mine = ++generation;
    const answer = box.value;
    host.setAttribute('aria-busy', 'true');
    try {
      const result: ChunkerResult = await compute({ op: 'chunkers', answer });
      if (mine !== generation) return; // a newer edit is on its way
      answerStats.textContent = t('summary', { lines: result.lines, breaks: result.breaks, length: result.length });
      if (answer.trim() === '') {
        pinnedColumn.replaceChildren(el('p', 'note', t('empty')));
        column743.replaceChildren();
      } else {
        renderSide(pinnedColumn, t('pinned'), result.pinned, t);
        renderSide(column743, t('after743'), result.after743, t);
      }
      live.textContent = `${t('pinned')}: ${result.pinned.count} ${t('chunks')}, ${result.pinned.verdict}. ${t('after743')}: ${result.after743.count} ${t('chunks')}, ${result.after743.verdict}.`;
    } catch (error) {
      if (mine !== generation) return;
      const message = error instanceof ComputeTimeout ? t('tooSlow') : t('failed', { message: (error as Error).message });
      pinnedColumn.replaceChildren(el('p', 'bad', message));
      column743.replaceChildren();
      live.textContent = message;
    } finally {
      if (mine === generation) host.removeAttribute('aria-busy');
    }
  };
  const update = debounce(run, 150);
  box.addEventListener('input', () => {
    for (const b of buttons) b.setAttribute('aria-pressed', 'false');
    update();
  });
  box.value = CHUNKER_PRESETS.improvisation!;
  void run();
}
