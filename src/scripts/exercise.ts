// The exercise workbench: the editor, the check and its verdicts, hints on request, the answer of a
// prediction, the reference solution, and the learner's saved state (code, results, hints opened,
// solved and how). Loaded when the exercise comes near the viewport or is used. "Solved" is decided
// here, by recounting the cases this page rendered from the exercise's own definition.

import type { SourceKind } from '../exercise-engine/sources.ts';
import { RunnerFailure, type RunReport } from '../exercise-engine/runner.ts';
import { isSolved } from '../exercise-engine/solved.ts';
import type { CaseReport, CompileProblem, Locale, Reveal } from '../exercise-engine/types.ts';
import { debounce } from './compute.ts';
import { createEditor, type ExerciseEditor } from './exercise-editor.ts';
import { button, compileBlock, el, labelled, renderProof, thrownBlock, verdictBody } from './exercise-render.ts';
import { exerciseRunner } from './exercise-runner.ts';
import { keepAnchorInPlace, unpackWorkbench } from './exercise-unpack.ts';
import { announceProgress, hashCode, MAX_CODE, readExercise, solvedInStore, writeExercise, type ExerciseState } from './exercise-store.ts';
import { readLabels, type Labels } from './labels.ts';

/**
 * The starter and solution of each exercise in each language, fetched when needed (a prediction's
 * solution only once revealed): each module holds one variant's text (variants-node.ts).
 */
const SOURCES: Record<`${SourceKind}.${Locale}`, Record<string, () => Promise<string>>> = {
  'starter.en': import.meta.glob<string>('../../lessons-code/exercises/*/exercise.ts', { query: { variant: 'starter', locale: 'en' }, import: 'default' }),
  'starter.es': import.meta.glob<string>('../../lessons-code/exercises/*/exercise.ts', { query: { variant: 'starter', locale: 'es' }, import: 'default' }),
  'starter.fr': import.meta.glob<string>('../../lessons-code/exercises/*/exercise.ts', { query: { variant: 'starter', locale: 'fr' }, import: 'default' }),
  'solution.en': import.meta.glob<string>('../../lessons-code/exercises/*/exercise.ts', { query: { variant: 'solution', locale: 'en' }, import: 'default' }),
  'solution.es': import.meta.glob<string>('../../lessons-code/exercises/*/exercise.ts', { query: { variant: 'solution', locale: 'es' }, import: 'default' }),
  'solution.fr': import.meta.glob<string>('../../lessons-code/exercises/*/exercise.ts', { query: { variant: 'solution', locale: 'fr' }, import: 'default' }),
};

/** A prediction's explanation in prose, per locale (answer.<locale>.md beside its files), fetched only once revealed. */
const ANSWERS = import.meta.glob<string>('../../lessons-code/exercises/*/answer.*.md', { query: '?raw', import: 'default' });

async function loadAnswerProse(id: string, locale: Locale): Promise<string | null> {
  const load = ANSWERS[`../../lessons-code/exercises/${id}/answer.${locale}.md`];
  return load ? load() : null;
}

function loadSource(id: string, kind: SourceKind, locale: Locale): Promise<string> {
  const load = SOURCES[`${kind}.${locale}`][`../../lessons-code/exercises/${id}/exercise.ts`];
  return load ? load() : Promise.reject(new Error(`no ${kind} for ${id}`));
}

const isApple = (): boolean => {
  const platform = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform || navigator.platform || navigator.userAgent;
  return /Mac|iPhone|iPad|iPod/i.test(platform);
};

const MARKS: Record<string, string> = { pass: '✓', fail: '✗', throw: '✗', export: '✗', timeout: '✗', skipped: '–', 'not-run': '○' };

