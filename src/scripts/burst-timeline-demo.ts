// The timeline demo: one request to the in-page host (headers at once, then every event in one
// burst) next to the paced host (lessons-code createPacedHost: each piece as it is produced), each
// read as it arrives and painted through lessons-code's paint batcher (lessons-code runStreamTurn),
// on the real clock.

import {
  VOICING_QUESTION,
  createInPageHost,
  createPacedHost,
  runStreamTurn,
  wordPieces,
  VOICING_ANSWER,
  type FetchLike,
  type PaintRecord,
  type TimelineEntry,
  type TurnTimeline,
} from '../../lessons-code/index.ts';
import { debounce } from './compute.ts';
import { el, formatNumber } from './beyond-common.ts';
import { readLabels, type Labels } from './labels.ts';
import { renderMarkdown } from './markdown.ts';

export const PIECE_CHOICES = [5, 12, 25, 50] as const;
export const DEFAULT_PIECE_MS = 12;

type Mode = 'burst' | 'paced';

interface Column {
  mode: Mode;
  root: HTMLElement;
  lanes: HTMLElement;
  list: HTMLElement;
  stats: HTMLElement;
  bubble: HTMLElement;
  run: number;
}

const ms = (value: number) => formatNumber(value, 1);

function eventName(kind: string, t: Labels): string {
  return t(`event.${kind}`);
}

interface Row {
  t: number;
  text: string;
  kind: string;
}

function rowsOf(timeline: TurnTimeline, mode: Mode, t: Labels): Row[] {
  const rows: Row[] = [];
  const entries = timeline.entries;
  const firstRead = entries.find((e) => e.kind === 'read');
  for (const entry of entries) {
    rows.push({ t: entry.t, kind: entry.kind, text: entryText(entry, t) });
    if (entry.kind === 'headers' && firstRead && mode === 'burst') {
      // Nothing arrives while the host computes the whole answer.
      rows.push({ t: entry.t, kind: 'gap', text: t('gapBurst', { ms: ms(firstRead.t - entry.t) }) });
    }
  }
  for (const paint of timeline.paints) rows.push({ t: paint.t, kind: `paint-${paint.reason}`, text: paintText(paint, t) });
  // Stable sort by time: at equal times, a read comes before the paints it caused.
  return rows.map((row, i) => ({ row, i })).sort((a, b) => a.row.t - b.row.t || a.i - b.i).map(({ row }) => row);
}

function entryText(entry: TimelineEntry, t: Labels): string {
  switch (entry.kind) {
    case 'sent':
      return t('sent');
    case 'headers':
      return t('headers', { status: entry.status ?? 0 });
    case 'read':
      return t('read', {
        bytes: entry.bytes ?? 0,
        events: (entry.events ?? []).length === 0 ? t('noEvent') : (entry.events ?? []).map((kind) => eventName(kind, t)).join(', '),
      });
    case 'end':
      return t('end');
  }
}

function paintText(paint: PaintRecord, t: Labels): string {
  return paint.reason === 'final' ? t('paintFinal', { chars: paint.text.length }) : t('paintDraft', { chars: paint.text.length });
}

