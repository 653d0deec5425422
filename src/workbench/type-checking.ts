// The type checker in a workbench: its editor extensions (editor.ts), the line under the editor that
// says what TypeScript found, polite announcements for screen readers, and after a check the number
// of type problems beside the verdict, with a link to the first. Types never decide the verdict: the
// check is what the cases say, and this only adds a line to its report. The editor also asks for the
// checker to be loaded ahead of use once it has been read a moment (preload.ts); until the learner
// uses an editor, the line keeps its first sentence, and only `data-worker` tells the worker's state.

import { EditorSelection, type Extension } from '@codemirror/state';
import type { Command, EditorView } from '@codemirror/view';
import type { WorkbenchContext } from './exercise-parts.ts';
import { typeClient, type TypeClient, type TypeState } from '../type-service/client.ts';
import { typeEditor } from '../type-service/editor.ts';
import { exerciseFile } from '../type-service/files.ts';
import { preloadWhenRead } from '../type-service/preload.ts';
import { Strings, type Translate } from '../demo-kit/strings.ts';
import { hashCode } from './exercise-store.ts';

/**
 * How long the count of problems must hold still before it is announced (typing makes and mends problems all the time).
 */
const ANNOUNCE_AFTER_MS = 1500;

const isApple = (): boolean => /Mac|iPhone|iPad|iPod/i.test(navigator.platform || navigator.userAgent);

export class TypeChecking {
  readonly extensions: Extension[];
  private readonly client: TypeClient;
  private readonly file: string;
  private readonly say: Translate;
  private readonly context: WorkbenchContext;
  private readonly status: HTMLElement | null;
  private readonly live: HTMLElement | null;
  private readonly whenReady: (view: EditorView) => void;
  private readonly next: Command;
  private view: EditorView | null = null;
  private count: number | null = null;
  private announced: number | null = null;
  private announceTimer = 0;

  constructor(context: WorkbenchContext) {
    this.context = context;
    const { host, section, locale, id } = context;
    this.client = typeClient(locale);
    this.file = exerciseFile(id);
    this.say = new Strings(host, 'exercise').t;
    this.status = section.querySelector<HTMLElement>('[data-types]');
    this.live = section.querySelector<HTMLElement>('[data-types-live]');
    const { say } = this;
    const { extensions, ready, next } = typeEditor({
      client: this.client,
      file: this.file,
      onChecked: (text, problems) => this.showCount(text, problems.length),
      announce: (text) => {
        // Said now, instead of a count still waiting to be said.
        window.clearTimeout(this.announceTimer);
        this.announced = this.count;
        this.announce(text);
      },
      describeAt: (line, message) => say('types.at', { line, message }),
    });
    this.extensions = extensions;
    this.whenReady = ready;
    this.next = next;
    this.client.onState((state) => this.onState(state));
  }

  /** The editor the extensions are in. */
  attach(view: EditorView): void {
    this.view = view;
    if (this.client.inUse && this.client.state === 'ready') this.whenReady(view);
    else this.onState(this.client.state);
    preloadWhenRead(this.client, view.dom, () => ({ file: this.file, text: view.state.doc.toString() }));
  }

  /** The learner started using the editor: the page's checker loads (once for all workbenches). */
  start(): void {
    this.client.start(this.view ? { file: this.file, text: this.view.state.doc.toString() } : undefined);
  }

  /**
   * After a check that ran the cases: asks the checker about the code that ran (starting it if need
   * be) and adds to the report the number of type problems, with a link to the first; nothing when
   * there are none.
   */
  async annotate(code: string): Promise<void> {
    const report = this.context.parts.summary.querySelector<HTMLElement>('.exercise-report');
    if (!report) return;
    this.start(); // a check is a use: the line says the checker's state from now on
    if (this.client.state === 'failed') return;
    const problems = await this.client
      .request({ type: 'problems', file: this.file, text: code, keep: true })
      .catch(() => null);
    const found = problems ?? [];
    if (found.length === 0 || !report.isConnected) return;
    const first = found[0]!;
    const line = code.slice(0, first.from).split('\n').length;
    const note = document.createElement('p');
    note.className = 'note exercise-types-report';
    note.dataset.typesReport = String(found.length);
    note.append(this.say('types.inReport', { count: found.length }), ' ');
    const link = document.createElement('a');
    link.href = `#${this.context.section.id}`;
    link.textContent = this.say('types.first', { line });
    link.addEventListener('click', (event) => {
      event.preventDefault();
      this.goToFirst();
    });
    note.append(link);
    report.querySelector('.exercise-summary')?.after(note);
  }

  /** The editor focused on its first type problem (F8 from the end wraps to the first), and that problem said. */
  private goToFirst(): void {
    const view = this.view;
    if (!view) return;
    view.focus();
    view.dispatch({ selection: EditorSelection.cursor(view.state.doc.length) });
    this.next(view);
  }

  private onState(state: TypeState): void {
    // The worker's own state, preloaded or not (for the tests and the benchmark).
    if (this.status) this.status.dataset.worker = state;
    // Preloaded, not yet used: the editor and its line say nothing of it (the line's first sentence,
    // that TypeScript checks the types once the learner starts editing, stays true).
    if (!this.client.inUse) {
      if (this.status) this.status.dataset.state = 'idle';
      return;
    }
    if (this.status) this.status.dataset.state = state;
    if (state === 'ready' && this.view) this.whenReady(this.view);
    if (state === 'loading') this.setStatus(this.say('types.loading'));
    else if (state === 'failed') this.setStatus(this.say('types.failed', { message: this.client.failure }));
  }

  /**
   * What TypeScript found in the editor's text; the line says it (and carries a hash of the text it is about, for the
   * tests and the benchmark).
   */
  private showCount(text: string, count: number): void {
    this.count = count;
    if (this.status) this.status.dataset.checked = hashCode(text);
    if (count === 0) this.setStatus(this.say('types.none'));
    else this.setStatus(this.say('types.count', { count }), this.say(isApple() ? 'types.keysMac' : 'types.keys'));
    window.clearTimeout(this.announceTimer);
    this.announceTimer = window.setTimeout(() => {
      // The first count after loading is said only when there is something to say.
      if (this.count === this.announced || (this.announced === null && this.count === 0)) return;
      this.announced = this.count;
      this.announce(this.count === 0 ? this.say('types.none') : this.say('types.count', { count: this.count ?? 0 }));
    }, ANNOUNCE_AFTER_MS);
  }

  private setStatus(text: string, keys?: string): void {
    const status = this.status;
    if (!status) return;
    status.replaceChildren(text);
    if (keys) {
      const span = document.createElement('span');
      span.className = 'exercise-types-keys';
      span.textContent = ' ' + keys;
      status.append(span);
    }
    status.dataset.state = this.client.state;
    if (this.count !== null) status.dataset.count = String(this.count);
  }

  private announce(text: string): void {
    const live = this.live;
    if (!live) return;
    live.textContent = '';
    window.setTimeout(() => (live.textContent = text), 50);
  }
}