class Workbench {
  private readonly t: Labels;
  private readonly locale: Locale;
  private readonly id: string;
  private readonly prediction: boolean;
  /** The case ids of the exercise's definition, as rendered into this page at build time. */
  private readonly caseIds: string[];
  private readonly host: HTMLElement;
  private readonly section: HTMLElement;
  private editor!: ExerciseEditor;
  private starter = '';
  private state: ExerciseState;
  private running = false;
  private readonly parts: {
    syntax: HTMLElement;
    notice: HTMLElement;
    check: HTMLButtonElement;
    reset: HTMLButtonElement;
    hint: HTMLButtonElement;
    showAnswer: HTMLButtonElement | null;
    solved: HTMLElement;
    live: HTMLElement;
    summary: HTMLElement;
    hints: HTMLElement;
    reveal: HTMLElement;
    console: HTMLElement;
    confirm: HTMLElement;
    reference: HTMLDetailsElement | null;
  };

  constructor(host: HTMLElement) {
    this.host = host;
    this.t = readLabels(host);
    const locale = host.dataset.locale;
    this.locale = locale === 'es' || locale === 'fr' ? locale : 'en';
    this.id = host.dataset.exercise ?? '';
    this.prediction = host.dataset.kind === 'prediction';
    let ids: unknown = [];
    try {
      ids = JSON.parse(host.dataset.cases ?? '[]');
    } catch {
      ids = [];
    }
    this.caseIds = Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
    this.section = host.closest<HTMLElement>('[data-exercise-section]') ?? host;
    unpackWorkbench(host);
    this.state = readExercise(this.id);
    const part = <T extends HTMLElement>(name: string): T => {
      const node = this.section.querySelector<T>(`[data-${name}]`);
      if (!node) throw new Error(`missing [data-${name}]`);
      return node;
    };
    this.parts = {
      syntax: part('syntax'),
      notice: part('notice'),
      check: part<HTMLButtonElement>('check'),
      reset: part<HTMLButtonElement>('reset'),
      hint: part<HTMLButtonElement>('hint'),
      showAnswer: this.section.querySelector<HTMLButtonElement>('[data-show-answer]'),
      solved: part('solved'),
      live: part('live'),
      summary: part('summary'),
      hints: part('hints'),
      reveal: part('reveal'),
      console: part('console'),
      confirm: part('confirm'),
      reference: this.section.querySelector<HTMLDetailsElement>('[data-reference]'),
    };
  }

