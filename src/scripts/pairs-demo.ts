// Every writer with every reader: the lesson's 2 × 3 × 2 table, computed in the worker on the
// answer the learner edits. Each cell opens its wire bytes (the line taken for a field name
// highlighted), the standard reader's events, the text the user gets and a diff against the answer.

import { IMPROVISATION_ANSWER, READERS, SPLITS, WRITERS } from '../../lessons-code/index.ts';
import { compute, ComputeTimeout, debounce } from './compute.ts';
import type { PairsResult } from './compute-worker.ts';
import { boxToText, CR_SIGN, keepPastedCRs, textToBox } from './cr-box.ts';
import { readLabels, type Labels } from './labels.ts';
import { el, moreNotes, renderEvents, renderLines } from './trace-view.ts';
import { appendVisible } from './whitespace.ts';
import type { PairDetailResult } from './wire-ops.ts';

interface Choice {
  writer: string;
  reader: string;
  split: string;
}

/** The time the worker gets for the table or a cell; past it the page says so and stays usable. */
const TIME_LIMIT = 8000;

function countLF(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

function renderDiff(target: HTMLElement, detail: PairDetailResult, t: Labels): void {
  target.replaceChildren();
  const diff = detail.diff!;
  for (const part of diff.parts) {
    if (part.kind === 'same') {
      if (part.skipped !== undefined) target.append(el('span', 'pd-skip', t('unchanged', { n: part.skipped })));
      else appendVisible(target, part.text);
      continue;
    }
    const mark = el(part.kind === 'removed' ? 'del' : 'ins', part.kind === 'removed' ? 'pd-del' : 'pd-ins');
    mark.append(el('span', 'pd-diff-label', t(part.kind === 'removed' ? 'removedLabel' : 'addedLabel')));
    appendVisible(mark, part.text, { spaces: part.text.trim() === '' });
    if (part.skipped !== undefined) mark.append(el('span', 'pd-skip', t('moreChanged', { n: part.skipped })));
    target.append(mark);
  }
  if (diff.more > 0) target.append(el('span', 'pd-skip', t('moreParts', { n: diff.more })));
}

export function mount(host: HTMLElement): void {
  const t = readLabels(host);
  const id = Math.random().toString(36).slice(2, 8);
  host.insertAdjacentHTML(
    'afterbegin',
    `<div class="pd">
      <label class="pd-label" for="pd-answer-${id}"></label>
      <p class="note pd-help" id="pd-help-${id}"></p>
      <textarea id="pd-answer-${id}" spellcheck="false" autocomplete="off" rows="8" aria-describedby="pd-help-${id}"></textarea>
      <div class="row pd-actions">
        <button type="button" data-action="reset"></button>
        <button type="button" data-action="crlf"></button>
      </div>
      <p class="mono note pd-stats"></p>
      <p class="sr-only" aria-live="polite" data-live></p>
      <div class="pd-table-box" tabindex="0" role="region" aria-labelledby="pd-caption-${id}">
        <table class="pd-table" data-testid="pairs-table">
          <caption id="pd-caption-${id}"></caption>
          <thead><tr><th scope="col" data-head="writer"></th><th scope="col" data-head="reader"></th></tr></thead>
          <tbody></tbody>
        </table>
      </div>
      <p class="pd-status" data-status></p>
      <p class="note pd-prompt" data-prompt></p>
      <section class="pd-detail" aria-labelledby="pd-detail-${id}" hidden>
        <h4 class="pd-detail-title" id="pd-detail-${id}" tabindex="-1"></h4>
        <p class="pd-verdict" data-testid="detail-verdict"></p>
        <div class="columns">
          <div>
            <h5 class="pd-sub" id="pd-wire-${id}"></h5>
            <p class="note" data-wire-note></p>
            <div class="tl-scroll" tabindex="0" role="region" aria-labelledby="pd-wire-${id}">
              <ol class="tl-lines" data-testid="wire"></ol>
            </div>
            <p class="note" data-more-lines></p>
          </div>
          <div>
            <h5 class="pd-sub" id="pd-events-${id}"></h5>
            <div class="tl-scroll" tabindex="0" role="region" aria-labelledby="pd-events-${id}">
              <ol class="tl-events" data-testid="detail-events"></ol>
            </div>
            <p class="note" data-more-events></p>
          </div>
        </div>
        <div class="columns">
          <div>
            <h5 class="pd-sub" data-got-title id="pd-got-${id}"></h5>
            <pre class="pd-got" data-testid="got" tabindex="0" role="region" aria-labelledby="pd-got-${id}"></pre>
            <p class="note" data-got-note></p>
          </div>
          <div>
            <h5 class="pd-sub" data-diff-title id="pd-diff-${id}"></h5>
            <p class="note" data-diff-note></p>
            <pre class="pd-diff" data-testid="diff" tabindex="0" role="region" aria-labelledby="pd-diff-${id}"></pre>
          </div>
        </div>
      </section>
    </div>`,
  );
  const q = <E extends HTMLElement>(selector: string) => host.querySelector<E>(selector)!;
  const box = q<HTMLTextAreaElement>('textarea');
  const stats = q<HTMLElement>('.pd-stats');
  const live = q<HTMLElement>('[data-live]');
  const status = q<HTMLElement>('[data-status]');
  const prompt = q<HTMLElement>('[data-prompt]');
  const tbody = q<HTMLElement>('tbody');
  const detail = q<HTMLElement>('.pd-detail');
  const detailTitle = q<HTMLElement>('.pd-detail-title');
  const verdictLine = q<HTMLElement>('.pd-verdict');
  const wireNote = q<HTMLElement>('[data-wire-note]');
  const wireList = q<HTMLElement>('[data-testid="wire"]');
  const eventList = q<HTMLElement>('[data-testid="detail-events"]');
  const moreLines = q<HTMLElement>('[data-more-lines]');
  const moreEvents = q<HTMLElement>('[data-more-events]');
  const gotTitle = q<HTMLElement>('[data-got-title]');
  const got = q<HTMLElement>('.pd-got');
  const gotNote = q<HTMLElement>('[data-got-note]');
  const diffTitle = q<HTMLElement>('[data-diff-title]');
  const diffNote = q<HTMLElement>('[data-diff-note]');
  const diffBox = q<HTMLElement>('.pd-diff');

  q<HTMLElement>('.pd-label').textContent = t('answer');
  q<HTMLElement>('.pd-help').textContent = t('answerHelp', { cr: CR_SIGN });
  q<HTMLElement>('[data-action="reset"]').textContent = t('reset');
  q<HTMLElement>('[data-action="crlf"]').textContent = t('crlf');
  q<HTMLElement>('caption').textContent = t('caption');
  q<HTMLElement>('[data-head="writer"]').textContent = t('writer');
  q<HTMLElement>('[data-head="reader"]').textContent = t('reader');
  q<HTMLElement>(`#pd-wire-${id}`).textContent = t('wire');
  q<HTMLElement>(`#pd-events-${id}`).textContent = t('events');
  diffTitle.textContent = t('diff');
  prompt.textContent = t('prompt');

  // The table is built once; updates change its cells in place, so focus never jumps.
  const headRow = q<HTMLElement>('thead tr');
  for (const split of SPLITS) {
    const th = el('th', undefined, split.label); // the program's own column titles, untranslated
    th.scope = 'col';
    headRow.append(th);
  }
  const cells: { choice: Choice; button: HTMLButtonElement; names: string }[] = [];
  for (const writer of WRITERS) {
    for (const reader of READERS) {
      const tr = el('tr');
      const th = el('th', 'pd-writer', writer.label);
      th.scope = 'row';
      tr.append(th, el('td', 'pd-reader', reader.label));
      for (const split of SPLITS) {
        const td = el('td');
        const button = el('button', 'pd-cell');
        button.type = 'button';
        button.setAttribute('aria-pressed', 'false');
        const choice = { writer: writer.id, reader: reader.id, split: split.id };
        button.dataset.writer = writer.id;
        button.dataset.reader = reader.id;
        button.dataset.split = split.id;
        const names = `${writer.label}, ${reader.label}, ${split.label}`;
        button.addEventListener('click', () => choose(choice));
        cells.push({ choice, button, names });
        td.append(button);
        tr.append(td);
      }
      tbody.append(tr);
    }
  }

  let selected: Choice | null = null;
  const same = (a: Choice, b: Choice) => a.writer === b.writer && a.reader === b.reader && a.split === b.split;

  function renderTable(result: PairsResult): void {
    let exact = 0;
    result.rows.forEach((row, r) => {
      row.cells.forEach((cell, c) => {
        const entry = cells[r * SPLITS.length + c]!;
        entry.button.textContent = cell.verdict;
        entry.button.classList.toggle('ok', cell.exact);
        entry.button.classList.toggle('bad', !cell.exact);
        entry.button.setAttribute('aria-label', `${entry.names}: ${cell.verdict}`);
        if (cell.exact) exact++;
      });
    });
    live.textContent = t('liveTable', { exact, total: cells.length });
  }

  function renderDetail(result: PairDetailResult): void {
    detail.hidden = false;
    prompt.hidden = true;
    detailTitle.textContent = t('detailTitle', { writer: result.writer, reader: result.reader, split: result.split });
    verdictLine.replaceChildren(t('verdict') + ' ');
    verdictLine.append(el('strong', result.verdict === 'exact' ? 'ok' : 'bad', result.verdict));
    verdictLine.append(' · ' + t('wireStats', { chunks: result.chunkCount, events: result.wire.eventCount, length: result.wire.length }));
    wireNote.textContent = result.fieldNameLines > 0 ? t('fieldNames', { n: result.fieldNameLines }) : t('noFieldNames');
    renderLines(wireList, result.wire, t);
    renderEvents(eventList, result.wire, t);
    const more = moreNotes(result.wire, t);
    moreLines.textContent = more.lines;
    moreEvents.textContent = more.events;
    gotTitle.textContent = t('got', { reader: result.reader });
    got.replaceChildren();
    if (result.thrown) got.append(el('span', 'bad', result.got));
    else appendVisible(got, result.got);
    gotNote.textContent = result.thrown ? t('thrown') : t('gotLength', { n: result.gotLength }) + (result.gotCut > 0 ? ' ' + t('cut') : '');
    if (result.diff === null) {
      diffNote.textContent = t('noDiffThrown');
      diffBox.hidden = true;
    } else if (result.diff.equal) {
      diffNote.textContent = t('noDiff');
      diffBox.hidden = true;
    } else {
      diffNote.textContent = t('diffLegend', { removed: result.diff.removed, added: result.diff.added });
      diffBox.hidden = false;
      renderDiff(diffBox, result, t);
    }
  }

  let tableGeneration = 0;
  let detailGeneration = 0;

  async function showDetail(answer: string): Promise<void> {
    if (!selected) return;
    const mine = ++detailGeneration;
    try {
      const result = await compute({ op: 'pairDetail', answer, ...selected }, TIME_LIMIT);
      if (mine !== detailGeneration) return;
      renderDetail(result);
      status.textContent = '';
    } catch (error) {
      if (mine !== detailGeneration) return;
      const message = error instanceof ComputeTimeout ? t('tooSlow') : t('failed', { message: (error as Error).message });
      status.textContent = message;
      live.textContent = message;
    }
  }

  function choose(choice: Choice): void {
    selected = choice;
    for (const cell of cells) cell.button.setAttribute('aria-pressed', String(same(cell.choice, choice)));
    const names = cells.find((cell) => same(cell.choice, choice))!;
    void showDetail(boxToText(box.value)).then(() => {
      if (selected && same(selected, choice) && !detail.hidden) live.textContent = t('liveDetail', { names: names.names, verdict: names.button.textContent ?? '' });
    });
  }

  const run = async () => {
    const mine = ++tableGeneration;
    const answer = boxToText(box.value);
    stats.textContent = t('stats', { length: answer.length, breaks: countLF(answer) });
    host.setAttribute('aria-busy', 'true');
    try {
      const result = await compute({ op: 'pairs', answer }, TIME_LIMIT);
      if (mine !== tableGeneration) return; // a newer edit is on its way
      renderTable(result);
      status.textContent = '';
      await showDetail(answer);
    } catch (error) {
      if (mine !== tableGeneration) return;
      const message = error instanceof ComputeTimeout ? t('tooSlow') : t('failed', { message: (error as Error).message });
      status.textContent = message;
      live.textContent = message;
    } finally {
      if (mine === tableGeneration) host.removeAttribute('aria-busy');
    }
  };
  const update = debounce(run, 200);
  box.addEventListener('input', update);
  keepPastedCRs(box);
  q<HTMLElement>('[data-action="reset"]').addEventListener('click', () => {
    box.value = IMPROVISATION_ANSWER;
    void run();
  });
  q<HTMLElement>('[data-action="crlf"]').addEventListener('click', () => {
    box.value = textToBox(IMPROVISATION_ANSWER.replaceAll('\n', '\r\n'));
    void run();
  });
  box.value = IMPROVISATION_ANSWER;
  void run();
}
