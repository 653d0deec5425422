// The stream inspector's behaviour (its markup: InspectDemo.astro). The input comes from the box, a
// file opened or dropped, a HAR file's entry or one of the course's streams; the reading happens in
// the inspector's worker (inspect-worker.ts, called through src/demo-kit/worker-calls.ts, which a
// Cancel stops), and what it found is drawn by one view per part (inspect-report-render.ts: the
// report; inspect-response-render.ts: a problem, a response that is no stream, a HAR file's entries)
// with textContent only: nothing the learner gives is parsed as HTML, and nothing is sent anywhere.

import {
  EXAMPLE_IDS,
  FORMAT_IDS,
  MAX_INPUT_BYTES,
  type InputProblem,
  type InspectSource,
} from '../../../lessons-code/index.ts';
import { copyText } from '../../demo-kit/clipboard.ts';
import { acceptFileDrops } from '../../demo-kit/file-drop.ts';
import { createRunner, demo, part, type Shown } from '../../demo-kit/kit-client.ts';
import { boxToText, fastPaste, textToBox } from '../../demo-kit/textbox.ts';
import { connect } from '../../demo-kit/worker-calls.ts';
import { lessonLinks, renderReport, renderReportMarkdown, type InspectView } from './inspect-report-render.ts';
import { hideResults, renderHarEntries, renderProblem, renderResponse } from './inspect-response-render.ts';
import type { InspectChoice, InspectOps, ShownReport, ShownResult } from './inspect-ops.ts';

/** A stream of 20 MB takes far longer than the kit's default limit on a slow phone; Cancel stops it sooner. */
const TIME_LIMIT = 120_000;

/** Problems of one HAR entry: the picker stays, so that another entry can be picked. */
const ENTRY_PROBLEMS: InputProblem[] = ['entryEmpty', 'noSuchEntry', 'binary'];

type Inspector = HTMLElement & { pendingFile?: File };

