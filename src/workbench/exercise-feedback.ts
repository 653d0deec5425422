// What the workbench tells the learner outside the results: a sentence for screen readers, the
// notice under the editor (code too long, storage refused), the syntax problem as it is typed, and
// an inline yes/cancel question before anything that replaces or reveals.

import type { CompileProblem } from '../exercise-engine/types.ts';
import type { WorkbenchContext } from './exercise-parts.ts';
import { h } from '../demo-kit/kit-client.ts';
import { button, compileBlock } from './exercise-render.ts';

export class Feedback {
  private readonly workbench: WorkbenchContext;

  constructor(workbench: WorkbenchContext) {
    this.workbench = workbench;
  }

  /** Announces a sentence in the workbench's live region. */
  say(message: string): void {
    const { live } = this.workbench.parts;
    // Cleared first so that the same message twice is announced twice.
    live.textContent = '';
    window.setTimeout(() => {
      live.textContent = message;
    }, 50);
  }

  /** The notice under the editor (size refused, storage): shown until replaced; null hides it. */
  notify(message: string | null): void {
    const { notice } = this.workbench.parts;
    notice.hidden = message === null;
    notice.textContent = message ?? '';
  }

  showSyntax(problem: CompileProblem | null): void {
    const { syntax } = this.workbench.parts;
    syntax.replaceChildren();
    syntax.hidden = problem === null;
    if (!problem) return;
    const { sentence } = compileBlock(this.workbench.t, problem);
    syntax.append('✗ ' + sentence + ' ', h('code', undefined, problem.message));
  }

  /**
   * An inline yes/cancel question in `box`; focus goes to Cancel, Escape cancels and gives the
   * focus back to `from`. After Yes, `onYes` runs, then `focusAfter` places the focus.
   */
  confirm(
    from: HTMLButtonElement,
    box: HTMLElement,
    question: string,
    yes: string,
    onYes: () => void,
    focusAfter: () => void,
  ): void {
    box.replaceChildren();
    const text = h('p', 'exercise-confirm-text', question);
    text.id = `exercise-${this.workbench.id}-confirm-${Math.random().toString(36).slice(2, 7)}`;
    const yesButton = button(yes, 'exercise-danger');
    const cancel = button(this.workbench.t('cancel'));
    const row = h('div', 'row');
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
      focusAfter();
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
}
