// The chunkers demo's behaviour (its markup and first result: ChunkerDemo.astro). Every edit of the
// answer is split both ways in the demo's worker; the latest edit's result replaces the columns.

import { CHUNKER_PRESETS, type ChunkerSide } from '../shared/chunker-model.ts';
import { describeLoss } from '../shared/loss-report.ts';
import { createComputer } from '../shared/computer.ts';
import { createRunner, debounce, demo, h, part } from '../../demo-kit/kit-client.ts';
import { renderMarkdown } from '../../demo-kit/markdown-render.ts';
import { boxToText, fastPaste, textToBox } from '../../demo-kit/textbox.ts';
import { appendVisible } from '../../demo-kit/visible-render.ts';

const SIDES = ['pinned', 'after743'] as const;

export const mount = demo('chunker', ({ host, s, t }) => {
  const box = part<HTMLTextAreaElement>(host, 'answer');
  const answerStats = part(host, 'answer-stats');
  const presets = [...host.querySelectorAll<HTMLButtonElement>('button[data-preset]')];
  const computer = createComputer(host);
  const columns = SIDES.map((key) => ({
    key,
    stats: part(host, `${key}-stats`),
    chunks: part(host, `${key}-chunks`),
    more: part(host, `${key}-more`),
    bubble: part(host, `${key}-bubble`),
  }));

  const clear = () => {
    answerStats.textContent = '';
    for (const column of columns)
      for (const node of [column.stats, column.chunks, column.more, column.bubble]) node.replaceChildren();
  };
  const runner = createRunner({ host, status: part(host, 'status'), strings: s, clear });

  const renderSide = (column: (typeof columns)[number], side: ChunkerSide) => {
    const verdict = describeLoss(side.report, t, s.lang);
    column.stats.replaceChildren(
      t('stats', {
        chunks: t('count.chunks', { count: side.count }),
        chars: t('count.chars', { count: side.joinedLength }),
      }) + ' ',
      h('strong', side.report.exact ? 'ok' : 'bad', verdict),
    );
    column.chunks.replaceChildren(
      ...side.chunks.map((chunk) => {
        const pre = h('pre');
        appendVisible(pre, chunk.text, { spaces: 'notable' });
        if (chunk.cut) pre.append(h('span', 'note', ' ' + t('cut')));
        return h('li', undefined, pre);
      }),
    );
    const hidden = side.count - side.chunks.length;
    column.more.textContent = hidden > 0 ? t('moreChunks', { count: hidden }) : '';
    renderMarkdown(column.bubble, side.joined);
    if (side.joinedCut) column.bubble.append(h('p', 'note', t('cut')));
  };

  const update = () =>
    runner.run(async (signal) => {
      const answer = boxToText(box.value);
      const result = await computer.with({ signal }).call('chunkers', answer);
      return {
        render: () => {
          answerStats.textContent = t('summary', {
            lines: t('count.lines', { count: result.lines }),
            breaks: t('count.breaks', { count: result.breaks }),
            chars: t('count.chars', { count: result.length }),
          });
          columns.forEach((column) => renderSide(column, result[column.key]));
          if (answer.trim() === '') columns[0]!.more.textContent = t('empty');
        },
        say: SIDES.map(
          (key) =>
            `${t(key)}: ${t('count.chunks', { count: result[key].count })}, ` +
            `${describeLoss(result[key].report, t, s.lang)}.`,
        ).join(' '),
      };
    });
  // The runner settles with an outcome and shows its own errors: nothing awaits an update.
  const later = debounce(() => void update(), 150);

  for (const button of presets) {
    button.addEventListener('click', () => {
      box.value = textToBox(CHUNKER_PRESETS[button.dataset.preset ?? ''] ?? '');
      for (const other of presets) other.setAttribute('aria-pressed', String(other === button));
      void update();
    });
  }
  box.addEventListener('input', () => {
    for (const other of presets) other.setAttribute('aria-pressed', 'false');
    later();
  });
  fastPaste(box);
  // The first result is already in the page (rendered with it); a box the browser refilled on
  // reload, or edited before this code loaded, is split now.
  if (box.value !== CHUNKER_PRESETS.improvisation) void update();
});
