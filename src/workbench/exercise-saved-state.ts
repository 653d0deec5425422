// The learner's state of one exercise (exercise-store.ts), kept in step with the store: the code as
// it is typed (debounced, and written at once before a check or when the page goes away), every
// other change at once. A write the browser refuses is reported once, and again only after a
// write has succeeded.

import { debounce } from '../demo-kit/kit-client.ts';
import { hashCode, readExercise, writeExercise, type ExerciseState } from './exercise-store.ts';

/** Why the last writes failed (null: they succeed again). */
export type SaveProblem = 'storageOff' | 'saveFailed' | null;

function storageBlocked(): boolean {
  try {
    return !window.localStorage;
  } catch {
    return true;
  }
}

export class SavedState {
  readonly state: ExerciseState;
  /** The starter code in the page's language, once loaded: the code the store keeps as null. */
  starter = '';
  private pendingCode: string | null = null;
  private readonly debouncedSave = debounce(() => this.flush(), 400);
  private saveFailed = false;

  private readonly id: string;
  private readonly onProblem: (problem: SaveProblem) => void;

  constructor(id: string, onProblem: (problem: SaveProblem) => void) {
    this.id = id;
    this.onProblem = onProblem;
    this.state = readExercise(id);
  }

  /** What identifies the code a result is for: the starter (in any language) is one and the same. */
  codeHash(code: string): string {
    return code === this.starter ? 'starter' : hashCode(code);
  }

  saveCode(code: string): void {
    this.pendingCode = code;
    this.debouncedSave();
  }

  flush(): void {
    if (this.pendingCode !== null) {
      this.state.code = this.pendingCode === this.starter ? null : this.pendingCode;
      this.pendingCode = null;
    }
    this.persist();
  }

  persist(): void {
    const ok = writeExercise(this.id, this.state);
    if (!ok && !this.saveFailed) this.onProblem(storageBlocked() ? 'storageOff' : 'saveFailed');
    else if (ok && this.saveFailed) this.onProblem(null);
    this.saveFailed = !ok;
  }

  /** The solution (or a prediction's answer) has been shown: a later solve counts as helped. */
  markRevealed(): void {
    if (this.state.revealed) return;
    this.state.revealed = true;
    this.persist();
  }
}
