// Every writer with every reader: the lesson's 2 × 3 × 2 table (its markup and first result:
// PairsDemo.astro), computed again in the demo's worker when the learner edits the answer. A cell
// opens its detail (pairs-detail-render.ts). The table's cells stay in place, so focus never jumps.

import { IMPROVISATION_ANSWER, WRITERS, countBreaks } from '../../../lessons-code/index.ts';
import type { PairsResult } from '../shared/compute-worker.ts';
import { createComputer } from '../shared/computer.ts';
import { createRunner, debounce, demo, part } from '../../demo-kit/kit-client.ts';
import { cellNames, cellVerdict, clearDetail, renderDetail } from './pairs-detail-render.ts';
import { boxToText, fastPaste, textToBox } from '../../demo-kit/textbox.ts';

interface Choice {
  writer: string;
  reader: string;
  split: string;
}

export const mount = demo('pairs', ({ host, s, t }) => {
  const box = part<HTMLTextAreaElement>(host, 'answer');
  const stats = part(host, 'stats');
  const status = part(host, 'status');
  const cells = [...host.querySelectorAll<HTMLButtonElement>('button.pd-cell')];
  const computer = createComputer(host);
  const writerLabel = (id: string) => WRITERS.find((w) => w.id === id)?.label ?? id;
  const choiceOf = (button: HTMLButtonElement): Choice => ({
    writer: button.dataset.writer!,
    reader: button.dataset.reader!,
    split: button.dataset.split!,
  });
  let selected: HTMLButtonElement | null = null;

  const clear = () => {
    for (const cell of cells) {
      cell.textContent = '…';
      cell.classList.remove('ok', 'bad');
    }
    clearDetail(host);
  };
  const runner = createRunner({ host, status, strings: s, clear });

  const renderTable = (result: PairsResult) => {
    result.rows.forEach((row, r) =>
      row.cells.forEach((cell, c) => {
        const button = cells[r * row.cells.length + c]!;
        const choice = choiceOf(button);
        const names = cellNames(s, writerLabel(choice.writer), choice.reader, choice.split);
        const verdict = cellVerdict(s, cell.thrown, cell.report);
        button.textContent = verdict;
        button.classList.toggle('ok', cell.report.exact);
        button.classList.toggle('bad', !cell.report.exact);
        button.setAttribute('aria-label', `${names.writer}, ${names.reader}, ${names.split}: ${verdict}`);
      }),
    );
  };
  const exactCells = (result: PairsResult) =>
    result.rows.reduce((n, row) => n + row.cells.filter((cell) => cell.report.exact).length, 0);

  // The table, then the opened cell, both for the same answer: one run, so neither outlives an edit.
  const update = () =>
    runner.run(async (signal) => {
      const answer = boxToText(box.value);
      stats.textContent = t('stats', {
        chars: t('count.chars', { count: answer.length }),
        breaks: t('count.breaks', { count: countBreaks(answer) }),
      });
      const table = await computer.with({ signal }).call('pairs', answer);
      const detail = selected
        ? await computer.with({ signal }).call('pairDetail', { answer, ...choiceOf(selected) })
        : null;
      return {
        render: () => {
          renderTable(table);
          if (detail) renderDetail(host, detail, s, writerLabel(detail.writer));
        },
        say: t('liveTable', { exact: exactCells(table), total: cells.length }),
      };
    });

  const open = (button: HTMLButtonElement) => {
    selected = button;
    for (const cell of cells) cell.setAttribute('aria-pressed', String(cell === button));
    void runner.run(async (signal) => {
      const detail = await computer
        .with({ signal })
        .call('pairDetail', { answer: boxToText(box.value), ...choiceOf(button) });
      const names = cellNames(s, writerLabel(detail.writer), detail.reader, detail.split);
      return {
        render: () => void renderDetail(host, detail, s, writerLabel(detail.writer)),
        say: t('liveDetail', { names: t('detailTitle', names), verdict: cellVerdict(s, detail.thrown, detail.report) }),
      };
    });
  };

  for (const cell of cells) cell.addEventListener('click', () => open(cell));
  // The runner settles with an outcome and shows its own errors: nothing awaits an update.
  box.addEventListener(
    'input',
    debounce(() => void update(), 200),
  );
  fastPaste(box);
  host.querySelector('[data-action="reset"]')?.addEventListener('click', () => {
    box.value = IMPROVISATION_ANSWER;
    void update();
  });
  host.querySelector('[data-action="crlf"]')?.addEventListener('click', () => {
    box.value = textToBox(IMPROVISATION_ANSWER.replaceAll('\n', '\r\n'));
    void update();
  });
  // The first table is in the page already; a box refilled by the browser is computed now.
  if (boxToText(box.value) !== IMPROVISATION_ANSWER) void update();
});
