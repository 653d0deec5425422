// The stream inspector's behaviour (its markup: InspectDemo.astro). The input comes from the box, a
// file opened or dropped, a HAR file's entry or one of the course's streams; the reading happens in
// the inspector's worker (inspect-worker.ts, called through src/demo-kit/worker-calls.ts, which a
// Cancel stops), and the report is drawn by one view per part (inspect-report-render.ts,
// inspect-response-render.ts) with textContent only: nothing the learner gives is parsed as HTML,
// and nothing is sent anywhere.

import {
  EXAMPLE_IDS,
  FORMAT_IDS,
  MAX_INPUT_BYTES,
  type InspectReport,
  type InspectResult,
  type InspectSource,
} from '../../../lessons-code/index.ts';
import { createRunner, demo, part, type Shown } from '../../demo-kit/kit-client.ts';
import { boxToText, fastPaste, textToBox } from '../../demo-kit/textbox.ts';
import { connect } from '../../demo-kit/worker-calls.ts';
import { lessonLinks, renderReport, reportMarkdownIn, type InspectView } from './inspect-report-render.ts';
import { renderHarEntries, renderResponse } from './inspect-response-render.ts';
import type { InspectChoice, InspectOps } from './inspect-worker.ts';

/** A stream of 20 MB takes far longer than the kit's default limit on a slow phone; Cancel stops it sooner. */
const TIME_LIMIT = 120_000;

type Inspector = HTMLElement & { pendingFile?: File };