  async mount(): Promise<void> {
    const { t } = this;
    this.starter = await loadSource(this.id, 'starter', this.locale);
    const keysId = this.host.querySelector('[data-keys]')?.id ?? '';
    const editorBox = this.host.querySelector<HTMLElement>('[data-editor]')!;
    editorBox.replaceChildren();
    this.editor = createEditor({
      parent: editorBox,
      code: this.state.code ?? this.starter,
      label: t('editorLabel', { title: this.section.dataset.title ?? '' }),
      describedBy: keysId,
      onCheck: () => void this.check(),
      onChange: (code) => this.saveCode(code),
      lint: (code) => exerciseRunner().transpile(code),
      onProblem: (problem) => this.showSyntax(problem),
      onFirstUse: () => exerciseRunner().prewarm(),
      maxLength: MAX_CODE,
      onRefused: () => this.notify(t('tooLong', { max: MAX_CODE.toLocaleString(this.locale) })),
    });
    if (isApple()) for (const key of this.host.querySelectorAll('[data-shortcut]')) key.textContent = t('shortcutMac');
    this.parts.check.addEventListener('click', () => void this.check());
    this.parts.hint.addEventListener('click', () => this.openHint());
    this.parts.reset.addEventListener('click', () =>
      this.confirm(this.parts.reset, this.parts.confirm, t('resetConfirm'), t('resetYes'), () => {
        this.editor.replaceCode(this.starter);
        this.say(t('resetDone'));
      }),
    );
    this.parts.showAnswer?.addEventListener('click', () => {
      const showAnswer = this.parts.showAnswer!;
      if (this.state.revealed) {
        void this.showAnswer(true);
        return;
      }
      this.confirm(showAnswer, this.parts.confirm, t('showAnswerConfirm'), t('showAnswerYes'), () => void this.showAnswer(true));
    });
    const reference = this.parts.reference;
    if (reference) {
      reference.addEventListener('toggle', () => {
        if (reference.open) this.markRevealed();
      });
      // Opened in the moment between its arrival and this code's (the click that opened it loaded it).
      if (reference.open) this.markRevealed();
      const load = reference.querySelector<HTMLButtonElement>('[data-load-reference]');
      const box = reference.querySelector<HTMLElement>('[data-confirm-reference]');
      if (load && box) {
        load.addEventListener('click', () =>
          this.confirm(load, box, t('referenceConfirm'), t('referenceYes'), () => {
            const code = reference.querySelector('[data-reference-code]')?.textContent ?? '';
            this.editor.replaceCode(code);
            this.say(t('referenceDone'));
          }),
        );
      }
    }
    // Ctrl/Cmd+Enter checks from anywhere in the workbench, not only from the editor.
    this.host.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.defaultPrevented) {
        event.preventDefault();
        void this.check();
      }
    });
    window.addEventListener('pagehide', () => this.flushSave());
    document.addEventListener('ga-exercise-progress', () => this.renderNext());
    this.restore();
    if (this.host.dataset.pendingCheck) {
      delete this.host.dataset.pendingCheck;
      void this.check();
    }
  }

  /** Everything the store remembers, shown again: solved, hints, the last results, a revealed answer. */
  private restore(): void {
    this.renderSolved();
    this.renderHints(false);
    const last = this.state.last;
    if (last) {
      const sameLocale = last.locale === this.locale;
      this.showReport(last.report, { restored: true, detailed: sameLocale });
      const notes: string[] = [];
      if (this.codeHash(this.editor.getCode()) !== last.codeHash) notes.push(this.t('staleResults'));
      if (!sameLocale) notes.push(this.t('otherLocale'));
      for (const note of notes) this.parts.summary.querySelector('.exercise-report')?.append(el('p', 'note', note));
    }
    if (this.prediction && this.state.revealed) void this.showAnswer(false);
  }

  // ---- state

  /** What identifies the code a result is for: the starter (in any language) is one and the same. */
  private codeHash(code: string): string {
    return code === this.starter ? 'starter' : hashCode(code);
  }

  private pendingCode: string | null = null;
  private readonly debouncedSave = debounce(() => this.flushSave(), 400);

  private saveCode(code: string): void {
    this.pendingCode = code;
    this.debouncedSave();
  }

  private flushSave(): void {
    if (this.pendingCode !== null) {
      this.state.code = this.pendingCode === this.starter ? null : this.pendingCode;
      this.pendingCode = null;
    }
    this.persist();
  }

  private saveFailed = false;

  private persist(): void {
    const ok = writeExercise(this.id, this.state);
    if (!ok && !this.saveFailed) this.notify(this.t(storageBlocked() ? 'storageOff' : 'saveFailed'));
    else if (ok && this.saveFailed) this.notify(null);
    this.saveFailed = !ok;
  }

  private markRevealed(): void {
    if (this.state.revealed) return;
    this.state.revealed = true;
    this.persist();
  }

  // ---- messages

  private say(message: string): void {
    // Cleared first so that the same message twice is announced twice.
    this.parts.live.textContent = '';
    window.setTimeout(() => {
      this.parts.live.textContent = message;
    }, 50);
  }

  /** The notice under the editor (size refused, storage): shown until replaced; null hides it. */
  private notify(message: string | null): void {
    this.parts.notice.hidden = message === null;
    this.parts.notice.textContent = message ?? '';
  }

  private showSyntax(problem: CompileProblem | null): void {
    const { syntax } = this.parts;
    syntax.replaceChildren();
    syntax.hidden = problem === null;
    if (!problem) return;
    const { sentence } = compileBlock(this.t, problem);
    syntax.append('✗ ' + sentence + ' ', el('code', undefined, problem.message));
  }

  /** An inline yes/cancel question; focus goes to Cancel, Escape cancels. */
  private confirm(from: HTMLButtonElement, box: HTMLElement, question: string, yes: string, onYes: () => void): void {
    box.replaceChildren();
    const text = el('p', 'exercise-confirm-text', question);
    text.id = `exercise-${this.id}-confirm-${Math.random().toString(36).slice(2, 7)}`;
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
      if (from === this.parts.showAnswer) this.parts.reveal.focus();
      else this.editor.focus();
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

  // ---- hints: on request, one at a time; a check never opens one

  private openHint(): void {
    const items = this.hintItems();
    if (this.state.hints >= items.length) return;
    this.state.hints += 1;
    this.persist();
    this.renderHints(true);
  }

  private hintItems(): HTMLElement[] {
    return [...this.parts.hints.querySelectorAll<HTMLElement>('[data-hint-item]')];
  }

  private renderHints(focusNew: boolean): void {
    const items = this.hintItems();
    const open = Math.min(this.state.hints, items.length);
    items.forEach((item, i) => (item.hidden = i >= open));
    this.parts.hints.hidden = open === 0;
    const total = items.length;
    const all = open >= total;
    this.parts.hint.textContent = all ? this.t('hintsAll', { total }) : this.t('hintButton', { n: open + 1, total });
    this.parts.hint.toggleAttribute('aria-disabled', all);
    if (all) this.parts.hint.setAttribute('aria-disabled', 'true');
    if (focusNew && open > 0) {
      const item = items[open - 1]!;
      item.focus();
      this.say(`${this.t('hintShown', { n: open, total })} ${item.textContent ?? ''}`);
    }
  }

  // ---- check

  async check(): Promise<void> {
    if (this.running) return;
    this.running = true;
    const { t, parts } = this;
    this.flushSave();
    parts.check.setAttribute('aria-disabled', 'true');
    const label = parts.check.textContent;
    parts.check.textContent = t('checking');
    this.host.setAttribute('aria-busy', 'true');
    this.host.dataset.checking = '';
    this.host.removeAttribute('data-checker-ready');
    // Nothing of the previous check stays on screen while this one runs.
    this.renderCases(null, false);
    const progress = el('p', 'note exercise-running', t('running'));
    parts.summary.replaceChildren(progress);
    parts.console.hidden = true;
    const source = this.editor.getCode();
    let report: RunReport | null = null;
    let failure: string | null = null;
    try {
      report = await exerciseRunner().run(this.id, this.locale, source, (index: number) => {
        progress.textContent = t('runningCase', { n: index + 1, total: this.caseIds.length });
      });
    } catch (error) {
      failure = error instanceof RunnerFailure || error instanceof Error ? error.message : String(error);
    } finally {
      this.running = false;
      parts.check.removeAttribute('aria-disabled');
      parts.check.textContent = label;
      this.host.removeAttribute('aria-busy');
      delete this.host.dataset.checking;
    }
    if (failure !== null || report === null) {
      const message = t('failed', { message: failure ?? '' });
      parts.summary.replaceChildren(el('p', 'bad exercise-summary', message));
      this.say(message);
      return;
    }
    const revealedBefore = this.state.revealed;
    const solved = isSolved(report, this.caseIds);
    this.state.last = { locale: this.locale, codeHash: this.codeHash(source), report };
    if (solved && !this.state.solved) {
      this.state.solved = true;
      this.state.assisted = revealedBefore;
      announceProgress({ id: this.id, solved: true, assisted: this.state.assisted });
    }
    const message = this.showReport(report, { restored: false, detailed: true });
    this.persist();
    this.renderSolved();
    this.say(message);
    // A committed prediction reveals the answer: every expected value and the proof (and an answer
    // revealed before stays shown whatever this check gave).
    if (this.prediction && (report.outcome === 'checked' || this.state.revealed)) void this.showAnswer(report.outcome === 'checked');
    // The next check's worker is loading now; say when it is ready (the latency bench waits for it).
    exerciseRunner()
      .ready()
      .then(
        () => this.host.toggleAttribute('data-checker-ready', !this.running),
        () => undefined,
      );
  }

  /** Shows a report in the summary and the case list; returns the sentence to announce. */
  private showReport(report: RunReport, options: { restored: boolean; detailed: boolean }): string {
    const { t, parts } = this;
    const summary: HTMLElement[] = [];
    let message: string;
    this.editor.showProblem(report.outcome === 'compile-error' ? report.problem : null);
    if (report.outcome === 'compile-error') {
      const { sentence, blocks } = compileBlock(t, report.problem);
      if (!options.restored) this.showSyntax(report.problem);
      message = '✗ ' + sentence;
      summary.push(el('p', 'bad exercise-summary', message), ...blocks, el('p', 'note', t('notRun')));
      this.renderCases(null, false);
    } else if (report.outcome === 'load-error') {
      message = '✗ ' + (report.importName ? t('importError', { name: report.importName }) : report.error.line !== null ? t('loadError', { line: report.error.line }) : t('loadErrorNoLine'));
      summary.push(el('p', 'bad exercise-summary', message));
      if (!report.importName) summary.push(...thrownBlock(t, report.error, 'load').slice(1));
      summary.push(el('p', 'note', t('notRun')));
      this.renderCases(null, false);
    } else if (report.outcome === 'load-timeout') {
      message = '✗ ' + t('timeout');
      summary.push(el('p', 'bad exercise-summary', message));
      this.renderCases(null, false);
    } else if (report.outcome === 'unanswered') {
      message = t('unanswered', { names: report.names.join(', ') });
      summary.push(el('p', 'bad exercise-summary', message));
      this.renderCases(null, false);
    } else {
      const solved = isSolved(report, this.caseIds);
      const passed = report.cases.filter((c) => c.verdict.status === 'pass').length;
      const total = this.caseIds.length;
      message = solved ? '✓ ' + t('allPass', { total }) : t('summary', { passed, total });
      if (report.timedOut) message += ' ' + t('timeout');
      summary.push(el('p', solved ? 'ok exercise-summary' : 'exercise-summary', message));
      this.renderCases(report.cases, options.detailed);
    }
    // One element for a finished report (what the latency bench waits for).
    const done = el('div', 'exercise-report');
    done.append(...summary);
    parts.summary.replaceChildren(done);
    this.renderNext();
    this.renderConsole(report.console);
    return message;
  }

  /** Each case of the page's list with its status; `cases` null: none checked (yet, or this time). */
  private renderCases(cases: CaseReport[] | null, detailed: boolean): void {
    const { t } = this;
    let firstProblem = true;
    for (const item of this.section.querySelectorAll<HTMLElement>('[data-case]')) {
      const id = item.dataset.case!;
      const report = cases?.find((c) => c.id === id) ?? null;
      const status = report ? report.verdict.status : 'not-run';
      item.dataset.status = status;
      const mark = item.querySelector('.exercise-mark');
      if (mark) mark.textContent = MARKS[status] ?? '○';
      const statusText = item.querySelector('[data-case-status]');
      if (statusText) statusText.textContent = t(status === 'not-run' ? 'status.notRun' : `status.${status}`);
      const detail = item.querySelector<HTMLElement>('[data-case-detail]')!;
      detail.replaceChildren();
      const body = report && detailed ? verdictBody(report.verdict, t, this.prediction) : null;
      if (body) {
        if (report!.verdict.status === 'pass') detail.append(body);
        else {
          const details = el('details');
          details.append(el('summary', undefined, t('details')), body);
          details.open = firstProblem;
          firstProblem = false;
          detail.append(details);
        }
      }
      detail.hidden = detail.childElementCount === 0;
    }
  }

  /** After a solve: the next exercise of the page, or the first one still open, or "that was the last". */
  private renderNext(): void {
    this.parts.summary.querySelector('[data-next]')?.remove();
    if (!this.state.solved || this.state.last === null || !isSolved(this.state.last.report, this.caseIds)) return;
    const sections = [...document.querySelectorAll<HTMLElement>('[data-exercise-section]')];
    const next = sections[sections.indexOf(this.section) + 1];
    const line = el('p', 'exercise-next');
    line.dataset.next = '';
    if (next) {
      line.append(this.link(next, this.t('next', { title: next.dataset.title ?? '' })));
    } else {
      const solved = solvedInStore(sections.map((s) => s.id.replace(/^exercise-/, '')));
      const open = sections.find((s) => s !== this.section && !solved.has(s.id.replace(/^exercise-/, '')));
      line.append(open ? this.link(open, this.t('stillOpen', { title: open.dataset.title ?? '' })) : this.t('lastOne'));
    }
    (this.parts.summary.querySelector('.exercise-report') ?? this.parts.summary).append(line);
  }

  private link(section: HTMLElement, text: string): HTMLAnchorElement {
    const a = el('a', undefined, text);
    a.href = `#${section.id}`;
    return a;
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

  private renderSolved(): void {
    this.parts.solved.hidden = !this.state.solved;
    this.parts.solved.toggleAttribute('data-assisted', this.state.assisted);
    const text = this.parts.solved.querySelector('[data-solved-text]');
    if (text) text.textContent = this.state.assisted ? this.t('solvedAssisted') : this.t('solved');
    this.host.toggleAttribute('data-solved', this.state.solved);
  }

  // ---- a prediction's answer: expected values, the proof, the reference solution

  private async showAnswer(announce: boolean): Promise<void> {
    this.markRevealed();
    let reveal: Reveal | null = this.state.answer?.locale === this.locale ? this.state.answer.reveal : null;
    if (!reveal) {
      try {
        reveal = await exerciseRunner().reveal(this.id, this.locale);
      } catch (error) {
        this.parts.reveal.replaceChildren(el('p', 'bad', this.t('failed', { message: error instanceof Error ? error.message : String(error) })));
        this.parts.reveal.hidden = false;
        return;
      }
      if (!reveal) return;
      this.state.answer = { locale: this.locale, reveal };
      this.persist();
    }
    let solution = '';
    let prose: string | null = null;
    try {
      [solution, prose] = await Promise.all([loadSource(this.id, 'solution', this.locale), loadAnswerProse(this.id, this.locale)]);
    } catch {
      solution = '';
    }
    // Each case gets its expected value (unless a failed check already shows it).
    for (const item of this.section.querySelectorAll<HTMLElement>('[data-case]')) {
      const expected = reveal.expected[item.dataset.case!];
      const detail = item.querySelector<HTMLElement>('[data-case-detail]')!;
      if (!expected || detail.querySelector('.exercise-expected')) continue;
      detail.prepend(labelled(this.t('expected'), expected, this.t, 'exercise-expected'));
      detail.hidden = false;
    }
    const box = this.parts.reveal;
    box.replaceChildren();
    if (prose) {
      const explanation = el('div', 'exercise-why');
      const { renderMarkdown } = await import('./markdown.ts'); // only for a prediction that has prose
      renderMarkdown(explanation, prose);
      box.append(el('h4', 'exercise-heading', this.t('why')), explanation);
    }
    if (reveal.proof.length > 0) box.append(...renderProof(this.host.dataset.proof ?? '', reveal.proof));
    if (solution) {
      box.append(el('h4', 'exercise-heading', this.t('referenceHeading')));
      const pre = el('pre', 'exercise-static');
      pre.append(el('code', undefined, solution));
      box.append(pre);
    }
    box.tabIndex = -1;
    box.hidden = false;
    if (announce) this.say(this.t('answerShown'));
  }
}

function storageBlocked(): boolean {
  try {
    return !window.localStorage;
  } catch {
    return true;
  }
}

export async function mount(host: HTMLElement): Promise<void> {
  const workbench = new Workbench(host);
  await workbench.mount();
  keepAnchorInPlace(host.closest<HTMLElement>('[data-exercise-section]') ?? host);
}
