// The progress line: "2 of 4 exercises solved", from the saved state at load, then from the
// workbenches' events (and from other tabs, through the storage event). Small: it loads with the page.

import { EXERCISE_IDS } from '../../lessons-code/exercises/ids.ts';
import type { ExerciseId } from '../../lessons-code/exercises/types.ts';
import { PROGRESS_EVENT, solvedInStore, type ProgressDetail } from './exercise-store.ts';
import { readLabels } from './labels.ts';

function start(box: HTMLElement): void {
  const t = readLabels(box);
  const text = box.querySelector<HTMLElement>('[data-progress-text]');
  if (!text) return;
  const solved = solvedInStore();
  const render = () => {
    const total = EXERCISE_IDS.length;
    const n = EXERCISE_IDS.filter((id) => solved.has(id)).length;
    text.textContent = n === total ? t('progressAll', { total }) : t('progress', { solved: n, total });
    for (const mark of box.querySelectorAll<HTMLElement>('[data-progress-mark]')) {
      const done = solved.has(mark.dataset.progressMark as ExerciseId);
      mark.toggleAttribute('data-solved', done);
      mark.textContent = done ? '✓' : String(EXERCISE_IDS.indexOf(mark.dataset.progressMark as ExerciseId) + 1);
    }
  };
  render();
  // Announced from now on, not at load.
  text.setAttribute('role', 'status');
  text.setAttribute('aria-live', 'polite');
  document.addEventListener(PROGRESS_EVENT, (event) => {
    const detail = (event as CustomEvent<ProgressDetail>).detail;
    if (!detail || !EXERCISE_IDS.includes(detail.id)) return;
    if (detail.solved) solved.add(detail.id);
    else solved.delete(detail.id);
    render();
  });
  window.addEventListener('storage', () => {
    for (const id of solvedInStore()) solved.add(id);
    render();
  });
}

for (const box of document.querySelectorAll<HTMLElement>('[data-exercise-progress]')) start(box);
