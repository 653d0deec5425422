// The 06c cut demo's behaviour (its markup and first cut: ProviderCutDemo.astro). A new cut or
// recording redraws the place, the context and both layers' rows (src/widgets/shared/provider-model.ts); the
// scan of every cut of the three recordings runs in the demo's worker (src/widgets/provider-cut/provider-ops.ts).

import { PROVIDER_CUT_READERS, recordingById, type RecordingId } from '../../../lessons-code/index.ts';
import { kindLabel, providerCutView, type ProviderCutView } from '../shared/provider-model.ts';
import { wireByteCut } from '../shared/byte-cut.ts';
import { connect } from '../../demo-kit/worker-calls.ts';
import { cutVerdicts, renderCutContext, showCutPlace } from '../shared/cut-context-render.ts';
import { createRunner, demo, h, part } from '../../demo-kit/kit-client.ts';
import type { ProviderScanView } from './provider-ops.ts';
import type { ProviderScanOps } from './provider-scan-worker.ts';

/** About 30,000 reads of recordings up to 10 KB: far less than this, even on a slow phone. */
const SCAN_TIME_LIMIT = 60_000;

export const mount = demo('providerCut', ({ host, s, t }) => {
  const figures = part(host, 'figures');
  const place = part(host, 'place');
  const context = part(host, 'context');
  const verdicts = cutVerdicts(
    host,
    PROVIDER_CUT_READERS.map((reader) => reader.id),
  );
  const scanButton = host.querySelector<HTMLButtonElement>('[data-scan]')!;
  const scanArea = part(host, 'scan');
  const scanStatus = part(host, 'scan-status');
  const computer = connect<ProviderScanOps>(
    () => new Worker(new URL('./provider-scan-worker.ts', import.meta.url), { type: 'module' }),
    host,
  );
  let recording: RecordingId = 'openai';

  const clearCut = () => {
    for (const node of [place, context]) node.replaceChildren();
    verdicts.clear();
  };
  const runner = createRunner({ host, status: part(host, 'status'), strings: s, clear: clearCut });
  const clearScan = () => {
    scanArea.hidden = true;
    for (const cell of scanArea.querySelectorAll('td')) cell.replaceChildren();
  };
  const scanRunner = createRunner({ host: scanArea, status: scanStatus, strings: s, clear: clearScan });

  const render = (view: ProviderCutView) => {
    control.show(view.at, view.valueText);
    showCutPlace(place, view);
    renderCutContext(context, view.context, t('cutMark'));
    verdicts.show(view.rows);
  };
  // One cut is two reads of a few kilobytes: quick enough to compute here, as the learner moves the slider.
  const update = (at: number) =>
    runner.run(async () => {
      const view = providerCutView(recording, at, t);
      return { render: () => render(view), say: view.say };
    });

  const control = wireByteCut(host, {
    onCut: (at) => void update(at),
    onStream: (id) => {
      recording = id as RecordingId;
      const bytes = recordingById(recording).bytes.length;
      control.setMax(bytes);
      figures.textContent = t('figures', { bytes, cuts: bytes + 1 });
      void update(Math.min(control.value(), bytes));
    },
  });

  const renderScan = (view: ProviderScanView) => {
    for (const row of view.rows) {
      const cell = part(scanArea, `scan-${row.recording}-${row.reader}`);
      const count = h(
        'strong',
        { class: row.changed === 0 ? 'ok' : 'bad', 'data-count': String(row.changed) },
        t('countOf', { count: row.changed, cuts: row.cuts }),
      );
      const kinds = Object.entries(row.byKind).map(([kind, n]) =>
        h('li', undefined, t('kindCount', { kind: kindLabel(kind, t), count: n })),
      );
      cell.replaceChildren(count, kinds.length > 0 ? h('ul', undefined, ...kinds) : '');
    }
    scanArea.hidden = false;
  };
  scanButton.addEventListener('click', () => {
    scanStatus.textContent = t('scanning');
    void scanRunner.run(async (signal) => {
      const view = await computer.with({ signal, timeoutMs: SCAN_TIME_LIMIT }).call('providerScan');
      const total = (reader: string) =>
        view.rows.filter((row) => row.reader === reader).reduce((sum, row) => sum + row.changed, 0);
      return {
        render: () => renderScan(view),
        say: t('scanAnnounce', { standard: total('standard'), naive: total('decodeEach') }),
      };
    });
  });
});
