// The progress line: "2 of 4 exercises solved" and a link per exercise, from the saved state at
// load, then from the workbenches' events (and from other tabs, through the storage event). Small:
// it loads with the page.

import { PROGRESS_EVENT, PROGRESS_LOADED_KEY, solvedInStore, type ProgressDetail } from './exercise-store.ts';
import { Strings } from '../demo-kit/strings.ts';

function start(box: HTMLElement): void {
  const { t } = new Strings(box, 'exercise');
  const text = box.querySelector<HTMLElement>('[data-progress-text]');
  const marks = [...box.querySelectorAll<HTMLAnchorElement>('[data-progress-mark]')];
  if (!text) return;
  const ids = marks.map((mark) => mark.dataset.progressMark ?? '');
  let solved = solvedInStore(ids);
  const render = () => {
    const total = ids.length;
    const n = ids.filter((id) => solved.has(id)).length;
    text.textContent = n === total ? t('progressAll', { total }) : t('progress', { solved: n, total });
    marks.forEach((mark, i) => {
      const state = solved.get(ids[i]!);
      if (state) mark.dataset.solved = state.assisted ? 'assisted' : 'own';
      else delete mark.dataset.solved;
      const visible = mark.querySelector('[data-mark]');
      if (visible) visible.textContent = state ? '✓' : String(i + 1);
      const label = mark.querySelector('[data-mark-label]');
      const stateText = !state ? t('progressOpen') : state.assisted ? t('progressAssisted') : t('progressSolved');
      if (label) label.textContent = t('progressItem', { n: i + 1, title: mark.dataset.title ?? '', state: stateText });
    });
  };
  // The server wrote the line with nothing solved: it is redrawn at load only when something is. Drawing
  // it formats numbers, and a page's first Intl.NumberFormat or Intl.PluralRules loads the locale's
  // data (https://v8.dev/blog/intl): tens of milliseconds of a phone's load, for the same text.
  if (solved.size > 0) render();
  // Announced from now on, not at load.
  text.setAttribute('role', 'status');
  text.setAttribute('aria-live', 'polite');
  document.addEventListener(PROGRESS_EVENT, (event) => {
    const detail = (event as CustomEvent<ProgressDetail>).detail;
    if (!detail || !ids.includes(detail.id)) return;
    if (detail.solved) solved.set(detail.id, { assisted: detail.assisted });
    else solved.delete(detail.id);
    render();
  });
  window.addEventListener('storage', () => {
    solved = solvedInStore(ids);
    render();
  });
}

/** "Download my progress" and "Load progress": their code loads when one is used (or to say what a load did). */
function transfer(box: HTMLElement): void {
  const later = () => import('./progress-transfer.ts');
  const file = box.querySelector<HTMLInputElement>('[data-transfer-file]');
  box
    .querySelector('[data-transfer-download]')
    ?.addEventListener('click', () => void later().then((m) => m.download(box)));
  // The file chooser opens within the click itself, as browsers require.
  box.querySelector('[data-transfer-load]')?.addEventListener('click', () => file?.click());
  file?.addEventListener('change', () => {
    const chosen = file.files?.[0];
    file.value = ''; // choosing the same file again is a new choice
    if (chosen) void later().then((m) => m.load(box, chosen));
  });
  let loaded = false;
  try {
    loaded = sessionStorage.getItem(PROGRESS_LOADED_KEY) !== null;
  } catch {
    loaded = false;
  }
  if (loaded) void later().then((m) => m.sayLoaded(box));
}

for (const box of document.querySelectorAll<HTMLElement>('[data-exercise-progress]')) {
  start(box);
  const transferBox = box.querySelector<HTMLElement>('[data-transfer]');
  if (transferBox) transfer(transferBox);
}
