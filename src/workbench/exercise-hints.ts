// Hints on request, one at a time: the button opens the next one, and what is open survives a
// reload. Each case names the hints that help with it (text.<locale>.json, `cases.<id>.hints`, in
// the markup as `data-case-hints` on the case); after a check, the next hint offered is the first
// failing case's first hint not yet open, then that case's others in their order, then the next
// failing case's, then the rest in the exercise's order. A check never opens one.

import type { WorkbenchContext } from './exercise-parts.ts';
import type { SavedState } from './exercise-saved-state.ts';

/**
 * The order the hints are offered in (numbers from 1): the hints of each failing case in turn
 * (`caseHints`, in the order of the cases that failed), then every other hint in its own order.
 */
export function hintOrder(total: number, failing: readonly (readonly number[])[]): number[] {
  const order: number[] = [];
  for (const hints of failing)
    for (const n of hints) if (Number.isInteger(n) && n >= 1 && n <= total && !order.includes(n)) order.push(n);
  for (let n = 1; n <= total; n++) if (!order.includes(n)) order.push(n);
  return order;
}

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
    const total = this.items().length;
    const opened = this.opened();
    if (opened.length >= total) return;
    const next = hintOrder(total, this.failingHints()).find((n) => !opened.includes(n));
    if (next === undefined) return;
    this.saved.state.hintOrder = [...opened, next];
    this.saved.state.hints = opened.length + 1;
    this.saved.persist();
    this.render(true);
  }

  /** Shows the hints opened so far; `focusNew`: the focus goes to the last one opened, which is read out. */
  render(focusNew: boolean): void {
    const { t, parts } = this.workbench;
    const items = this.items();
    const opened = this.opened();
    items.forEach((item, i) => (item.hidden = !opened.includes(i + 1)));
    parts.hints.hidden = opened.length === 0;
    const total = items.length;
    const all = opened.length >= total;
    parts.hint.textContent = all ? t('hintsAll', { total }) : t('hintButton', { n: opened.length + 1, total });
    parts.hint.toggleAttribute('aria-disabled', all);
    if (all) parts.hint.setAttribute('aria-disabled', 'true');
    const last = opened.at(-1);
    if (focusNew && last !== undefined) {
      const item = items[last - 1]!;
      item.focus();
      this.say(`${t('hintShown', { n: opened.length, total })} ${item.textContent ?? ''}`);
    }
  }

  /** The hints open, in the order they were opened. */
  private opened(): number[] {
    const { hints, hintOrder: order } = this.saved.state;
    const total = this.items().length;
    const count = Math.min(hints, total);
    if (order.length === hints) return order.filter((n) => n <= total).slice(0, count);
    return Array.from({ length: count }, (_, i) => i + 1);
  }

  /** The hints of each case that did not pass in the last check, in the order of the cases. */
  private failingHints(): number[][] {
    const report = this.saved.state.last?.report;
    if (!report || report.outcome !== 'checked') return [];
    const failing = new Set(report.cases.filter((c) => c.verdict.status !== 'pass').map((c) => c.id));
    return [...this.workbench.section.querySelectorAll<HTMLElement>('[data-case]')]
      .filter((item) => failing.has(item.dataset.case ?? ''))
      .map((item) => (item.dataset.caseHints ?? '').split(' ').filter(Boolean).map(Number));
  }

  private items(): HTMLElement[] {
    return [...this.workbench.parts.hints.querySelectorAll<HTMLElement>('[data-hint-item]')];
  }
}
