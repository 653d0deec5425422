// The cut demo: GaChatbot.Api's stream of the improvisation answer (LF or CRLF), cut in two reads
// at a byte the learner picks, fed to four readers (lessons-code CUT_READERS); each result is
// compared with that reader's own uncut result. "Scan every cut" runs lessons-code scanEveryReader
// in the worker.

import {
  CUT_READERS,
  CUT_STREAMS,
  IMPROVISATION_ANSWER,
  compare,
  cutContext,
  describeCut,
  firstDifference,
  mapStream,
  readInTwo,
  readWhole,
  sameResult,
  type CutPlace,
  type CutStream,
  type StreamMap,
  type StreamReadResult,
} from '../../lessons-code/index.ts';
import { compute, ComputeTimeout, debounce } from './compute.ts';
import type { CutScanView } from './beyond-ops.ts';
import { el, renderCutContext } from './beyond-common.ts';
import { readLabels, type Labels } from './labels.ts';
import { visible } from './whitespace.ts';

/** Where the slider starts: inside the first en dash of the answer, a cut that breaks a reader. */
export const FIRST_CUT = 17;

/** A cut place in words (translated), for the slider's value text, the list of breaking cuts and the live region. */
export function describePlace(place: CutPlace, t: Labels): string {
  const vars = { event: place.event, char: place.char ?? '', before: place.bytesBefore ?? 0, size: place.charBytes ?? 0 };
  let text: string;
  if (place.kind === 'crlf') text = t(place.closing ? 'place.crlfClosing' : 'place.crlf', vars);
  else text = t(`place.${place.kind}`, vars);
  if (place.inDone && place.kind !== 'between' && place.kind !== 'start' && place.kind !== 'end') text += t('place.inDone');
  return text;
}

function verdictDetail(uncut: StreamReadResult, got: StreamReadResult, t: Labels): string {
  const parts: string[] = [];
  const diff = firstDifference(uncut.text, got.text, 14);
  if (diff) parts.push(t('diff', { at: diff.at, expected: visible(diff.expected), got: visible(diff.got) }));
  if (uncut.done !== got.done) parts.push(t(got.done ? 'doneGained' : 'doneLost'));
  if (uncut.error !== got.error) parts.push(t('errorDiffers'));
  return parts.join(' ');
}

function uncutSummary(uncut: StreamReadResult, t: Labels): string {
  const verdict = uncut.text === '' ? t('nothing') : compare(IMPROVISATION_ANSWER, uncut.text);
  return t('uncut', { verdict, done: t(uncut.done ? 'yes' : 'no') });
}