export const mount = demo('inspect', ({ host, s, t }) => {
  const p = <E extends HTMLElement = HTMLElement>(name: string) => part<E>(host, name);
  const box = p<HTMLTextAreaElement>('body');
  const status = p('status');
  const fileName = p('file-name');
  const fileInput = p<HTMLInputElement>('file');
  const harBox = p('har');
  const harSelect = p<HTMLSelectElement>('har-entry');
  const formatSelect = p<HTMLSelectElement>('format');
  const view: InspectView = { host, p, s, lessons: lessonLinks(p<HTMLTemplateElement>('lessons')) };

  const worker = connect<InspectOps>(
    () => new Worker(new URL('./inspect-worker.ts', import.meta.url), { type: 'module' }),
    host,
  );
  const runner = createRunner({ host, status, strings: s, clear: () => hideResults(view) });

  /** What is being inspected: the box's text, or a file (the worker reads it); for a HAR file, the entry picked. */
  let source: InspectSource | null = null;
  let entry: number | undefined;
  /** The report on screen, which the Copy buttons copy from. */
  let report: ShownReport | null = null;

  /** Input that cannot be read: said in the status line, and no earlier report left to copy. */
  const problem = (key: InputProblem, note?: string): Shown => ({
    render: () => {
      report = null;
      return renderProblem(view, key, note);
    },
  });

  /** What a reading shows: a report, a problem, a response that is no stream, or a HAR file's entries. */
  const shown = (result: ShownResult): Shown => {
    report = result.kind === 'report' ? result.report : null;
    switch (result.kind) {
      case 'report':
        return { render: () => renderReport(view, result.report) };
      case 'problem':
        if (entry === undefined || !ENTRY_PROBLEMS.includes(result.problem)) harBox.hidden = true;
        return problem(result.problem, result.detail);
      case 'response':
        if (entry === undefined) harBox.hidden = true;
        return { render: () => renderResponse(view, result.response) };
      case 'har':
        return {
          render: () => {
            renderHarEntries(view, result.entries, result.total);
            // A HAR file with one stream: that stream is read at once.
            if (result.entries.length === 1) pickEntry(result.entries[0]!.index);
            return t('harChoose');
          },
        };
    }
  };

  /** Readings started: one that ends hides Cancel and the progress bar only if no later one has started. */
  let runs = 0;
  function inspect() {
    if (source === null) return;
    const [mine, given] = [++runs, source];
    const format = FORMAT_IDS.find((id) => id === formatSelect.value);
    const choice: InspectChoice = { ...(entry === undefined ? {} : { entry }), ...(format ? { format } : {}) };
    const [cancel, progress] = [p('cancel'), p<HTMLProgressElement>('progress')];
    cancel.hidden = false;
    delete status.dataset.problem;
    // A file's reading shows in the progress bar, beside Cancel, from its first report on.
    const onProgress = ({ loaded, total }: { loaded: number; total: number }) => {
      progress.value = total > 0 ? loaded / total : 1;
      progress.hidden = false;
    };
    void runner
      .run(async (signal) => {
        const reading = worker.with({ signal, timeoutMs: TIME_LIMIT, onProgress });
        const result = await reading.call('inspect', mine, given, choice);
        progress.hidden = true;
        return shown(result);
      })
      .finally(() => {
        if (mine !== runs) return;
        cancel.hidden = true;
        progress.hidden = true;
      });
  }

  /** Typing reads the box again once it has been quiet a moment; any other input replaces that reading. */
  let typing: ReturnType<typeof setTimeout> | undefined;
  /** A new input: what was picked for the last one (a HAR entry, a format) no longer applies. */
  const useSource = (next: InspectSource | null) => {
    clearTimeout(typing);
    source = next;
    entry = undefined;
    formatSelect.value = '';
    harBox.hidden = true;
    if (next !== null) return inspect();
    hideResults(view);
    report = null;
    delete status.dataset.problem;
    status.textContent = t('idle');
  };

  const useText = () => {
    fileName.hidden = true;
    const text = boxToText(box.value);
    useSource(text.trim() === '' ? null : { kind: 'text', text });
  };

  const openFile = (file: File) => {
    clearTimeout(typing);
    box.value = '';
    fileName.textContent = t('file', { name: file.name, size: t('count.bytes', { count: file.size }) });
    fileName.hidden = false;
    if (file.size <= MAX_INPUT_BYTES) return useSource({ kind: 'file', file });
    source = null;
    harBox.hidden = true;
    void runner.run(async () => problem('tooLarge'));
  };

  /** A HAR file's entry read, in the format detected. */
  function pickEntry(index: number) {
    entry = index;
    harSelect.value = String(index);
    formatSelect.value = '';
    queueMicrotask(inspect);
  }

  fastPaste(box);
  box.addEventListener('input', () => {
    clearTimeout(typing);
    typing = setTimeout(useText, 400);
  });
  p('run').addEventListener('click', () => (source === null || source.kind === 'text' ? useText() : inspect()));
  p('cancel').addEventListener('click', () => runner.stop());
  p('clear').addEventListener('click', () => {
    box.value = '';
    fileInput.value = '';
    fileName.hidden = true;
    useSource(null);
    box.focus();
  });
  fileInput.addEventListener('change', () => {
    const file = fileInput.files?.[0];
    if (file) openFile(file);
  });
  // Files dropped on the demo (the page's script keeps one dropped before this code had loaded).
  acceptFileDrops(host, p('drop'), openFile);
  harSelect.addEventListener('change', () => {
    if (harSelect.value !== '') pickEntry(Number(harSelect.value));
  });
  formatSelect.addEventListener('change', inspect);

  // The course's streams: put in the box as if pasted, then read.
  for (const button of host.querySelectorAll<HTMLButtonElement>('button[data-example]')) {
    const id = EXAMPLE_IDS.find((known) => known === button.dataset.example);
    if (id === undefined) continue;
    button.addEventListener('click', () => {
      void runner.run(async (signal) => {
        const text = await worker.with({ signal }).call('example', id);
        return {
          render: () => {
            box.value = textToBox(text);
            fileName.hidden = true;
            queueMicrotask(useText);
            return t('working');
          },
        };
      });
    });
  }

  // Copying: the answer, the reasoning (only the start of a long one came: the worker keeps it whole,
  // inspect-ops.ts), the report in Markdown (with the stream only if the box is ticked).
  const failed = t('copyFailed');
  for (const button of host.querySelectorAll<HTMLButtonElement>('button[data-copy]')) {
    const name = button.dataset.copy === 'reasoning' ? 'reasoning' : 'answer';
    button.addEventListener('click', () => {
      if (!report) return;
      const { shown, length } = report.turn[name];
      const text = shown.length === length ? shown : worker.call('text', report.reading, name);
      const fileName = t(`fileName.${name}`);
      void copyText(text, p('copy-status'), {
        done: t(`copied.${name}`),
        failed: text === shown ? failed : t('copyFailedSave'),
        lost: t('textGone'),
        save: { fileName, label: t('saveAs', { file: fileName }) },
      });
    });
  }
  const withStream = p<HTMLInputElement>('with-stream');
  p('copy-report').addEventListener('click', () => {
    const [current, given, say] = [report, source, p('report-status')];
    const words = { done: t('reportCopied'), failed };
    if (!current || given === null) return;
    if (!withStream.checked) return void copyText(renderReportMarkdown(view, current), say, words);
    const body = worker.with({ timeoutMs: TIME_LIMIT }).call('body', given, entry);
    const markdown = body.then((text) => renderReportMarkdown(view, current, text));
    void copyText(markdown, say, words);
  });
  withStream.addEventListener('change', () => {
    if (report && !withStream.checked) renderReportMarkdown(view, report);
  });

  // Whatever came before the code loaded: a button pressed, a file dropped or opened, a text typed.
  const inspector: Inspector = host;
  const pending = host.dataset.pending;
  delete host.dataset.pending;
  const file = inspector.pendingFile ?? fileInput.files?.[0];
  delete inspector.pendingFile;
  if (pending) host.querySelector<HTMLButtonElement>(pending)?.click();
  else if (file) openFile(file);
  else if (box.value.trim() !== '') useText();
});
