// The exercise workbench: the editor, the check, the verdicts, hints, the reference solution,
// and the learner's saved state. Loaded when the exercise comes near the viewport or is used.

import { EXERCISES } from '../../lessons-code/exercises/index.ts';
import { RunnerFailure, type RunReport } from '../../lessons-code/exercises/runner.ts';
import type { CaseReport, CheckReport, CompileProblem, ExerciseDefinition, ExerciseId, Locale, Shown, ValueKind } from '../../lessons-code/exercises/types.ts';
import { debounce } from './compute.ts';
import { createEditor, type ExerciseEditor } from './exercise-editor.ts';
import { exerciseRunner } from './exercise-runner.ts';
import { announceProgress, readExercise, writeExercise, type ExerciseState } from './exercise-store.ts';
import { readLabels, type Labels } from './labels.ts';
import { appendVisible } from './whitespace.ts';

const KIND_LABEL: Record<string, string> = { function: 'kind.function', string: 'kind.string', 'string-array': 'kind.stringArray' };
const VALUE_LABEL: Record<ValueKind, string> = {
  missing: 'value.missing',
  undefined: 'value.undefined',
  null: 'value.null',
  boolean: 'value.boolean',
  number: 'value.number',
  bigint: 'value.bigint',
  string: 'value.string',
  symbol: 'value.symbol',
  function: 'value.function',
  'string-array': 'value.stringArray',
  array: 'value.array',
  object: 'value.object',
};

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function button(text: string, className?: string): HTMLButtonElement {
  const b = el('button', className, text);
  b.type = 'button';
  return b;
}

/** Fills `node` with `text`, its `backquoted` parts as code. */
function withCode(node: HTMLElement, text: string): HTMLElement {
  text.split('`').forEach((part, i) => {
    if (part === '') return;
    node.append(i % 2 === 1 ? el('code', undefined, part) : part);
  });
  return node;
}

const isMac = (): boolean => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** Renders a value as the results show it. */
function renderShown(shown: Shown, locale: Locale, t: Labels): HTMLElement {
  switch (shown.kind) {
    case 'code': {
      const pre = el('pre', 'exercise-value');
      appendVisible(pre, shown.text);
      return pre;
    }
    case 'note':
      return el('p', 'exercise-note', shown.text[locale]);
    case 'fields': {
      const list = el('dl', 'exercise-fields');
      for (const field of shown.fields) {
        list.append(el('dt', undefined, field.label[locale]));
        const dd = el('dd');
        const pre = el('pre', 'exercise-value');
        appendVisible(pre, field.text);
        dd.append(pre);
        list.append(dd);
      }
      return list;
    }
    case 'table':
      return renderTable(shown, null, locale, t);
  }
}

/** A table; with `expected`, each cell that differs is marked ✗ with the expected value, the others ✓. */
function renderTable(actual: Extract<Shown, { kind: 'table' }>, expected: Extract<Shown, { kind: 'table' }> | null, locale: Locale, t: Labels): HTMLElement {
  const wrap = el('div', 'exercise-table');
  wrap.tabIndex = 0;
  wrap.setAttribute('role', 'region');
  wrap.setAttribute('aria-label', actual.caption?.[locale] ?? t('table'));
  const table = el('table');
  if (actual.caption) table.append(el('caption', undefined, actual.caption[locale]));
  const head = el('tr');
  for (const cell of actual.header) {
    const th = el('th', undefined, cell);
    th.scope = 'col';
    head.append(th);
  }
  table.append(el('thead'));
  table.tHead!.append(head);
  const body = el('tbody');
  actual.rows.forEach((row, r) => {
    const tr = el('tr');
    row.forEach((cell, c) => {
      const td = el('td');
      const want = expected?.rows[r]?.[c];
      if (expected && c >= 2) {
        const right = want === cell;
        td.className = right ? 'exercise-cell-ok' : 'exercise-cell-bad';
        td.append(el('span', right ? 'ok' : 'bad', right ? '✓ ' : '✗ '), cell);
        if (!right && want !== undefined) td.append(el('span', 'exercise-cell-expected', ' ' + t('cellExpected', { expected: want })));
      } else {
        td.textContent = cell;
      }
      tr.append(td);
    });
    body.append(tr);
  });
  table.append(body);
  wrap.append(table);
  return wrap;
}