export function mount(root: HTMLElement): void {
  const t = readLabels(root);
  const id = Math.random().toString(36).slice(2, 8);
  root.insertAdjacentHTML(
    'afterbegin',
    `<div class="bw-timeline-demo">
      <p><span data-t="question"></span> <code lang="en" data-question></code></p>
      <div class="row bw-controls">
        <label for="pace-${id}" data-t="pace"></label>
        <select id="pace-${id}" data-pace></select>
        <button type="button" data-send></button>
      </div>
      <div class="columns bw-columns">
        <section class="bw-column" data-mode="burst" aria-labelledby="b-${id}"><h4 class="bw-column-title" id="b-${id}" data-t="burstTitle"></h4></section>
        <section class="bw-column" data-mode="paced" aria-labelledby="p-${id}"><h4 class="bw-column-title" id="p-${id}" data-t="pacedTitle"></h4></section>
      </div>
      <p class="sr-only" aria-live="polite" data-live></p>
    </div>`,
  );
  for (const node of root.querySelectorAll<HTMLElement>('[data-t]')) node.textContent = t(node.dataset.t!);
  const q = <T extends HTMLElement>(selector: string) => root.querySelector<T>(selector)!;
  q('[data-question]').textContent = VOICING_QUESTION;
  const pace = q<HTMLSelectElement>('[data-pace]');
  const send = q<HTMLButtonElement>('[data-send]');
  const live = q('[data-live]');
  send.textContent = t('send');
  for (const choice of PIECE_CHOICES) {
    const option = el('option', undefined, t('paceOption', { ms: choice }));
    option.value = String(choice);
    option.selected = choice === DEFAULT_PIECE_MS;
    pace.append(option);
  }

  const columns: Column[] = (['burst', 'paced'] as const).map((mode) => {
    const section = q(`[data-mode="${mode}"]`);
    section.insertAdjacentHTML(
      'beforeend',
      `<p class="note" data-t="${mode}Note"></p>
      <div class="bw-lanes" role="img" data-lanes></div>
      <div class="bw-list-wrap" tabindex="0" role="group" data-list-wrap><ol class="bw-list mono" data-list></ol></div>
      <ul class="bw-stats" data-stats></ul>
      <p class="bw-bubble-label" data-t="bubble"></p>
      <div class="chat-bubble bw-bubble" lang="en" tabindex="0" role="group" data-bubble></div>`,
    );
    for (const node of section.querySelectorAll<HTMLElement>('[data-t]')) node.textContent = t(node.dataset.t!);
    section.querySelector('[data-list-wrap]')!.setAttribute('aria-label', t('listName', { host: t(`${mode}Title`) }));
    section.querySelector('[data-bubble]')!.setAttribute('aria-label', t('bubbleName', { host: t(`${mode}Title`) }));
    return {
      mode,
      root: section,
      lanes: section.querySelector<HTMLElement>('[data-lanes]')!,
      list: section.querySelector<HTMLElement>('[data-list]')!,
      stats: section.querySelector<HTMLElement>('[data-stats]')!,
      bubble: section.querySelector<HTMLElement>('[data-bubble]')!,
      run: 0,
    };
  });

  function renderLanes(column: Column, timeline: TurnTimeline): void {
    const end = Math.max(timeline.entries[timeline.entries.length - 1]?.t ?? 0, ...timeline.paints.map((p) => p.t), 0.001);
    const at = (time: number) => `${Math.min(100, Math.max(0, (time / end) * 100)).toFixed(2)}%`;
    column.lanes.replaceChildren();
    const lane = (name: string) => {
      const row = el('div', 'bw-lane');
      row.append(el('span', 'bw-lane-name', name));
      const track = el('div', 'bw-track');
      row.append(track);
      column.lanes.append(row);
      return track;
    };
    const net = lane(t('laneNetwork'));
    const paints = lane(t('lanePaint'));
    for (const entry of timeline.entries) {
      if (entry.kind !== 'headers' && entry.kind !== 'read') continue;
      const tick = el('span', `bw-tick bw-tick-${entry.kind}`);
      tick.style.insetInlineStart = at(entry.t);
      net.append(tick);
    }
    for (const paint of timeline.paints) {
      const tick = el('span', `bw-tick bw-tick-paint-${paint.reason}`);
      tick.style.insetInlineStart = at(paint.t);
      paints.append(tick);
    }
    const axis = el('div', 'bw-axis');
    axis.append(el('span', undefined, t('ms', { ms: ms(0) })), el('span', undefined, t('ms', { ms: ms(end) })));
    column.lanes.append(axis);
    const reads = timeline.entries.filter((e) => e.kind === 'read').length;
    column.lanes.setAttribute('aria-label', t('lanesName', { reads, paints: timeline.paints.length, ms: ms(end) }));
  }

  function renderStats(column: Column, timeline: TurnTimeline): void {
    const drafts = timeline.paints.filter((p) => p.reason !== 'final').length;
    const items: [string, string, boolean | null, string][] = [
      [t('deltas'), formatNumber(timeline.deltas), null, 'deltas'],
      [t('paints'), t('paintsValue', { paints: timeline.paints.length, drafts }), null, 'paints'],
      [t('cancelled'), t(timeline.cancelled > 0 ? 'cancelledYes' : 'cancelledNone', { count: timeline.cancelled }), null, 'cancelled'],
      [t('prefixes'), t(timeline.prefixes ? 'yes' : 'no'), timeline.prefixes, 'prefixes'],
      [t('finalLast'), t(timeline.finalLast ? 'yes' : 'no'), timeline.finalLast, 'final'],
      [t('firstText'), timeline.firstTextAt === null ? '—' : t('ms', { ms: ms(timeline.firstTextAt) }), null, 'first'],
    ];
    column.stats.replaceChildren();
    for (const [term, value, good, key] of items) {
      const item = el('li');
      item.dataset.stat = key;
      const strong = el('strong', good === null ? undefined : good ? 'ok' : 'bad', value);
      item.append(t('stat', { term }) + ' ', strong);
      column.stats.append(item);
    }
    column.stats.dataset.deltas = String(timeline.deltas);
    column.stats.dataset.paints = String(timeline.paints.length);
    column.stats.dataset.drafts = String(drafts);
  }

  async function runColumn(column: Column): Promise<TurnTimeline | null> {
    const mine = ++column.run;
    const pieceMs = Number(pace.value) || DEFAULT_PIECE_MS;
    const host: FetchLike = column.mode === 'burst' ? createInPageHost() : createPacedHost({ pieceMs });
    column.root.dataset.state = 'running';
    column.root.dataset.run = String(mine);
    column.bubble.replaceChildren();
    column.list.replaceChildren(el('li', 'note', t('running')));
    const timeline = await runStreamTurn({
      host,
      message: VOICING_QUESTION,
      paint: (text) => {
        if (mine === column.run) renderMarkdown(column.bubble, text); // the real cost a paint has
      },
    });
    if (mine !== column.run) return null;
    renderLanes(column, timeline);
    column.list.replaceChildren();
    for (const row of rowsOf(timeline, column.mode, t)) {
      const item = el('li');
      item.dataset.kind = row.kind;
      item.append(el('span', 'bw-t', t('ms', { ms: ms(row.t) })), ' ', el('span', undefined, row.text));
      column.list.append(item);
    }
    renderStats(column, timeline);
    column.root.dataset.state = 'done';
    return timeline;
  }

  let warmed = false;
  async function runBoth(): Promise<void> {
    if (send.getAttribute('aria-disabled') === 'true') return; // already running (the button keeps its focus)
    send.setAttribute('aria-disabled', 'true');
    root.setAttribute('aria-busy', 'true');
    try {
      if (!warmed) {
        // A first request that nobody sees: loading and compiling code must not count as the host's time.
        await runStreamTurn({ host: createInPageHost(), message: VOICING_QUESTION });
        warmed = true;
      }
      // One after the other, so that neither request's work delays the other's timeline.
      const burst = await runColumn(columns[0]!);
      const paced = await runColumn(columns[1]!);
      if (burst && paced) {
        live.textContent = t('announce', {
          burstDeltas: burst.deltas,
          burstPaints: burst.paints.length,
          pacedDeltas: paced.deltas,
          pacedPaints: paced.paints.length,
        });
      }
    } finally {
      send.removeAttribute('aria-disabled');
      root.removeAttribute('aria-busy');
    }
  }

  send.addEventListener('click', () => void runBoth());
  const rerunPaced = debounce(async () => {
    const paced = await runColumn(columns[1]!);
    if (paced) live.textContent = t('announcePaced', { deltas: paced.deltas, paints: paced.paints.length });
  }, 200);
  pace.addEventListener('change', () => rerunPaced());
  void runBoth();
}

/** How many deltas the paced host sends for the voicing answer: one per word. */
export const PACED_DELTAS = wordPieces(VOICING_ANSWER).length;
