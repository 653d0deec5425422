// A check's results on screen: the summary, each case of the page's list with its status and, when
// it failed, its details, the learner's console, the solved badge (and how it was solved), and after
// a solve the way on: the next exercise, the first one still open, or "that was the last".

import type { RunReport } from '../exercise-engine/runner.ts';
import { isSolved } from '../exercise-engine/solved.ts';
import type { CaseReport, CompileProblem } from '../exercise-engine/types.ts';
import type { ExerciseEditor } from './exercise-editor.ts';
import type { WorkbenchContext } from './exercise-parts.ts';
import { h } from '../demo-kit/kit-client.ts';
import { compileBlock, thrownBlock, verdictBody } from './exercise-render.ts';
import type { SavedState } from './exercise-saved-state.ts';
import { solvedInStore } from './exercise-store.ts';

const MARKS: Record<string, string> = {
  pass: '✓',
  fail: '✗',
  throw: '✗',
  changed: '✗',
  export: '✗',
  timeout: '✗',
  skipped: '–',
  'not-run': '○',
};

export class Results {
  private readonly workbench: WorkbenchContext;
  private readonly saved: SavedState;
  private readonly editor: ExerciseEditor;
  private readonly showSyntax: (problem: CompileProblem | null) => void;

  constructor(
    workbench: WorkbenchContext,
    saved: SavedState,
    editor: ExerciseEditor,
    showSyntax: (problem: CompileProblem | null) => void,
  ) {
    this.workbench = workbench;
    this.saved = saved;
    this.editor = editor;
    this.showSyntax = showSyntax;
  }

  /** Shows a report in the summary and the case list; returns the sentence to announce. */
  show(report: RunReport, options: { restored: boolean; detailed: boolean }): string {
    const { t, parts, caseIds } = this.workbench;
    const summary: HTMLElement[] = [];
    let message: string;
    this.editor.showProblem(report.outcome === 'compile-error' ? report.problem : null);
    if (report.outcome === 'compile-error') {
      const { sentence, blocks } = compileBlock(t, report.problem);
      if (!options.restored) this.showSyntax(report.problem);
      message = '✗ ' + sentence;
      summary.push(h('p', 'bad exercise-summary', message), ...blocks, h('p', 'note', t('notRun')));
      this.renderCases(null, false);
    } else if (report.outcome === 'load-error') {
      message =
        '✗ ' +
        (report.importName
          ? t('importError', { name: report.importName })
          : report.error.line !== null
            ? t('loadError', { line: String(report.error.line) })
            : t('loadErrorNoLine'));
      summary.push(h('p', 'bad exercise-summary', message));
      if (!report.importName) summary.push(...thrownBlock(t, report.error, 'load').slice(1));
      summary.push(h('p', 'note', t('notRun')));
      this.renderCases(null, false);
    } else if (report.outcome === 'load-timeout') {
      message = '✗ ' + t('timeout');
      summary.push(h('p', 'bad exercise-summary', message));
      this.renderCases(null, false);
    } else if (report.outcome === 'unanswered') {
      message = t('unanswered', { names: report.names.join(', ') });
      summary.push(h('p', 'bad exercise-summary', message));
      this.renderCases(null, false);
    } else {
      const solved = isSolved(report, caseIds);
      const passed = report.cases.filter((c) => c.verdict.status === 'pass').length;
      const total = caseIds.length;
      message = solved ? '✓ ' + t('allPass', { total }) : t('summary', { passed, total });
      if (report.timedOut) message += ' ' + t('timeout');
      summary.push(h('p', solved ? 'ok exercise-summary' : 'exercise-summary', message));
      const given = this.givenButMissing(report.cases);
      if (given.length > 0) summary.push(h('p', 'note', t('exportGiven', { names: given.join(', ') })));
      this.renderCases(report.cases, options.detailed);
    }
    // One element for a finished report (what the latency bench waits for).
    const done = h('div', 'exercise-report');
    done.append(...summary);
    parts.summary.replaceChildren(done);
    this.renderNext();
    this.renderConsole(report.console);
    return message;
  }

  /**
   * The exports the cases found missing that the starter code declares: taken out by the learner, or
   * absent from code saved before the exercise gained them (a function the check calls, say).
   */
  private givenButMissing(cases: readonly CaseReport[]): string[] {
    const names = new Set<string>();
    for (const { verdict } of cases)
      if (verdict.status === 'export' && verdict.actualKind === 'missing') names.add(verdict.name);
    const declares = (name: string) =>
      new RegExp(String.raw`^export\s+(?:async\s+)?(?:function\*?|const|let|class)\s+${name}\b`, 'm').test(
        this.saved.starter,
      );
    return [...names].filter((name) => /^[\w$]+$/.test(name) && declares(name));
  }