function sameShape(a: Extract<Shown, { kind: 'table' }>, b: Extract<Shown, { kind: 'table' }>): boolean {
  return a.rows.length === b.rows.length && a.rows.every((row, i) => row.length === b.rows[i]!.length && row[0] === b.rows[i]![0] && row[1] === b.rows[i]![1]);
}

class Workbench {
  private readonly t: Labels;
  private readonly locale: Locale;
  private readonly definition: ExerciseDefinition;
  private readonly id: ExerciseId;
  private editor!: ExerciseEditor;
  private state: ExerciseState;
  private running = false;
  private storageOk = true;
  private readonly parts: {
    editor: HTMLElement;
    syntax: HTMLElement;
    check: HTMLButtonElement;
    reset: HTMLButtonElement;
    solved: HTMLElement;
    live: HTMLElement;
    results: HTMLElement;
    hints: HTMLElement;
    reveal: HTMLElement;
    console: HTMLElement;
    confirm: HTMLElement;
    reference: HTMLElement;
    storage: HTMLElement;
  };

  private readonly host: HTMLElement;

  constructor(host: HTMLElement) {
    this.host = host;
    this.t = readLabels(host);
    const locale = host.dataset.locale;
    this.locale = locale === 'es' || locale === 'fr' ? locale : 'en';
    this.id = host.dataset.exercise as ExerciseId;
    const definition = EXERCISES[this.id];
    if (!definition) throw new Error(`unknown exercise ${this.id}`);
    this.definition = definition;
    this.state = readExercise(this.id);
    const root = host.closest<HTMLElement>('.exercise') ?? host;
    const part = <T extends HTMLElement>(name: string): T => {
      const node = root.querySelector<T>(`[data-${name}]`);
      if (!node) throw new Error(`missing [data-${name}]`);
      return node;
    };
    this.parts = {
      editor: part('editor'),
      syntax: part('syntax'),
      check: part<HTMLButtonElement>('check'),
      reset: part<HTMLButtonElement>('reset'),
      solved: part('solved'),
      live: part('live'),
      results: part('results'),
      hints: part('hints'),
      reveal: part('reveal'),
      console: part('console'),
      confirm: part('confirm'),
      reference: part('reference'),
      storage: part('storage'),
    };
  }