export function mount(root: HTMLElement): void {
  const t = readLabels(root);
  const id = Math.random().toString(36).slice(2, 8);
  root.insertAdjacentHTML(
    'afterbegin',
    `<div class="bw-cut-demo">
      <fieldset class="bw-fieldset"><legend data-t="stream"></legend><div class="row" data-streams></div></fieldset>
      <p class="note mono" data-figures></p>
      <div class="bw-slider-row">
        <label for="cut-${id}" data-t="slider"></label>
        <input type="range" id="cut-${id}" min="0" step="1" data-slider />
        <label class="bw-number"><span class="sr-only" data-t="byte"></span><input type="number" min="0" step="1" inputmode="numeric" data-number /></label>
      </div>
      <p class="bw-place" data-place></p>
      <pre class="bw-context" data-context></pre>
      <p class="note" data-reads></p>
      <div class="bw-table-wrap" tabindex="0" role="group" data-readers-wrap>
        <table class="bw-readers" data-testid="readers">
          <caption class="sr-only" data-t="readersCaption"></caption>
          <thead><tr><th scope="col" data-t="reader"></th><th scope="col" data-t="atThisCut"></th></tr></thead>
          <tbody data-readers></tbody>
        </table>
      </div>
      <div class="row bw-scan-row"><button type="button" data-scan></button><span class="note" data-scan-status></span></div>
      <div data-scan-result></div>
      <p class="sr-only" aria-live="polite" data-live></p>
    </div>`,
  );
  for (const node of root.querySelectorAll<HTMLElement>('[data-t]')) node.textContent = t(node.dataset.t!);
  const q = <T extends HTMLElement>(selector: string) => root.querySelector<T>(selector)!;
  const streamsBox = q('[data-streams]');
  const figures = q('[data-figures]');
  const slider = q<HTMLInputElement>('[data-slider]');
  const number = q<HTMLInputElement>('[data-number]');
  const placeBox = q('[data-place]');
  const contextBox = q('[data-context]');
  const readsBox = q('[data-reads]');
  const readersBody = q('[data-readers]');
  const scanButton = q<HTMLButtonElement>('[data-scan]');
  const scanStatus = q('[data-scan-status]');
  const scanResult = q('[data-scan-result]');
  const live = q('[data-live]');
  q('[data-readers-wrap]').setAttribute('aria-label', t('readersCaption'));
  contextBox.setAttribute('aria-label', t('context'));
  scanButton.textContent = t('scan');

  let current: CutStream = CUT_STREAMS[0]!;
  let map: StreamMap = mapStream(current.bytes);
  const uncutCache = new Map<string, StreamReadResult>();

  // One row per reader, made once; the cells are updated in place.
  const rows = CUT_READERS.map((reader) => {
    const tr = el('tr');
    tr.dataset.reader = reader.id;
    const name = el('th');
    name.scope = 'row';
    name.append(el('code', undefined, reader.label), el('span', 'bw-reader-what note', t(`what.${reader.id}`)));
    const cell = el('td');
    const verdict = el('strong', 'bw-verdict');
    verdict.dataset.testid = 'verdict';
    const detail = el('span', 'bw-detail mono');
    const uncut = el('span', 'bw-uncut note');
    uncut.dataset.testid = 'uncut';
    cell.append(verdict, ' ', detail, uncut);
    tr.append(name, cell);
    readersBody.append(tr);
    return { reader, verdict, detail, uncut, tr };
  });

  const streamButtons = CUT_STREAMS.map((stream) => {
    const button = el('button', undefined, t(`stream.${stream.id}`));
    button.type = 'button';
    button.dataset.stream = stream.id;
    button.setAttribute('aria-pressed', String(stream === current));
    button.addEventListener('click', () => selectStream(stream));
    streamsBox.append(button);
    return button;
  });

  function selectStream(stream: CutStream): void {
    if (stream === current) return;
    current = stream;
    map = mapStream(stream.bytes);
    for (const button of streamButtons) button.setAttribute('aria-pressed', String(button.dataset.stream === stream.id));
    setLimits();
    scanResult.replaceChildren();
    scanStatus.textContent = '';
    void update(Number(slider.value), true);
  }

  function setLimits(): void {
    const n = current.bytes.length;
    slider.max = String(n);
    number.max = String(n);
    figures.textContent = t('figures', {
      chars: IMPROVISATION_ANSWER.length,
      answerBytes: new TextEncoder().encode(IMPROVISATION_ANSWER).length,
      bytes: n,
      cuts: n + 1,
    });
  }

  async function uncutOf(readerId: string, read: (body: ReadableStream<Uint8Array>) => Promise<StreamReadResult>): Promise<StreamReadResult> {
    const key = `${current.id}:${readerId}`;
    let value = uncutCache.get(key);
    if (!value) {
      value = await readWhole(read, current.bytes);
      uncutCache.set(key, value);
    }
    return value;
  }

  let generation = 0;
  async function update(at: number, announce: boolean): Promise<void> {
    const mine = ++generation;
    const n = current.bytes.length;
    const cut = Math.max(0, Math.min(n, Number.isFinite(at) ? Math.trunc(at) : 0));
    slider.value = String(cut);
    if (document.activeElement !== number || Number(number.value) !== cut) number.value = String(cut);
    const place = describeCut(map, cut);
    const placeText = describePlace(place, t);
    slider.setAttribute('aria-valuetext', t('valueText', { at: cut, n, place: placeText }));
    placeBox.replaceChildren(el('strong', undefined, t('cutAt', { at: cut, n })), ' ', el('span', 'bw-place-kind', placeText));
    placeBox.dataset.kind = place.kind;
    renderCutContext(contextBox, cutContext(current.bytes, cut, 14), t('cutMark'));
    readsBox.textContent = cut === 0 || cut === n ? t('oneRead', { n }) : t('twoReads', { a: cut, b: n - cut });
    let broken = 0;
    const results = await Promise.all(
      rows.map(async (row) => {
        const uncut = await uncutOf(row.reader.id, row.reader.read);
        const got = await readInTwo(row.reader.read, current.bytes, cut);
        return { row, uncut, got };
      }),
    );
    if (mine !== generation) return;
    for (const { row, uncut, got } of results) {
      const same = sameResult(uncut, got);
      if (!same) broken++;
      row.tr.dataset.same = String(same);
      row.verdict.className = `bw-verdict ${same ? 'ok' : 'bad'}`;
      row.verdict.textContent = same ? t('same') : t('broken');
      row.detail.textContent = same ? '' : verdictDetail(uncut, got, t);
      row.uncut.textContent = uncutSummary(uncut, t);
    }
    if (announce) live.textContent = t('announce', { at: cut, place: placeText, broken, readers: rows.length });
  }

  // Once the learner pauses, the result is announced: for the cut then in place (the stream may have changed since).
  const announceLater = debounce(() => void update(Number(slider.value), true), 250);
  slider.addEventListener('input', () => {
    void update(Number(slider.value), false);
    announceLater();
  });
  number.addEventListener('input', () => {
    if (number.value === '') return; // keep what the learner is typing
    const value = Number(number.value);
    if (!Number.isFinite(value)) return;
    void update(value, false);
    announceLater();
  });
  number.addEventListener('change', () => void update(Number(number.value || 0), true));

  let scanning = 0;
  scanButton.addEventListener('click', async () => {
    if (scanButton.getAttribute('aria-disabled') === 'true') return; // a scan is running (the button keeps its focus)
    const mine = ++scanning;
    const stream = current;
    scanButton.setAttribute('aria-disabled', 'true');
    scanStatus.textContent = t('scanning', { cuts: stream.bytes.length + 1 });
    root.setAttribute('aria-busy', 'true');
    try {
      const view: CutScanView = await compute({ op: 'cutScan', stream: stream.id, firstFew: 5 }, 20_000);
      if (mine !== scanning || stream !== current) return;
      renderScan(view);
      scanStatus.textContent = t('scanned', { cuts: view.bytes + 1 });
      live.textContent = t('scanAnnounce', {
        cuts: view.bytes + 1,
        counts: view.scans.map((scan) => `${scan.label} ${scan.breaking.length}`).join(', '),
      });
    } catch (error) {
      if (mine !== scanning) return;
      const message = error instanceof ComputeTimeout ? t('tooSlow') : t('failed', { message: (error as Error).message });
      scanStatus.textContent = message;
      live.textContent = message;
    } finally {
      if (mine === scanning) {
        scanButton.removeAttribute('aria-disabled');
        root.removeAttribute('aria-busy');
      }
    }
  });

  function renderScan(view: CutScanView): void {
    const wrap = el('div', 'bw-table-wrap');
    wrap.tabIndex = 0;
    wrap.setAttribute('role', 'group');
    wrap.setAttribute('aria-label', t('scanCaption'));
    const table = el('table', 'bw-scan');
    table.dataset.testid = 'scan';
    table.append(el('caption', 'sr-only', t('scanCaption')));
    const head = el('tr');
    for (const key of ['reader', 'breakingCuts', 'firstBreaking']) {
      const th = el('th', undefined, t(key));
      th.scope = 'col';
      head.append(th);
    }
    table.append(el('thead'));
    table.tHead!.append(head);
    const body = el('tbody');
    for (const scan of view.scans) {
      const tr = el('tr');
      tr.dataset.reader = scan.reader;
      const name = el('th');
      name.scope = 'row';
      name.append(el('code', undefined, scan.label));
      const count = el('td');
      const strong = el('strong', scan.breaking.length === 0 ? 'ok' : 'bad', t('countOf', { count: scan.breaking.length, cuts: scan.cuts }));
      strong.dataset.testid = 'count';
      strong.dataset.count = String(scan.breaking.length);
      count.append(strong);
      const kinds = Object.entries(scan.byKind).sort((a, b) => b[1] - a[1]);
      if (kinds.length > 0) {
        const list = el('ul', 'bw-kinds');
        for (const [kind, k] of kinds) list.append(el('li', undefined, t('kindCount', { count: k, kind: t(`kind.${kind}`) })));
        count.append(list);
      }
      const first = el('td');
      // The first few breaking cuts, and the first of every other kind of place.
      const shown = new Map<number, (typeof scan.first)[number]>();
      for (const item of [...scan.first.slice(0, 3), ...scan.firstOfEachKind]) shown.set(item.place.at, item);
      if (shown.size === 0) first.append(el('span', 'note', t('none')));
      else {
        const list = el('ul', 'bw-first');
        for (const item of [...shown.values()].sort((a, b) => a.place.at - b.place.at)) {
          const li = el('li');
          const jump = el('button', 'bw-jump', t('byteN', { at: item.place.at }));
          jump.type = 'button';
          jump.setAttribute('aria-label', t('jump', { at: item.place.at }));
          jump.addEventListener('click', () => {
            void update(item.place.at, true);
            slider.focus();
          });
          li.append(jump, ' ', el('span', undefined, describePlace(item.place, t)));
          list.append(li);
        }
        first.append(list);
      }
      tr.append(name, count, first);
      body.append(tr);
    }
    table.append(body);
    wrap.append(table);
    scanResult.replaceChildren(wrap);
  }

  setLimits();
  void update(FIRST_CUT, false);
}
