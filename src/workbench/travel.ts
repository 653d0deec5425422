// Code that travels, in a workbench: "Copy a link to my code" puts the editor's code in a link
// (share.ts), and a link opened on the page shows its code in the exercise's editor with a notice.
// Opening a link runs nothing and saves nothing: while its code waits for the learner's choice (keep
// it, or go back to what the editor held), the learner's saved code stays as it was.

import type { ExerciseEditor } from './exercise-editor.ts';
import type { WorkbenchContext } from './exercise-parts.ts';
import { h } from '../demo-kit/kit-client.ts';
import { button } from './exercise-render.ts';
import type { SavedState } from './exercise-saved-state.ts';
import { withCurrentStarterLines } from './exercise-store.ts';
import { Strings, type Translate } from '../demo-kit/strings.ts';
import { codeOfFragment, exerciseOfFragment, fragmentFor, type SharedCode } from './share.ts';

export class Travel {
  /** A link's code is in the editor and waits for a choice: nothing is saved meanwhile. */
  holding = false;
  private shared: SharedCode | null = null;
  private previous = '';
  private readonly context: WorkbenchContext;
  private readonly saved: SavedState;
  private readonly maxChars: number;
  private readonly announce: (text: string) => void;
  private readonly say: Translate;

  constructor(context: WorkbenchContext, saved: SavedState, maxChars: number, announce: (text: string) => void) {
    this.context = context;
    this.saved = saved;
    this.maxChars = maxChars;
    this.announce = announce;
    this.say = new Strings(context.host, 'exercise').t;
  }

  /** Reads the link the page was opened with, if it is one to this exercise's code. */
  async read(): Promise<void> {
    if (exerciseOfFragment(location.hash) !== this.context.id) return;
    const shared = await codeOfFragment(location.hash, this.maxChars);
    // A link made with an earlier starter means what it meant then (exercise-store.ts).
    this.shared = 'code' in shared ? { code: withCurrentStarterLines(this.context.id, shared.code) } : shared;
  }

  /** What the editor starts with: the link's code, when it brought other code than the learner's. */
  initialCode(): string {
    this.previous = this.saved.state.code ?? this.saved.starter;
    if (this.shared && 'code' in this.shared && this.shared.code !== this.previous) {
      this.holding = true;
      return this.shared.code;
    }
    return this.previous;
  }

  /** The share button, and the notice of an opened link. */
  attach(editor: ExerciseEditor): void {
    const { section } = this.context;
    section
      .querySelector<HTMLButtonElement>('[data-share]')
      ?.addEventListener('click', () => void this.copyLink(editor));
    const shared = this.shared;
    if (shared === null) return;
    // The page was opened at this exercise (Exercise.astro's script); the workbenches above it may have grown since.
    section.scrollIntoView({ block: 'start' });
    const notice = section.querySelector<HTMLElement>('[data-share-notice]');
    if ('problem' in shared) {
      this.forgetLink();
      this.show(
        notice,
        shared.problem === 'tooLong' ? this.say('share.tooLong', { max: this.maxChars }) : this.say('share.damaged'),
      );
      return;
    }
    if (!this.holding) {
      this.forgetLink(); // the link brought the code the editor already has
      return;
    }
    const keep = button(this.say('share.keep'));
    const back = button(this.say(this.saved.state.code === null ? 'share.backStarter' : 'share.back'));
    keep.dataset.shareKeep = '';
    back.dataset.shareBack = '';
    const done = (message: string) => {
      this.forgetLink();
      this.show(notice, message);
      editor.focus();
    };
    keep.addEventListener('click', () => {
      this.holding = false;
      this.saved.saveCode(editor.getCode());
      this.saved.flush();
      done(this.say('share.kept'));
    });
    back.addEventListener('click', () => {
      this.holding = false;
      editor.replaceCode(this.previous);
      done(this.say('share.backDone'));
    });
    this.show(notice, this.say('share.opened'), [keep, back]);
  }

  private show(notice: HTMLElement | null, message: string, buttons: HTMLButtonElement[] = []): void {
    if (!notice) return;
    const text = h('p', 'exercise-share-text', message);
    notice.replaceChildren(text);
    if (buttons.length > 0) {
      const row = h('div', 'row');
      row.append(...buttons);
      notice.append(row);
    }
    notice.hidden = false;
    this.announce(message);
  }

  /** The address shows the exercise again instead of the link's code (a reload no longer brings it back). */
  private forgetLink(): void {
    if (exerciseOfFragment(location.hash) === null) return;
    history.replaceState(history.state, '', `${location.pathname}${location.search}#${this.context.section.id}`);
  }

  private async copyLink(editor: ExerciseEditor): Promise<void> {
    const status = this.context.section.querySelector<HTMLElement>('[data-share-status]');
    if (!status) return;
    const fragment = await fragmentFor(this.context.id, editor.getCode());
    const link = `${location.origin}${location.pathname}${location.search}${fragment}`;
    status.hidden = false;
    try {
      await navigator.clipboard.writeText(link);
      status.replaceChildren(h('p', 'exercise-share-text', this.say('share.copied')));
      status.dataset.copied = '';
      this.announce(this.say('share.copied'));
    } catch {
      // No clipboard (refused, or an insecure page): the link to copy by hand, selected.
      const input = h('input', 'exercise-share-link');
      input.type = 'text';
      input.readOnly = true;
      input.value = link;
      input.setAttribute('aria-label', this.say('share.linkLabel'));
      status.replaceChildren(h('p', 'exercise-share-text', this.say('share.copyFailed')), input);
      this.announce(this.say('share.copyFailed'));
      delete status.dataset.copied;
      input.focus();
      input.select();
    }
  }
}