  mount(): void {
    const { t } = this;
    const starter = this.definition.starter[this.locale];
    const keysId = this.host.querySelector('[data-keys]')?.id ?? '';
    this.parts.editor.replaceChildren();
    this.editor = createEditor({
      parent: this.parts.editor,
      code: this.state.code ?? starter,
      label: t('editorLabel', { title: this.definition.title[this.locale] }),
      describedBy: keysId,
      onCheck: () => void this.check(),
      onChange: (code) => this.saveCode(code),
      lint: (code) => exerciseRunner().transpile(code),
      onProblem: (problem) => this.showSyntax(problem),
      onFirstUse: () => exerciseRunner().prewarm(),
    });
    const shortcut = this.host.querySelector<HTMLElement>('[data-shortcut]');
    if (shortcut) shortcut.textContent = isMac() ? '⌘+Enter' : 'Ctrl+Enter';
    this.parts.check.addEventListener('click', () => void this.check());
    this.parts.reset.addEventListener('click', () =>
      this.confirm(this.parts.reset, t('resetConfirm'), t('resetYes'), () => {
        this.editor.replaceCode(starter);
        this.say(t('resetDone'));
      }),
    );
    const load = this.parts.reference.querySelector<HTMLButtonElement>('[data-load-reference]');
    load?.addEventListener('click', () =>
      this.confirm(load, t('referenceConfirm'), t('referenceYes'), () => {
        this.editor.replaceCode(this.definition.solution[this.locale]);
        this.say(t('referenceDone'));
      }),
    );
    // Ctrl/Cmd+Enter checks from anywhere in the workbench, not only from the editor.
    this.host.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.defaultPrevented) {
        event.preventDefault();
        void this.check();
      }
    });
    window.addEventListener('pagehide', () => this.flushSave());
    this.renderSolved();
    this.renderHints(false);
    this.host.querySelector('[data-loading]')?.remove();
    if (this.host.dataset.pendingCheck) {
      delete this.host.dataset.pendingCheck;
      void this.check();
    }
  }

  // ---- state

  private pendingCode: string | null = null;
  private readonly debouncedSave = debounce(() => this.flushSave(), 400);

  private saveCode(code: string): void {
    this.pendingCode = code;
    this.debouncedSave();
  }

  private flushSave(): void {
    if (this.pendingCode !== null) {
      this.state.code = this.pendingCode === this.definition.starter[this.locale] ? null : this.pendingCode;
      this.pendingCode = null;
    }
    this.persist();
  }

  private persist(): void {
    const ok = writeExercise(this.id, this.state);
    if (ok !== this.storageOk) {
      this.storageOk = ok;
      this.parts.storage.hidden = ok;
    }
  }

  // ---- messages

  private say(message: string): void {
    // Cleared first so that the same message twice is announced twice.
    this.parts.live.textContent = '';
    window.setTimeout(() => {
      this.parts.live.textContent = message;
    }, 50);
  }

  private showSyntax(problem: CompileProblem | null): void {
    const { syntax } = this.parts;
    if (!problem) {
      syntax.hidden = true;
      syntax.textContent = '';
      return;
    }
    syntax.hidden = false;
    syntax.textContent = '✗ ' + this.problemText(problem);
  }

  private problemText(problem: CompileProblem): string {
    return problem.line !== null
      ? this.t('compileError', { line: problem.line, column: problem.column ?? 1, message: problem.message })
      : this.t('compileErrorNoLine', { message: problem.message });
  }

  /** An inline yes/cancel question under the buttons; focus goes to Cancel, Escape cancels. */
  private confirm(from: HTMLButtonElement, question: string, yes: string, onYes: () => void): void {
    const box = from.closest('[data-reference]') ? this.parts.reference.querySelector<HTMLElement>('[data-confirm-reference]')! : this.parts.confirm;
    box.replaceChildren();
    const text = el('p', 'exercise-confirm-text', question);
    text.id = `${this.host.id || this.id}-confirm-${Math.random().toString(36).slice(2, 7)}`;
    const yesButton = button(yes, 'exercise-danger');
    const cancel = button(this.t('cancel'));
    const row = el('div', 'row');
    row.append(yesButton, cancel);
    box.setAttribute('role', 'group');
    box.setAttribute('aria-labelledby', text.id);
    box.append(text, row);
    box.hidden = false;
    const close = (refocus: boolean) => {
      box.hidden = true;
      box.replaceChildren();
      if (refocus) from.focus();
    };
    yesButton.addEventListener('click', () => {
      close(false);
      onYes();
      this.editor.focus();
    });
    cancel.addEventListener('click', () => close(true));
    box.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close(true);
      }
    });
    cancel.focus();
  }

  // ---- check

  async check(): Promise<void> {
    if (this.running) return;
    this.running = true;
    const { t, parts } = this;
    this.flushSave();
    parts.check.setAttribute('aria-disabled', 'true');
    parts.check.textContent = t('checking');
    this.host.setAttribute('aria-busy', 'true');
    this.host.dataset.checking = '';
    this.host.removeAttribute('data-checker-ready');
    const progress = el('p', 'note exercise-running', t('running'));
    parts.results.replaceChildren(progress);
    const source = this.editor.getCode();
    let report: RunReport | null = null;
    let failure: string | null = null;
    try {
      report = await exerciseRunner().run(this.id, source, (index) => {
        progress.textContent = t('runningCase', { n: index + 1, total: this.definition.cases.length });
      });
    } catch (error) {
      failure = error instanceof RunnerFailure || error instanceof Error ? error.message : String(error);
    } finally {
      this.running = false;
      parts.check.removeAttribute('aria-disabled');
      parts.check.textContent = t('check');
      this.host.removeAttribute('aria-busy');
      delete this.host.dataset.checking;
    }
    if (failure !== null || report === null) {
      parts.results.replaceChildren(el('p', 'bad', t('failed', { message: failure ?? '' })));
      this.say(t('failed', { message: failure ?? '' }));
      return;
    }
    this.showReport(report);
    // The next check's worker is loading now; say when it is ready (the latency measure waits for it).
    exerciseRunner()
      .ready()
      .then(
        () => this.host.toggleAttribute('data-checker-ready', !this.running),
        () => undefined,
      );
  }

  private showReport(report: RunReport): void {
    const { t, parts } = this;
    const results = el('div', 'exercise-report');
    const heading = el('h4', 'exercise-heading', t('results'));
    results.append(heading);
    let message: string;
    const solved = report.outcome === 'checked' && report.solved;
    this.editor.showProblem(report.outcome === 'compile-error' ? report.problem : null);
    if (report.outcome === 'compile-error') {
      this.showSyntax(report.problem);
      message = '✗ ' + this.problemText(report.problem);
      results.append(el('p', 'bad exercise-summary', message), el('p', 'note', t('notRun')));
    } else if (report.outcome === 'load-error') {
      const text = report.importName
        ? t('importError', { name: report.importName })
        : report.line !== null
          ? t('loadError', { line: report.line, message: report.message })
          : t('loadErrorNoLine', { message: report.message });
      message = '✗ ' + text;
      results.append(el('p', 'bad exercise-summary', message), el('p', 'note', t('notRun')));
    } else if (report.outcome === 'load-timeout') {
      message = '✗ ' + t('timeout');
      results.append(el('p', 'bad exercise-summary', message));
    } else {
      const passed = report.cases.filter((c) => c.verdict.status === 'pass').length;
      const total = report.cases.length;
      message = solved ? '✓ ' + t('allPass', { total }) : t('summary', { passed, total });
      if (report.timedOut) message += ' ' + t('timeout');
      results.append(el('p', solved ? 'ok exercise-summary' : 'exercise-summary', message));
      results.append(this.renderCases(report.cases));
    }
    parts.results.replaceChildren(results);
    this.renderConsole(report.console);
    if (this.definition.reveal && parts.reveal.childElementCount === 0) this.renderReveal();

    let hintAdded = false;
    if (solved) {
      if (!this.state.solved) {
        this.state.solved = true;
        announceProgress({ id: this.id, solved: true });
      }
    } else if (this.state.hints < this.definition.hints[this.locale].length) {
      this.state.hints += 1;
      hintAdded = true;
    }
    this.persist();
    this.renderSolved();
    this.renderHints(hintAdded);
    this.say(hintAdded ? `${message} ${t('newHint')}` : message);
  }

  private renderCases(cases: CaseReport[]): HTMLElement {
    const { t, locale } = this;
    const list = el('ol', 'exercise-cases');
    let firstFailure = true;
    for (const c of cases) {
      const item = el('li');
      item.dataset.case = c.id;
      item.dataset.status = c.verdict.status;
      const status = c.verdict.status;
      const mark = status === 'pass' ? '✓' : status === 'skipped' ? '–' : '✗';
      const line = el('span', 'exercise-case-line');
      line.append(el('span', status === 'pass' ? 'ok exercise-mark' : status === 'skipped' ? 'note exercise-mark' : 'bad exercise-mark', mark + ' '));
      line.append(withCode(el('span', 'exercise-case-title'), c.title[locale]));
      line.append(el('span', 'exercise-case-status', ` — ${t(`status.${status}`)}`));
      if (status === 'pass' || status === 'skipped') {
        item.append(line);
        list.append(item);
        continue;
      }
      const details = el('details', 'exercise-case');
      const summary = el('summary');
      summary.append(line);
      details.append(summary, this.renderVerdict(c));
      if (firstFailure) details.open = true;
      firstFailure = false;
      item.append(details);
      list.append(item);
    }
    return list;
  }

  private renderVerdict(c: CaseReport): HTMLElement {
    const { t, locale } = this;
    const body = el('div', 'exercise-verdict');
    const v = c.verdict;
    switch (v.status) {
      case 'fail': {
        if (v.expected.kind === 'table' && v.actual.kind === 'table' && sameShape(v.actual, v.expected)) {
          body.append(el('p', 'exercise-label', t('tableMarked')), renderTable(v.actual, v.expected, locale, t));
          break;
        }
        const expected = el('div', 'exercise-expected');
        expected.append(el('p', 'exercise-label', t('expected')), renderShown(v.expected, locale, t));
        const actual = el('div', 'exercise-actual');
        actual.append(el('p', 'exercise-label', t('actual')), renderShown(v.actual, locale, t));
        body.append(expected, actual);
        break;
      }
      case 'throw':
        body.append(el('p', 'bad', v.line !== null ? t('thrownAt', { line: v.line, message: v.message }) : t('thrown', { message: v.message })));
        break;
      case 'export':
        body.append(
          el(
            'p',
            'bad',
            v.actualKind === 'missing'
              ? t('exportMissing', { name: v.name, kind: t(KIND_LABEL[v.expectedKind] ?? v.expectedKind) })
              : t('exportWrong', { name: v.name, kind: t(KIND_LABEL[v.expectedKind] ?? v.expectedKind), actual: t(VALUE_LABEL[v.actualKind]) }),
          ),
        );
        break;
      case 'timeout':
        body.append(el('p', 'bad', t('caseTimeout')));
        break;
      default:
        break;
    }
    return body;
  }

  private renderConsole(lines: string[]): void {
    const box = this.parts.console;
    if (lines.length === 0) {
      box.hidden = true;
      box.replaceChildren();
      return;
    }
    const pre = el('pre', 'exercise-console');
    pre.textContent = lines.join('\n');
    box.replaceChildren(el('h4', 'exercise-heading', this.t('console')), pre);
    box.hidden = false;
  }

  private renderReveal(): void {
    const reveal = this.definition.reveal?.();
    if (!reveal) return;
    const { locale } = this;
    const box = this.parts.reveal;
    box.append(el('h4', 'exercise-heading', reveal.title[locale]));
    for (const block of reveal.blocks) {
      const section = el('div', 'exercise-reveal-block');
      section.append(el('p', 'exercise-label', block.label[locale]));
      if (block.lines) {
        const list = el('ol', 'exercise-trace');
        for (const line of block.lines) {
          const item = el('li');
          const code = el('code', 'exercise-trace-line');
          appendVisible(code, line.text);
          item.append(code, el('span', 'exercise-trace-note', ' ' + line.explanation[locale]));
          list.append(item);
        }
        section.append(list);
      } else {
        const pre = el('pre', 'exercise-value');
        appendVisible(pre, block.text);
        section.append(pre);
      }
      box.append(section);
    }
    box.hidden = false;
  }

  private renderSolved(): void {
    this.parts.solved.hidden = !this.state.solved;
    this.host.toggleAttribute('data-solved', this.state.solved);
  }

  private renderHints(focusNew: boolean): void {
    const hints = this.definition.hints[this.locale].slice(0, this.state.hints);
    const box = this.parts.hints;
    if (hints.length === 0) {
      box.hidden = true;
      return;
    }
    const list = el('ol', 'exercise-hint-list');
    hints.forEach((hint, i) => {
      const item = el('li', i === hints.length - 1 && focusNew ? 'exercise-hint-new' : undefined);
      withCode(item, hint);
      list.append(item);
    });
    box.replaceChildren(el('h4', 'exercise-heading', this.t('hints')), list);
    box.hidden = false;
  }
}

export function mount(host: HTMLElement): void {
  new Workbench(host).mount();
}
