// "Download my progress" and "Load progress", beside a page's progress line (ExerciseProgress.astro):
// the file is progress-file.ts's. Loading asks first, then writes every exercise of the file into the
// store, or none (a refused write puts back what was there), and reloads the page so that every
// workbench shows the loaded state; the line says what was loaded once the page is back. A file that
// cannot be loaded gets its reason in the page's language, and nothing changes.

import {
  holdWrites,
  PROGRESS_LOADED_KEY,
  readExercise,
  storageKey,
  writeExercise,
  type ExerciseState,
} from './exercise-store.ts';
import { Strings, type Translate } from '../demo-kit/strings.ts';
import {
  MAX_PROGRESS_BYTES,
  progressFile,
  readProgressFile,
  worthKeeping,
  type ProgressProblem,
} from './progress-file.ts';

interface Parts {
  say: Translate;
  ids: string[];
  maxCode: number;
  status: HTMLElement;
  confirm: HTMLElement;
}

function partsOf(box: HTMLElement): Parts {
  let ids: unknown = [];
  try {
    ids = JSON.parse(box.dataset.exerciseIds ?? '[]');
  } catch {
    ids = [];
  }
  return {
    say: new Strings(box, 'exercise').t,
    ids: Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [],
    maxCode: Number(box.dataset.maxCode) || 200_000,
    status: box.querySelector<HTMLElement>('[data-transfer-status]')!,
    confirm: box.querySelector<HTMLElement>('[data-transfer-confirm]')!,
  };
}

/** The line under the buttons (a live region, always in the page: filled, it is read out). */
function tell(parts: Parts, message: string, kind: 'ok' | 'bad'): void {
  parts.status.textContent = message;
  parts.status.dataset.kind = kind;
}

/** Downloads every exercise's code and state as one file, or says there is nothing yet. */
export function download(box: HTMLElement): void {
  const parts = partsOf(box);
  parts.confirm.hidden = true;
  const states = new Map(parts.ids.map((id) => [id, readExercise(id)] as const));
  if (![...states.values()].some(worthKeeping)) {
    tell(parts, parts.say('transfer.nothing'), 'bad');
    return;
  }
  const now = new Date();
  const name = `ga-course-progress-${now.toISOString().slice(0, 10)}.json`;
  const url = URL.createObjectURL(new Blob([progressFile(states, now)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  tell(parts, parts.say('transfer.downloaded', { file: name }), 'ok');
}

function problemText(say: Translate, file: string, problem: ProgressProblem): string {
  switch (problem.kind) {
    case 'notJson':
      return say('transfer.notJson', { file });
    case 'foreign':
      return say('transfer.foreign', { file });
    case 'newer':
      return say('transfer.newer', { file });
    case 'unknown':
      return say('transfer.unknown', { file, id: problem.id });
    case 'damaged':
      return say('transfer.damaged', { file, where: problem.where });
  }
}

/** Writes the states, all or none: when the browser refuses one, what was stored before comes back. */
function writeAll(states: Map<string, ExerciseState>): boolean {
  let store: Storage;
  try {
    store = window.localStorage;
  } catch {
    return false;
  }
  const before = new Map<string, string | null>();
  try {
    for (const id of states.keys()) before.set(id, store.getItem(storageKey(id)));
  } catch {
    return false;
  }
  for (const [id, state] of states) {
    if (writeExercise(id, state)) continue;
    for (const [done, raw] of before) {
      try {
        if (raw === null) store.removeItem(storageKey(done));
        else store.setItem(storageKey(done), raw);
      } catch {
        // what could not be written back was not changed either
      }
    }
    return false;
  }
  return true;
}

/** Reads the chosen file, says why it cannot be loaded, or asks, then loads it and reloads the page. */
export async function load(box: HTMLElement, file: File): Promise<void> {
  const parts = partsOf(box);
  const { say } = parts;
  parts.confirm.hidden = true;
  if (file.size > MAX_PROGRESS_BYTES) {
    tell(parts, say('transfer.tooBig', { file: file.name }), 'bad');
    return;
  }
  let text: string;
  try {
    text = await file.text();
  } catch {
    tell(parts, say('transfer.unreadable', { file: file.name }), 'bad');
    return;
  }
  const read = readProgressFile(text, parts.ids, parts.maxCode);
  if ('problem' in read) {
    tell(parts, problemText(say, file.name, read.problem), 'bad');
    return;
  }
  const count = read.exercises.size;
  parts.status.textContent = '';
  const question = document.createElement('p');
  question.className = 'exercise-transfer-question';
  question.id = 'exercise-transfer-question';
  question.textContent = say('transfer.confirm', { count, file: file.name });
  const yes = document.createElement('button');
  yes.type = 'button';
  yes.className = 'exercise-danger';
  yes.textContent = say('transfer.yes');
  const cancel = document.createElement('button');
  cancel.type = 'button';
  cancel.textContent = say('cancel');
  const row = document.createElement('div');
  row.className = 'exercise-transfer-row';
  row.append(yes, cancel);
  parts.confirm.replaceChildren(question, row);
  parts.confirm.setAttribute('role', 'group');
  parts.confirm.setAttribute('aria-labelledby', question.id);
  parts.confirm.hidden = false;
  const loadButton = box.querySelector<HTMLElement>('[data-transfer-load]');
  const close = () => {
    parts.confirm.hidden = true;
    parts.confirm.replaceChildren();
    loadButton?.focus();
  };
  cancel.addEventListener('click', close);
  parts.confirm.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') close();
  });
  yes.addEventListener('click', () => {
    parts.confirm.hidden = true;
    if (!writeAll(read.exercises)) {
      tell(parts, say('transfer.saveFailed'), 'bad');
      loadButton?.focus();
      return;
    }
    holdWrites();
    try {
      sessionStorage.setItem(PROGRESS_LOADED_KEY, JSON.stringify({ file: file.name, count }));
    } catch {
      // the page reloads all the same; it only cannot say so afterwards
    }
    location.reload();
  });
  cancel.focus();
}

/** After the reload that follows a load: what was loaded, said once. */
export function sayLoaded(box: HTMLElement): void {
  let loaded: unknown = null;
  try {
    loaded = JSON.parse(sessionStorage.getItem(PROGRESS_LOADED_KEY) ?? 'null');
    sessionStorage.removeItem(PROGRESS_LOADED_KEY);
  } catch {
    loaded = null;
  }
  const { file, count } = (typeof loaded === 'object' && loaded !== null ? loaded : {}) as {
    file?: unknown;
    count?: unknown;
  };
  if (typeof file !== 'string' || typeof count !== 'number') return;
  const parts = partsOf(box);
  tell(parts, parts.say('transfer.loaded', { file, count }), 'ok');
}