export const mount = demo('inspect', ({ host, s, t }) => {
  const p = <E extends HTMLElement = HTMLElement>(name: string) => part<E>(host, name);
  const box = p<HTMLTextAreaElement>('body');
  const reportBox = p<HTMLTextAreaElement>('report');
  const status = p('status');
  const results = p('results');
  const responseBox = p('response');
  const harBox = p('har');
  const fileName = p('file-name');
  const progress = p<HTMLProgressElement>('progress');
  const cancel = p<HTMLButtonElement>('cancel');
  const fileInput = p<HTMLInputElement>('file');
  const withStream = p<HTMLInputElement>('with-stream');
  const harSelect = p<HTMLSelectElement>('har-entry');
  const formatSelect = p<HTMLSelectElement>('format');
  const view: InspectView = { host, p, s, lessons: lessonLinks(p<HTMLTemplateElement>('lessons')) };

  const worker = connect<InspectOps>(
    () => new Worker(new URL('./inspect-worker.ts', import.meta.url), { type: 'module' }),
    host,
  );
  const hideResults = () => {
    results.hidden = true;
    responseBox.hidden = true;
  };
  const runner = createRunner({ host, status, strings: s, clear: hideResults });

  /** What is being inspected: the box's text, or a file (the worker reads it); for a HAR file, the entry picked. */
  let source: InspectSource | null = null;
  let entry: number | undefined;
  let report: InspectReport | null = null;

  /** Bad input: said in the status line, and no earlier report left on screen; `note`: what curl said, if it did. */
  const problem = (key: string, note?: string): Shown => ({
    render: () => {
      report = null;
      hideResults();
      status.dataset.problem = '';
      return note ? `${t(`problem.${key}`)} ${t('problem.curlNote', { note })}` : t(`problem.${key}`);
    },
  });

  /** What a run shows of the worker's answer: a report, a problem, a response that is no stream, a HAR's entries. */
  const shown = (result: InspectResult): Shown => {
    report = result.kind === 'report' ? result.report : null;
    if (result.kind === 'report') return { render: () => renderReport(view, result.report) };
    if (result.kind === 'problem') {
      if (!['entryEmpty', 'noSuchEntry', 'binary'].includes(result.problem) || entry === undefined)
        harBox.hidden = true;
      return problem(result.problem, result.detail);
    }
    if (result.kind === 'response') {
      if (entry === undefined) harBox.hidden = true;
      return { render: () => renderResponse(view, result.response) };
    }
    return {
      render: () => {
        renderHarEntries(view, result.entries, result.total);
        if (result.entries.length === 1) {
          entry = result.entries[0]!.index;
          harSelect.value = String(entry);
          queueMicrotask(inspect);
        }
        return t('harChoose');
      },
    };
  };

  /** Runs started: a run that ends hides Cancel only if no later one has started. */
  let runs = 0;
  function inspect() {
    if (source === null) return;
    const [mine, given] = [++runs, source];
    const format = FORMAT_IDS.find((id) => id === formatSelect.value);
    const choice: InspectChoice = { ...(entry === undefined ? {} : { entry }), ...(format ? { format } : {}) };
    cancel.hidden = false;
    delete status.dataset.problem;
    // A file's reading shows in the progress bar, beside Cancel, from its first report on.
    const onProgress = ({ loaded, total }: { loaded: number; total: number }) => {
      progress.value = total > 0 ? loaded / total : 1;
      progress.hidden = false;
    };
    void runner
      .run(async (signal) => {
        const result = await worker.with({ signal, timeoutMs: TIME_LIMIT, onProgress }).call('inspect', given, choice);
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
  /** A new input: what was picked before (a HAR entry, a format) no longer applies. */
  const useSource = (next: InspectSource | null) => {
    clearTimeout(typing);
    source = next;
    entry = undefined;
    formatSelect.value = '';
    harBox.hidden = true;
    if (next !== null) return inspect();
    hideResults();
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

  fastPaste(box);
  box.addEventListener('input', () => {
    clearTimeout(typing);
    typing = setTimeout(useText, 400);
  });
  p('run').addEventListener('click', () => (source === null || source.kind === 'text' ? useText() : inspect()));
  cancel.addEventListener('click', () => runner.stop());
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
  harSelect.addEventListener('change', () => {
    if (harSelect.value === '') return;
    entry = Number(harSelect.value);
    formatSelect.value = '';
    inspect();
  });
  formatSelect.addEventListener('change', inspect);

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

  // Files dropped on the demo (the page's script keeps one dropped before this code had loaded).
  const dragging = (on: boolean) => p('drop').toggleAttribute('data-dragging', on);
  host.addEventListener('dragover', (event) => {
    if (!event.dataTransfer?.types.includes('Files')) return;
    event.preventDefault();
    dragging(true);
  });
  host.addEventListener('dragleave', (event) => {
    if (!(event.relatedTarget instanceof Node && host.contains(event.relatedTarget))) dragging(false);
  });
  host.addEventListener('drop', (event) => {
    event.preventDefault();
    dragging(false);
    const file = event.dataTransfer?.files[0];
    if (file) openFile(file);
  });

  // Copying: the answer, the reasoning, the report (with the stream only if the box is ticked).
  const copy = async (text: string, say: HTMLElement, done: string) => {
    try {
      await navigator.clipboard.writeText(text);
      say.textContent = done;
    } catch {
      say.textContent = t('copyFailed');
    }
  };
  for (const button of host.querySelectorAll<HTMLButtonElement>('button[data-copy]')) {
    button.addEventListener('click', () => {
      if (!report) return;
      const name = button.dataset.copy === 'reasoning' ? 'reasoning' : 'answer';
      void copy(report.turn[name], p('copy-status'), t(`copied.${name}`));
    });
  }
  p('copy-report').addEventListener('click', () => {
    const [current, given, say] = [report, source, p('report-status')];
    if (!current || given === null) return;
    if (!withStream.checked) return void copy(reportMarkdownIn(view, current), say, t('reportCopied'));
    void worker
      .with({ timeoutMs: TIME_LIMIT })
      .call('body', given, entry)
      .then(
        (body) => {
          reportBox.value = reportMarkdownIn(view, current, body);
          return copy(reportBox.value, say, t('reportCopied'));
        },
        () => void (say.textContent = t('copyFailed')),
      );
  });
  withStream.addEventListener('change', () => {
    if (report && !withStream.checked) reportBox.value = reportMarkdownIn(view, report);
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
