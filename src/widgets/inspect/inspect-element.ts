// The stream inspector's behaviour (its markup: InspectDemo.astro). The input comes from the box, a
// file opened or dropped, a HAR file's entry or one of the course's streams; the reading happens in
// the inspector's worker (inspect-worker.ts, through src/demo-kit/compute.ts, which a Cancel stops),
// and the report is drawn here with textContent only: nothing the learner gives is parsed as HTML,
// and nothing is sent anywhere.

import { createWorkerComputer } from '../../demo-kit/compute.ts';
import { createRunner, demo, h, part, type Shown } from '../../demo-kit/kit-client.ts';
import { boxToText, fastPaste, textToBox } from '../../demo-kit/textbox.ts';
import { moreNotes, renderEvents, renderLines } from '../shared/trace-render.ts';
import type { LessonKey } from '../../../lessons-code/inspect/findings.ts';
import { MAX_INPUT_BYTES } from '../../../lessons-code/inspect/input.ts';
import {
  SHOWN_CHARS,
  endingHelp,
  endingKey,
  endingSaidBy,
  evidenceWords,
  findingLines,
  findingText,
  formatName,
  headerText,
  lineEndsText,
  milliseconds,
  noFindingsText,
  reportMarkdown,
  timingsList,
  type FormatId,
} from '../../../lessons-code/inspect/report.ts';
import type {
  InspectReport,
  InspectRequest,
  InspectResult,
  InspectSource,
  ReadProgress,
} from '../../../lessons-code/inspect/inspect.ts';
import { EXCERPT_CHARS, errorShapeName, type ResponseView } from '../../../lessons-code/inspect/response.ts';

/** A stream of 20 MB takes far longer than the kit's default limit on a slow phone; Cancel stops it sooner. */
const TIME_LIMIT = 120_000;

type Inspector = HTMLElement & { pendingFile?: File };

