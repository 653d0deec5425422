// The exercise workbench: the editor, the check, and the wiring of its parts — results
// (exercise-results.ts), hints (exercise-hints.ts), a prediction's answer
// (exercise-prediction-answer.ts), the reference solution, and the learner's saved state
// (exercise-saved-state.ts). Loaded when the exercise comes near the viewport or is used. "Solved"
// is decided here, by recounting the cases this page rendered from the exercise's own definition.

import { RunnerFailure, type RunReport } from '../exercise-engine/runner.ts';
import { isSolved } from '../exercise-engine/solved.ts';
import { createEditor, type ExerciseEditor } from './exercise-editor.ts';
import { Feedback } from './exercise-feedback.ts';
import { Hints } from './exercise-hints.ts';
import { readWorkbench, type WorkbenchContext } from './exercise-parts.ts';
import { showPredictionAnswer } from './exercise-prediction-answer.ts';
import { h } from '../demo-kit/kit-client.ts';
import { Results } from './exercise-results.ts';
import { exerciseRunner } from './exercise-runner.ts';
import { SavedState } from './exercise-saved-state.ts';
import { loadSource } from './exercise-sources.ts';
import { announceProgress, MAX_CODE, PROGRESS_EVENT } from './exercise-store.ts';
import { keepAnchorInPlace } from './exercise-unpack.ts';
import { Travel } from './travel.ts';
import { TypeChecking } from './type-checking.ts';

