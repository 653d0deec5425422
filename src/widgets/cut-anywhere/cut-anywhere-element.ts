// The cut demo's behaviour (its markup and first cut: CutAnywhereDemo.astro). A new cut or stream
// redraws the place, the context and each reader's row (src/widgets/shared/cut-model.ts); "Scan every cut" runs
// lessons-code scanEveryReader in the demo's worker and fills in the scan table.

import { CUT_READERS } from '../../../lessons-code/index.ts';
import { cutFigures, cutStream, cutView, describePlace, type CutView } from '../shared/cut-model.ts';
import type { CutScanView } from '../shared/beyond-ops.ts';
import { wireByteCut } from '../shared/byte-cut.ts';
import { createComputer } from '../shared/computer.ts';
import { createRunner, demo, h, part } from '../../demo-kit/kit-client.ts';
import { cutVerdicts, renderCutContext, showCutPlace } from '../shared/cut-context-render.ts';

/** The scan tries every cut of the stream (about 2,800 reads): far less than this, even on a slow phone. */
const SCAN_TIME_LIMIT = 20_000;

export const mount = demo('cut', ({ host, s, t, lang }) => {
  const figures = part(host, 'figures');
  const place = part(host, 'place');
  const context = part(host, 'context');
  const reads = part(host, 'reads');
  const verdicts = cutVerdicts(
    host,
    CUT_READERS.map((reader) => reader.id),
  );
  const scanButton = host.querySelector<HTMLButtonElement>('[data-scan]')!;
  const scanArea = part(host, 'scan');
  const scanStatus = part(host, 'scan-status');
  const scanCells = CUT_READERS.map((reader) => ({
    id: reader.id,
    count: part(host, `count-${reader.id}`),
    first: part(host, `first-${reader.id}`),
  }));
  const computer = createComputer();
  let stream = cutStream('lf');

  const clearCut = () => {
    for (const node of [place, context, reads]) node.replaceChildren();
    verdicts.clear();
  };
  const runner = createRunner({ host, status: part(host, 'status'), strings: s, clear: clearCut });
  const clearScan = () => {
    scanArea.hidden = true;
    for (const cell of scanCells) cell.count.replaceChildren(), cell.first.replaceChildren();
  };
  const scanRunner = createRunner({ host: scanArea, status: scanStatus, strings: s, clear: clearScan });

  const render = (view: CutView) => {
    control.show(view.at, view.valueText);
    showCutPlace(place, view);
    renderCutContext(context, view.context, t('cutMark'));
    reads.textContent = view.reads;
    verdicts.show(view.rows);
  };
  const update = (at: number) =>
    runner.run(async () => {
      const view = await cutView(stream, at, t, lang);
      return { render: () => render(view), say: view.say };
    });

  const control = wireByteCut(host, {
    onCut: (at) => void update(at),
    onStream: (id) => {
      stream = cutStream(id);
      control.setMax(stream.bytes.length);
      figures.textContent = cutFigures(stream, t);
      scanRunner.stop();
      clearScan();
      scanStatus.textContent = '';
      void update(control.value());
    },
  });

  const jumpTo = (at: number) => {
    void update(at);
    part(host, 'slider').focus();
  };
  const renderScan = (view: CutScanView) => {
    for (const scan of view.scans) {
      const cells = scanCells.find((cell) => cell.id === scan.reader)!;
      const count = h(
        'strong',
        {
          class: scan.breaking.length === 0 ? 'ok' : 'bad',
          'data-testid': 'count',
          'data-count': String(scan.breaking.length),
        },
        t('countOf', { count: scan.breaking.length, cuts: scan.cuts }),
      );
      const kinds = Object.entries(scan.byKind).sort((a, b) => b[1] - a[1]);
      cells.count.replaceChildren(count);
      if (kinds.length > 0)
        cells.count.append(
          h(
            'ul',
            undefined,
            ...kinds.map(([kind, k]) => h('li', undefined, t('kindCount', { count: k, kind: t(`kind.${kind}`) }))),
          ),
        );
      // The first few breaking cuts, and the first of every other kind of place, in stream order.
      const shown = new Map<number, (typeof scan.first)[number]>();
      for (const item of [...scan.first.slice(0, 3), ...scan.firstOfEachKind]) shown.set(item.place.at, item);
      const items = [...shown.values()]
        .sort((a, b) => a.place.at - b.place.at)
        .map((item) => {
          const jump = h(
            'button',
            { type: 'button', class: 'bw-jump', 'aria-label': t('jump', { at: item.place.at }) },
            t('byteN', { at: item.place.at }),
          );
          jump.addEventListener('click', () => jumpTo(item.place.at));
          return h('li', undefined, jump, ' ', describePlace(item.place, t));
        });
      cells.first.replaceChildren(items.length === 0 ? h('span', 'note', t('none')) : h('ul', undefined, ...items));
    }
    scanArea.hidden = false;
  };
  scanButton.addEventListener('click', () => {
    const scanned = stream;
    scanStatus.textContent = t('scanning', { cuts: scanned.bytes.length + 1 });
    void scanRunner.run(async (signal) => {
      const view = await computer
        .with({ signal, timeoutMs: SCAN_TIME_LIMIT })
        .call('cutScan', { stream: scanned.id, firstFew: 5 });
      const counts = view.scans.map((scan) => `${scan.label} ${s.n(scan.breaking.length)}`).join(', ');
      return { render: () => renderScan(view), say: t('scanAnnounce', { cuts: view.bytes + 1, counts }) };
    });
  });
});