export const mount = demo('inspect', ({ host, s, t }) => {
  const p = <E extends HTMLElement = HTMLElement>(name: string) => part<E>(host, name);
  const box = p<HTMLTextAreaElement>('body');
  const status = p('status');
  const results = p('results');
  const responseBox = p('response');
  const run = p<HTMLButtonElement>('run');
  const cancel = p<HTMLButtonElement>('cancel');
  const fileInput = p<HTMLInputElement>('file');
  const fileName = p('file-name');
  const harBox = p('har');
  const harSelect = p<HTMLSelectElement>('har-entry');
  const formatSelect = p<HTMLSelectElement>('format');
  const drop = p('drop');
  const progress = p<HTMLProgressElement>('progress');
  const lessons = new Map(
    [...p<HTMLTemplateElement>('lessons').content.querySelectorAll<HTMLAnchorElement>('a[data-lesson]')].map((a) => [
      a.dataset.lesson as LessonKey,
      a,
    ]),
  );

  const computer = createWorkerComputer<InspectRequest, InspectResult | string>(
    () => new Worker(new URL('./inspect-worker.ts', import.meta.url), { type: 'module' }),
    host,
  );
  const runner = createRunner({
    host,
    status,
    strings: s,
    clear: () => {
      results.hidden = true;
      responseBox.hidden = true;
    },
  });

  /** What is being inspected: the box's text, or a file (the worker reads it); for a HAR file, the entry picked. */
  let source: InspectSource | null = null;
  let entry: number | undefined;
  let report: InspectReport | null = null;

  const lessonOf = (key: LessonKey) => {
    const link = lessons.get(key);
    return {
      href: link ? new URL(link.getAttribute('href') ?? '', location.href).href : '',
      title: link?.textContent ?? '',
    };
  };

  // ---- Drawing the report (textContent only) --------------------------------------------------------

  const fact = (list: HTMLElement, label: string, ...value: (Node | string)[]) => {
    const item = h('div', undefined, h('dt', undefined, label), h('dd', undefined, ...value));
    list.append(item);
    return item;
  };

  const drawFormat = (r: InspectReport) => {
    p('format-name').textContent = formatName(r.format.id, t);
    p('format-how').textContent =
      r.format.id === r.format.detected
        ? t('formatDetected')
        : t('formatChosen', { format: formatName(r.format.detected, t) });
    const evidence = p('evidence');
    evidence.replaceChildren(
      ...r.format.evidence.map((e) =>
        h(
          'li',
          undefined,
          evidenceWords(e.what, t) ?? h('code', undefined, e.what),
          ' ',
          t('evidenceWhere', { line: e.line, count: e.count }),
        ),
      ),
    );
    p('evidence-box').hidden = r.format.evidence.length === 0;
    p('evidence-none').hidden = r.format.evidence.length > 0;
    formatSelect.value = r.format.id === r.format.detected ? '' : r.format.id;
  };

  const drawChannel = (name: 'answer' | 'reasoning', text: string) => {
    p(name).textContent = text.length > SHOWN_CHARS ? text.slice(0, SHOWN_CHARS) : text;
    p(`${name}-note`).textContent =
      text === '' ? t(`${name}Empty`) : text.length > SHOWN_CHARS ? t('shownPart', { count: SHOWN_CHARS }) : '';
    host.querySelector<HTMLButtonElement>(`button[data-copy="${name}"]`)!.disabled = text === '';
  };

  const drawTurn = (r: InspectReport) => {
    const { ending } = r.turn;
    const said = ending.kind === 'cut' ? '' : endingSaidBy(ending);
    p('ending').replaceChildren(
      h('strong', undefined, t(`ending.${endingKey(ending.kind)}`)),
      said === '' ? '' : ' — ',
      said === '' ? '' : h('code', { translate: 'no' }, said),
      ending.line === null ? '' : ` (${t('atLine', { line: ending.line })})`,
    );
    let help = endingHelp(ending, t);
    if (ending.kind === 'cut' && ending.reason !== '')
      help += ' ' + t('endingHelp.cutAfterFinish', { reason: ending.reason });
    p('ending-help').textContent = help;
    p('ending-message').textContent = ending.message;
    p('ending-words').hidden = ending.message === '';
    const routing = p('routing');
    routing.hidden = r.turn.routing === null;
    routing.textContent =
      r.turn.routing === null
        ? ''
        : t('routing', {
            line: r.turn.routingLine ?? 0,
            fields: r.turn.routing.map(([k, v]) => `${k} ${v}`).join(', '),
          });
    drawChannel('answer', r.turn.answer);
    drawChannel('reasoning', r.turn.reasoning);

    const tools = p('tools');
    tools.replaceChildren(
      ...r.turn.toolCalls.map((call) =>
        h(
          'li',
          undefined,
          h(
            'p',
            undefined,
            h('code', undefined, call.name || '?'),
            ' ',
            call.index === null
              ? t('toolCallAt', { line: call.line })
              : t('toolCallIndex', { index: call.index, line: call.line }),
            call.id === '' ? '' : ' · ',
            call.id === '' ? '' : h('code', undefined, call.id),
          ),
          h('pre', { translate: 'no' }, call.arguments === '' ? t('noArguments') : call.arguments),
        ),
      ),
    );
    p('tools-none').hidden = r.turn.toolCalls.length > 0;

    const usage = p('usage');
    usage.replaceChildren();
    for (const [name, value] of r.turn.usage?.fields ?? [])
      usage.append(h('dt', { translate: 'no' }, name), h('dd', undefined, s.n(value)));
    p('usage-note').textContent = r.turn.usage === null ? t('usageNone') : t('usageLine', { line: r.turn.usage.line });
  };

  const drawFindings = (r: InspectReport) => {
    const list = p('findings');
    list.replaceChildren(
      ...r.findings.map((finding) => {
        const link = lessons.get(finding.lesson)?.cloneNode(true) ?? '';
        const item = h(
          'li',
          { 'data-finding': finding.id, 'data-severity': finding.severity },
          h(
            'p',
            undefined,
            h('span', 'si-finding-title', t(`finding.${finding.id}.title`)),
            ' · ',
            t(`severity.${finding.severity}`),
          ),
          h('p', undefined, findingText(finding, t)),
          h('p', 'note', findingLines(finding, t)),
          h('p', 'note', t('inTheCourse'), ' ', link),
        );
        return item;
      }),
    );
    p('findings-none').hidden = r.findings.length > 0;
    p('findings-none').textContent = noFindingsText(r, t);
  };

  const drawStream = (r: InspectReport) => {
    const list = p('stream-facts');
    list.replaceChildren();
    const { stream } = r;
    fact(list, t('fact.bytes'), s.n(stream.bytes));
    fact(list, t('fact.lines'), s.n(stream.lineCount));
    fact(list, t('fact.events'), s.n(stream.eventCount));
    fact(list, t('fact.comments'), s.n(stream.comments));
    fact(list, t('fact.lineEnds'), lineEndsText(stream.lineEnds, t));
    fact(list, t('fact.bom'), t(stream.bom ? 'bom.yes' : 'bom.no'));
    if (r.decoded) fact(list, t('fact.decoded'), t(`decoded.${r.decoded}`)).className = 'si-wide';
    if (r.curlSaid) fact(list, t('fact.curlSaid'), h('code', undefined, r.curlSaid)).className = 'si-wide';
    const values = (found: { line: number; value: string }[], count: number) => {
      if (count === 0) return [t('fieldsNone')];
      const parts: (Node | string)[] = [];
      found.forEach((field, i) => {
        if (i > 0) parts.push(', ');
        parts.push(h('code', undefined, field.value), ' ', t('atLine', { line: field.line }));
      });
      if (count > found.length) parts.push(' ', t('fieldsMore', { count: count - found.length }));
      return parts;
    };
    fact(list, t('fact.ids'), ...values(stream.ids, stream.idCount));
    fact(list, t('fact.retries'), ...values(stream.retries, stream.retryCount));
    const types: (Node | string)[] = [];
    stream.eventTypes.forEach(([type, count], i) => {
      if (i > 0) types.push(', ');
      types.push(h('code', undefined, type), ` ${s.n(count)}`);
    });
    fact(list, t('fact.types'), ...(types.length > 0 ? types : [t('typesNone')])).className = 'si-wide';
    if (r.entry)
      fact(list, t('fact.entry'), h('code', undefined, `${r.entry.method} ${r.entry.url}`)).className = 'si-wide';
    p('offset-note').hidden = r.offset === 0;
    renderLines(p('lines'), r.trace, t);
    renderEvents(p('events'), r.trace, t);
    const more = moreNotes(r.trace, t);
    p('more-lines').textContent = more.lines;
    p('more-events').textContent = more.events;
  };

  /** The status, the headers that matter to a stream (absent ones said so) and a HAR entry's timings. */
  const drawTransport = (r: InspectReport) => {
    const transport = r.transport;
    p('transport-box').hidden = transport === null;
    if (transport === null) return;
    p('transport-from').textContent = t(transport.har ? 'transportFrom.har' : 'transportFrom.head');
    const list = p('transport');
    list.replaceChildren();
    fact(list, t('fact.status'), h('code', undefined, transport.statusLine)).className = 'si-wide';
    for (const header of transport.headers)
      fact(
        list,
        header.name,
        header.value === null ? headerText(header, t) : h('code', undefined, header.value),
      ).firstElementChild!.setAttribute('translate', 'no');
    const timings = p('timings');
    timings.replaceChildren();
    p('timings-box').hidden = !transport.har;
    if (!transport.har) return;
    if (transport.timings === null) {
      p('timings-note').textContent = t('timingsNone');
      return;
    }
    for (const [phase, value] of timingsList(transport.timings, t))
      timings.append(
        h('dt', undefined, t(`phase.${phase}`), ' ', h('code', { translate: 'no' }, phase)),
        h('dd', undefined, value),
      );
    const body = transport.body;
    p('timings-note').textContent =
      body === null
        ? t('timingsNoBody')
        : t('timingsBody', {
            receive: milliseconds(body.receive),
            total: milliseconds(body.wait + body.receive),
          });
  };

  const reportText = (r: InspectReport, stream?: string) =>
    reportMarkdown(r, t, {
      lesson: lessonOf,
      page: location.href.replace(/#.*$/, ''),
      ...(stream === undefined ? {} : { stream }),
    });

  const drawReport = (r: InspectReport) => {
    responseBox.hidden = true;
    drawFormat(r);
    drawTurn(r);
    drawTransport(r);
    drawFindings(r);
    drawStream(r);
    p<HTMLTextAreaElement>('report').value = reportText(r);
    p('report-status').textContent = '';
    p('copy-status').textContent = '';
    results.hidden = false;
    return t('done', {
      format: formatName(r.format.id, t),
      ending: t(`ending.${endingKey(r.turn.ending.kind)}`),
      count: r.findings.length,
    });
  };

  // ---- Running the inspector -------------------------------------------------------------------------

  /** Bad input: said in the status line, and no earlier report left on screen; `note`: what curl said, if it did. */
  const problem = (key: string, note?: string): Shown => ({
    render: () => {
      report = null;
      results.hidden = true;
      responseBox.hidden = true;
      status.dataset.problem = '';
      return note ? `${t(`problem.${key}`)} ${t('problem.curlNote', { note })}` : t(`problem.${key}`);
    },
  });

  /** A response that is not an event stream: its status, headers and error words, and its body as it came. */
  const drawResponse = (v: ResponseView) => {
    results.hidden = true;
    p('response-title').textContent = t(`response.title.${v.why}`);
    p('response-why').textContent = t(`response.why.${v.why}`, { count: v.jsonLines });
    const list = p('response-facts');
    list.replaceChildren();
    const header = (name: string, value: string | null) =>
      fact(
        list,
        name,
        value === null ? t('headerAbsent') : h('code', undefined, value),
      ).firstElementChild!.setAttribute('translate', 'no');
    if (v.statusLine !== '') fact(list, t('fact.status'), h('code', undefined, v.statusLine)).className = 'si-wide';
    if (v.entry)
      fact(list, t('fact.entry'), h('code', undefined, `${v.entry.method} ${v.entry.url}`)).className = 'si-wide';
    if (v.statusLine !== '') header('content-type', v.contentType);
    if (v.retryAfter !== null) header('retry-after', v.retryAfter);
    if (v.location !== null) header('location', v.location);
    const words = v.words;
    if (words) {
      fact(list, t('response.shape'), errorShapeName(words.shape, t));
      if (words.kind !== '') fact(list, t('response.kind'), h('code', undefined, words.kind));
      if (words.code !== '') fact(list, t('response.code'), h('code', undefined, words.code));
      if (words.retryDelay !== '') header('retryDelay', words.retryDelay);
    }
    p('response-message').textContent = words?.message ?? '';
    p('response-words').hidden = !words?.message;
    p('response-body').textContent = v.excerpt;
    p('response-note').textContent =
      v.excerpt === '' ? t('response.bodyEmpty') : v.cut ? t('shownPart', { count: EXCERPT_CHARS }) : '';
    responseBox.hidden = false;
    return v.why === 'status' || v.why === 'redirect'
      ? t(`response.done.${v.why}`, { status: v.statusLine })
      : t(`response.done.${v.why}`);
  };

  const drawHar = (
    entries: { index: number; method: string; url: string; status: number; size: number }[],
    total: number,
  ) => {
    harSelect.replaceChildren(
      h('option', { value: '' }, t('harPick')),
      ...entries.map((e) =>
        h(
          'option',
          { value: String(e.index) },
          `${e.method} ${e.url} · ${e.status} · ${t('count.bytes', { count: e.size })}`,
        ),
      ),
    );
    p('har-note').textContent = t('harFound', { count: entries.length, total });
    harBox.hidden = false;
  };

  /** Runs started: a run that ends hides Cancel only if no later one has started. */
  let runs = 0;
  const inspect = () => {
    if (source === null) return;
    const mine = ++runs;
    const request: InspectRequest = { op: 'inspect', source, ...(entry === undefined ? {} : { entry }) };
    if (formatSelect.value !== '') Object.assign(request, { format: formatSelect.value as FormatId });
    cancel.hidden = false;
    delete status.dataset.problem;
    void runner
      .run(async (signal) => {
        // A file's reading shows in the progress bar, beside Cancel, from its first report on.
        const onProgress = (read: unknown) => {
          const { loaded, total } = read as ReadProgress;
          progress.value = total > 0 ? loaded / total : 1;
          progress.hidden = false;
        };
        const result = (await computer.compute(request, {
          signal,
          timeoutMs: TIME_LIMIT,
          onProgress,
        })) as InspectResult;
        progress.hidden = true;
        if (result.kind === 'problem') {
          report = null;
          if (!['entryEmpty', 'noSuchEntry', 'binary'].includes(result.problem) || entry === undefined)
            harBox.hidden = true;
          return problem(result.problem, result.detail);
        }
        if (result.kind === 'response') {
          report = null;
          if (entry === undefined) harBox.hidden = true;
          return { render: () => drawResponse(result.response) };
        }
        if (result.kind === 'har') {
          report = null;
          return {
            render: () => {
              results.hidden = true;
              drawHar(result.entries, result.total);
              if (result.entries.length === 1) {
                entry = result.entries[0]!.index;
                harSelect.value = String(entry);
                queueMicrotask(inspect);
              }
              return t('harChoose');
            },
          };
        }
        report = result.report;
        return { render: () => drawReport(result.report) };
      })
      .finally(() => {
        if (mine !== runs) return;
        cancel.hidden = true;
        progress.hidden = true;
      });
  };

  /** A new input: what was picked before (a HAR entry, a format) no longer applies. */
  /** Typing reads the box again once it has been quiet a moment; any other input replaces that reading. */
  let typing: ReturnType<typeof setTimeout> | undefined;
  const useSource = (next: InspectSource | null) => {
    clearTimeout(typing);
    source = next;
    entry = undefined;
    formatSelect.value = '';
    harBox.hidden = true;
    if (next === null) {
      results.hidden = true;
      responseBox.hidden = true;
      report = null;
      delete status.dataset.problem;
      status.textContent = t('idle');
      return;
    }
    inspect();
  };

  const useText = () => {
    fileName.hidden = true;
    const text = boxToText(box.value);
    useSource(text.trim() === '' ? null : { kind: 'text', text });
  };
  const later = () => {
    clearTimeout(typing);
    typing = setTimeout(useText, 400);
  };

  const openFile = (file: File) => {
    clearTimeout(typing);
    box.value = '';
    fileName.textContent = t('file', { name: file.name, size: t('count.bytes', { count: file.size }) });
    fileName.hidden = false;
    if (file.size > MAX_INPUT_BYTES) {
      source = null;
      harBox.hidden = true;
      void runner.run(async () => problem('tooLarge'));
      return;
    }
    useSource({ kind: 'file', file });
  };

  fastPaste(box);
  box.addEventListener('input', later);
  run.addEventListener('click', () => (source === null || source.kind === 'text' ? useText() : inspect()));
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
    button.addEventListener('click', () => {
      void runner.run(async (signal) => {
        const text = (await computer.compute(
          { op: 'example', id: button.dataset.example as never },
          { signal },
        )) as string;
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
  const dragging = (on: boolean) => drop.toggleAttribute('data-dragging', on);
  host.addEventListener('dragover', (event) => {
    if (!event.dataTransfer?.types.includes('Files')) return;
    event.preventDefault();
    dragging(true);
  });
  host.addEventListener('dragleave', (event) => {
    if (!host.contains(event.relatedTarget as Node | null)) dragging(false);
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
    const current = report;
    if (!current || source === null) return;
    const say = p('report-status');
    if (!p<HTMLInputElement>('with-stream').checked) {
      void copy(reportText(current), say, t('reportCopied'));
      return;
    }
    const request: InspectRequest = { op: 'body', source, ...(entry === undefined ? {} : { entry }) };
    void computer.compute(request, { timeoutMs: TIME_LIMIT }).then(
      (body) => {
        const text = reportText(current, String(body));
        p<HTMLTextAreaElement>('report').value = text;
        return copy(text, say, t('reportCopied'));
      },
      () => void (say.textContent = t('copyFailed')),
    );
  });
  p<HTMLInputElement>('with-stream').addEventListener('change', () => {
    if (report && !p<HTMLInputElement>('with-stream').checked)
      p<HTMLTextAreaElement>('report').value = reportText(report);
  });

  // Whatever came before the code loaded: a button pressed, a file dropped or opened, a text typed.
  const inspector = host as Inspector;
  const pending = host.dataset.pending;
  delete host.dataset.pending;
  const file = inspector.pendingFile ?? fileInput.files?.[0];
  delete inspector.pendingFile;
  if (pending) host.querySelector<HTMLButtonElement>(pending)?.click();
  else if (file) openFile(file);
  else if (box.value.trim() !== '') useText();
});