const isApple = (): boolean => {
  const platform =
    (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ||
    navigator.platform ||
    navigator.userAgent;
  return /Mac|iPhone|iPad|iPod/i.test(platform);
};

class Workbench {
  private readonly context: WorkbenchContext;
  private readonly saved: SavedState;
  private readonly feedback: Feedback;
  private readonly hints: Hints;
  private editor!: ExerciseEditor;
  private results!: Results;
  private types!: TypeChecking;
  private running = false;

  constructor(host: HTMLElement) {
    this.context = readWorkbench(host);
    this.feedback = new Feedback(this.context);
    this.saved = new SavedState(this.context.id, (problem) => this.feedback.notify(problem && this.context.t(problem)));
    this.hints = new Hints(this.context, this.saved, (message) => this.feedback.say(message));
  }

  async mount(): Promise<void> {
    const { t, id, locale, host, section, parts } = this.context;
    const { saved, feedback } = this;
    saved.starter = await loadSource(id, 'starter', locale);
    const editorBox = host.querySelector<HTMLElement>('[data-editor]')!;
    editorBox.replaceChildren();
    this.types = new TypeChecking(this.context);
    const travel = new Travel(this.context, saved, MAX_CODE, (message) => feedback.say(message));
    await travel.read();
    this.editor = createEditor({
      parent: editorBox,
      code: travel.initialCode(),
      label: t('editorLabel', { title: section.dataset.title ?? '' }),
      // The keyboard help, and what TypeScript finds (with its keys).
      describedBy: [...host.querySelectorAll('[data-keys], [data-types]')].map((node) => node.id).join(' '),
      onCheck: () => void this.check(),
      onChange: (code) => {
        if (!travel.holding) saved.saveCode(code);
      },
      lint: (code) => exerciseRunner().transpile(code),
      onProblem: (problem) => feedback.showSyntax(problem),
      onFirstUse: () => {
        exerciseRunner().prewarm();
        this.types.start();
      },
      maxLength: MAX_CODE,
      onRefused: () => feedback.notify(t('tooLong', { max: MAX_CODE.toLocaleString(locale) })),
      extensions: this.types.extensions,
      phrases: {
        Diagnostics: t('cm.diagnostics'),
        'No diagnostics': t('cm.noDiagnostics'),
        close: t('cm.close'),
        Completions: t('cm.completions'),
        'Control character': t('cm.controlCharacter'),
        'Selection deleted': t('cm.selectionDeleted'),
      },
    });
    this.types.attach(this.editor.view);
    travel.attach(this.editor);
    this.results = new Results(this.context, saved, this.editor, (problem) => feedback.showSyntax(problem));
    const focusEditor = () => this.editor.focus();
    if (isApple()) for (const key of host.querySelectorAll('[data-shortcut]')) key.textContent = t('shortcutMac');
    parts.check.addEventListener('click', () => void this.check());
    parts.hint.addEventListener('click', () => this.hints.openNext());
    parts.reset.addEventListener('click', () =>
      feedback.confirm(
        parts.reset,
        parts.confirm,
        t('resetConfirm'),
        t('resetYes'),
        () => {
          this.editor.replaceCode(saved.starter);
          feedback.say(t('resetDone'));
        },
        focusEditor,
      ),
    );
    const showAnswer = parts.showAnswer;
    showAnswer?.addEventListener('click', () => {
      if (saved.state.revealed) {
        void this.showAnswer(true);
        return;
      }
      feedback.confirm(
        showAnswer,
        parts.confirm,
        t('showAnswerConfirm'),
        t('showAnswerYes'),
        () => void this.showAnswer(true),
        () => parts.reveal.focus(),
      );
    });
    const reference = parts.reference;
    if (reference) {
      // The reference solution's one disclosure (with the lesson's answer in prose, if it has one):
      // opening it counts as revealed, even when it was opened in the moment between its arrival
      // and this code's (the click that opened it is what loaded this code).
      reference.addEventListener('toggle', () => {
        if (reference.open) saved.markRevealed();
      });
      if (reference.open) saved.markRevealed();
      const load = reference.querySelector<HTMLButtonElement>('[data-load-reference]');
      const box = reference.querySelector<HTMLElement>('[data-confirm-reference]');
      if (load && box) {
        load.addEventListener('click', () =>
          feedback.confirm(
            load,
            box,
            t('referenceConfirm'),
            t('referenceYes'),
            () => {
              this.editor.replaceCode(reference.querySelector('[data-reference-code]')?.textContent ?? '');
              feedback.say(t('referenceDone'));
            },
            focusEditor,
          ),
        );
      }
    }
    // Ctrl/Cmd+Enter checks from anywhere in the workbench, not only from the editor.
    host.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.defaultPrevented) {
        event.preventDefault();
        void this.check();
      }
    });
    window.addEventListener('pagehide', () => saved.flush());
    document.addEventListener(PROGRESS_EVENT, () => this.results.renderNext());
    this.restore();
    if (host.dataset.pendingCheck) {
      delete host.dataset.pendingCheck;
      void this.check();
    }
  }

  /** Everything the store remembers, shown again: solved, hints, the last results, a revealed answer. */
  private restore(): void {
    const { t, locale, prediction, parts } = this.context;
    const { state } = this.saved;
    this.results.renderSolved();
    this.hints.render(false);
    const last = state.last;
    if (last) {
      const sameLocale = last.locale === locale;
      this.results.show(last.report, { restored: true, detailed: sameLocale });
      const notes: string[] = [];
      if (this.saved.codeHash(this.editor.getCode()) !== last.codeHash) notes.push(t('staleResults'));
      if (!sameLocale) notes.push(t('otherLocale'));
      for (const note of notes) parts.summary.querySelector('.exercise-report')?.append(h('p', 'note', note));
    }
    if (prediction && state.revealed) void this.showAnswer(false);
  }

  private showAnswer(announce: boolean): Promise<void> {
    return showPredictionAnswer(this.context, this.saved, (message) => this.feedback.say(message), announce);
  }

  async check(): Promise<void> {
    if (this.running) return;
    this.running = true;
    const { t, id, locale, host, parts, caseIds, prediction } = this.context;
    const { saved } = this;
    saved.flush();
    parts.check.setAttribute('aria-disabled', 'true');
    const label = parts.check.textContent;
    parts.check.textContent = t('checking');
    host.setAttribute('aria-busy', 'true');
    host.dataset.checking = '';
    host.removeAttribute('data-checker-ready');
    // Nothing of the previous check stays on screen while this one runs.
    this.results.renderCases(null, false);
    const progress = h('p', 'note exercise-running', t('running'));
    parts.summary.replaceChildren(progress);
    parts.console.hidden = true;
    const source = this.editor.getCode();
    let report: RunReport | null = null;
    let failure: RunnerFailure | Error | null = null;
    try {
      report = await exerciseRunner().run(id, locale, source, (index: number) => {
        progress.textContent = t('runningCase', { n: index + 1, total: caseIds.length });
      });
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
    } finally {
      this.running = false;
      parts.check.removeAttribute('aria-disabled');
      parts.check.textContent = label;
      host.removeAttribute('aria-busy');
      delete host.dataset.checking;
    }
    if (failure !== null || report === null) {
      // The page's own words for the kind of failure; the engine's detail is English, for developers.
      const message = failure instanceof RunnerFailure ? t(`failed.${failure.kind}`) : t('failed');
      parts.summary.replaceChildren(h('p', 'bad exercise-summary', message));
      this.feedback.say(message);
      return;
    }
    const { state } = saved;
    const revealedBefore = state.revealed;
    const solved = isSolved(report, caseIds);
    state.last = { locale, codeHash: saved.codeHash(source), report };
    if (solved && !state.solved) {
      state.solved = true;
      state.assisted = revealedBefore;
      announceProgress({ id, solved: true, assisted: state.assisted });
    }
    const message = this.results.show(report, { restored: false, detailed: true });
    saved.persist();
    this.results.renderSolved();
    this.feedback.say(message);
    if (report.outcome !== 'compile-error') void this.types.annotate(source);
    // A committed prediction reveals the answer: every expected value and the proof (and an answer
    // revealed before stays shown whatever this check gave).
    if (prediction && (report.outcome === 'checked' || state.revealed))
      void this.showAnswer(report.outcome === 'checked');
    // The next check's worker is loading now; say when it is ready (the latency bench waits for it).
    exerciseRunner()
      .ready()
      .then(
        () => host.toggleAttribute('data-checker-ready', !this.running),
        () => undefined,
      );
  }
}

export async function mount(host: HTMLElement): Promise<void> {
  const workbench = new Workbench(host);
  await workbench.mount();
  keepAnchorInPlace(host.closest<HTMLElement>('[data-exercise-section]') ?? host);
}