  /** Each case of the page's list with its status; `cases` null: none checked (yet, or this time). */
  renderCases(cases: CaseReport[] | null, detailed: boolean): void {
    const { t, section, prediction } = this.workbench;
    let firstProblem = true;
    for (const item of section.querySelectorAll<HTMLElement>('[data-case]')) {
      const id = item.dataset.case!;
      const report = cases?.find((c) => c.id === id) ?? null;
      const status = report ? report.verdict.status : 'not-run';
      item.dataset.status = status;
      const mark = item.querySelector('.exercise-mark');
      if (mark) mark.textContent = MARKS[status] ?? '○';
      const statusText = item.querySelector('[data-case-status]');
      if (statusText) statusText.textContent = t(status === 'not-run' ? 'status.notRun' : `status.${status}`);
      showHelp(item, report && detailed ? report.verdict : null);
      const detail = item.querySelector<HTMLElement>('[data-case-detail]')!;
      detail.replaceChildren();
      const body = report && detailed ? verdictBody(report.verdict, t, prediction) : null;
      if (body) {
        if (report!.verdict.status === 'pass') detail.append(body);
        else {
          const details = h('details');
          details.append(h('summary', undefined, t('details')), body);
          details.open = firstProblem;
          firstProblem = false;
          detail.append(details);
        }
      }
      detail.hidden = detail.childElementCount === 0;
    }
  }

  /** After a solve: the next exercise of the page, or the first one still open, or "that was the last". */
  renderNext(): void {
    const { t, parts, section, caseIds } = this.workbench;
    const { state } = this.saved;
    parts.summary.querySelector('[data-next]')?.remove();
    if (!state.solved || state.last === null || !isSolved(state.last.report, caseIds)) return;
    const sections = [...document.querySelectorAll<HTMLElement>('[data-exercise-section]')];
    const next = sections[sections.indexOf(section) + 1];
    const line = h('p', 'exercise-next');
    line.dataset.next = '';
    if (next) {
      line.append(linkTo(next, t('next', { title: next.dataset.title ?? '' })));
    } else {
      const solved = solvedInStore(sections.map((s) => s.id.replace(/^exercise-/, '')));
      const open = sections.find((s) => s !== section && !solved.has(s.id.replace(/^exercise-/, '')));
      line.append(open ? linkTo(open, t('stillOpen', { title: open.dataset.title ?? '' })) : t('lastOne'));
    }
    (parts.summary.querySelector('.exercise-report') ?? parts.summary).append(line);
  }

  /** The solved badge: hidden, "Solved", or "Solved with the solution shown". */
  renderSolved(): void {
    const { t, parts, host } = this.workbench;
    const { state } = this.saved;
    parts.solved.hidden = !state.solved;
    parts.solved.toggleAttribute('data-assisted', state.assisted);
    const text = parts.solved.querySelector('[data-solved-text]');
    if (text) text.textContent = state.assisted ? t('solvedAssisted') : t('solved');
    host.toggleAttribute('data-solved', state.solved);
  }

  private renderConsole(lines: string[]): void {
    const box = this.workbench.parts.console;
    if (lines.length === 0) {
      box.hidden = true;
      box.replaceChildren();
      return;
    }
    const pre = h('pre', 'exercise-console');
    pre.textContent = lines.join('\n');
    box.replaceChildren(h('h4', 'exercise-heading', this.workbench.t('console')), pre);
    box.hidden = false;
  }
}

/**
 * A failing case's help, rendered by Exercise.astro: the diagnoses that recognized what the code
 * gave, each naming the mistake with its section of the course; with none, the section the case's
 * check rests on. Hidden for a case that passed, was not run, or could not run.
 */
function showHelp(item: HTMLElement, verdict: CaseReport['verdict'] | null): void {
  const help = item.querySelector<HTMLElement>('[data-case-help]');
  if (!help) return;
  const failed = verdict?.status === 'fail' || verdict?.status === 'throw' || verdict?.status === 'changed';
  const ids = failed ? (verdict.diagnoses ?? []) : [];
  let shown = 0;
  for (const p of help.querySelectorAll<HTMLElement>('[data-diagnosis]')) {
    p.hidden = !ids.includes(p.dataset.diagnosis ?? '');
    if (!p.hidden) shown++;
  }
  const lesson = help.querySelector<HTMLElement>('[data-case-lesson]');
  if (lesson) lesson.hidden = !failed || shown > 0;
  help.hidden = !failed;
}

function linkTo(section: HTMLElement, text: string): HTMLAnchorElement {
  const a = h('a', undefined, text);
  a.href = `#${section.id}`;
  return a;
}
