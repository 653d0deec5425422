// Hints on request, one at a time: the button opens the next one, and the count survives a reload.
// A check never opens one.

import type { WorkbenchContext } from './exercise-parts.ts';
import type { SavedState } from './exercise-saved-state.ts';

export class Hints {
  private readonly workbench: WorkbenchContext;
  private readonly saved: SavedState;
  private readonly say: (message: string) => void;

  constructor(workbench: WorkbenchContext, saved: SavedState, say: (message: string) => void) {
    this.workbench = workbench;
    this.saved = saved;
    this.say = say;
  }

  /** Opens the next hint, moves the focus to it and reads it out. */
  openNext(): void {
    if (this.saved.state.hints >= this.items().length) return;
    this.saved.state.hints += 1;
    this.saved.persist();
    this.render(true);
  }

  /** Shows the hints opened so far; `focusNew`: the focus goes to the last one, which is read out. */
  render(focusNew: boolean): void {
    const { t, parts } = this.workbench;
    const items = this.items();
    const open = Math.min(this.saved.state.hints, items.length);
    items.forEach((item, i) => (item.hidden = i >= open));
    parts.hints.hidden = open === 0;
    const total = items.length;
    const all = open >= total;
    parts.hint.textContent = all ? t('hintsAll', { total }) : t('hintButton', { n: open + 1, total });
    parts.hint.toggleAttribute('aria-disabled', all);
    if (all) parts.hint.setAttribute('aria-disabled', 'true');
    if (focusNew && open > 0) {
      const item = items[open - 1]!;
      item.focus();
      this.say(`${t('hintShown', { n: open, total })} ${item.textContent ?? ''}`);
    }
  }

  private items(): HTMLElement[] {
    return [...this.workbench.parts.hints.querySelectorAll<HTMLElement>('[data-hint-item]')];
  }
}
