// The type checker loaded ahead of the learner's first key. Its worker takes about 1.4 s to load
// TypeScript and its files and bind the lib files (bench/type-checker.ts): started by the first focus,
// that is the learner's wait. So once an exercise's editor has stayed on screen for a moment and the
// browser is idle, the page's one checker (client.ts) starts loading, binds its lib files and checks
// the editor's text; a learner who reads the exercise before typing then finds it ready. It stays
// silent until the learner uses an editor: no underline, no count, no announcement, and the line under
// the editor keeps saying that TypeScript checks the types once they start editing (workbench.ts).
//
// Never in a page's first load: the clock starts once the page has loaded and been idle once. Never
// for a reader who scrolls past: the editor must stay in view the whole dwell, and leaving cancels it.
// Never when the reader asked to spend less data: Save-Data, `prefers-reduced-data: reduce` or a 2G
// connection (https://developer.mozilla.org/en-US/docs/Web/API/NetworkInformation/saveData). One
// worker per page, as ever: the first editor to complete its dwell preloads it for all.

import type { TypeClient } from './client.ts';

/**
 * How long an editor must stay in view before the checker loads. Long enough that a reader who scrolls
 * past an exercise fetches none of it, and that a page merely loaded does not either: the JavaScript
 * budgets count a page's first load once it has settled — the network quiet for half a second, an
 * idle moment, quiet again (settle() in test/e2e/script-bytes.ts) — and this clock starts only after
 * the page's load and its first idle moment, so the checker's files come after that window even for
 * an exercise in view at load. Short enough that a learner who reads the exercise for a few seconds
 * finds the checker ready when they type: the dwell, an idle moment, then the checker's loading and
 * binding (`npm run bench:types`, "read 3 s, then type").
 */
export const PRELOAD_DWELL_MS = 1000;

/**
 * How much of an editor must be on screen to count as in view: its first lines under the statement
 * being read, not a strip at the edge of the screen (an editor is at most 75 % of the screen's height:
 * exercise-editor.ts, so a quarter of it always fits).
 */
const IN_VIEW_RATIO = 0.25;

/** The longest wait for an idle moment once the dwell is over (a page that animates may never be idle). */
const IDLE_TIMEOUT_MS = 5000;

/** What stands for an idle moment where the browser has no requestIdleCallback (Safari). */
const NO_IDLE_CALLBACK_MS = 300;

/** The page, as the preloader sees it (the browser's in browserPage(); a test's own in the unit tests). */
export interface PreloadPage {
  /** Calls `change` with whether `target` is in view, now and at each change; returns what stops watching. */
  watch(target: Element, change: (inView: boolean) => void): () => void;
  /** Calls `then` once, when the page has loaded and then been idle once. */
  afterLoad(then: () => void): void;
  /** Calls `then` after `ms` milliseconds; returns what cancels it. */
  after(ms: number, then: () => void): () => void;
  /** Calls `then` in the browser's next idle moment; returns what cancels it. */
  whenIdle(then: () => void): () => void;
  /** Calls `change` each time the page is hidden (another tab) or shown again. */
  onVisibility(change: () => void): void;
  visible(): boolean;
  /** The reader asked to spend less data. */
  savingData(): boolean;
}

interface Watched {
  inView: boolean;
  /** Preloads with this editor's text. */
  preload: () => void;
  unwatch: () => void;
  /** Cancels the dwell or the wait for an idle moment under way, if any. */
  cancel: (() => void) | null;
}

/**
 * Watches the page's editors and calls one of their `preload`s, once: after its editor has been in view
 * for PRELOAD_DWELL_MS (counted from the page's first idle moment after its load, and only while the
 * page is shown), then in an idle moment, the editor still in view; or never.
 */
export class Preloader {
  private readonly page: PreloadPage;
  /** Whether a preload is still of use (the checker not started). */
  private readonly wanted: () => boolean;
  private readonly watched = new Map<Element, Watched>();
  private loaded = false;
  private over = false;

  constructor(page: PreloadPage, wanted: () => boolean) {
    this.page = page;
    this.wanted = wanted;
    page.afterLoad(() => {
      this.loaded = true;
      this.updateAll();
    });
    page.onVisibility(() => this.updateAll());
  }

  /** Watches `editor`; `preload` starts the checker with its text. */
  add(editor: Element, preload: () => void): void {
    if (this.over || this.watched.has(editor)) return;
    if (!this.wanted() || this.page.savingData()) return this.stop();
    const entry: Watched = { inView: false, preload, unwatch: () => undefined, cancel: null };
    this.watched.set(editor, entry);
    entry.unwatch = this.page.watch(editor, (inView) => {
      entry.inView = inView;
      this.update(entry);
    });
  }

  /** No preload any more (the checker started, or the reader saves data): every watch and wait ends. */
  stop(): void {
    this.over = true;
    for (const entry of this.watched.values()) {
      entry.cancel?.();
      entry.cancel = null;
      entry.unwatch();
    }
    this.watched.clear();
  }

  private updateAll(): void {
    for (const entry of this.watched.values()) this.update(entry);
  }

  private update(entry: Watched): void {
    if (this.over) return;
    if (!this.loaded || !entry.inView || !this.page.visible()) {
      entry.cancel?.();
      entry.cancel = null;
      return;
    }
    if (entry.cancel) return; // its dwell, or its wait for an idle moment, is under way
    entry.cancel = this.page.after(PRELOAD_DWELL_MS, () => {
      entry.cancel = this.page.whenIdle(() => {
        entry.cancel = null;
        if (this.over || !entry.inView || !this.page.visible()) return;
        const go = this.wanted() && !this.page.savingData();
        this.stop();
        if (go) entry.preload();
      });
    });
  }
}

type Connection = { saveData?: boolean; effectiveType?: string };

/** The browser's page: one IntersectionObserver for every editor, requestIdleCallback where there is one. */
function browserPage(): PreloadPage {
  const whenIdle = (then: () => void): (() => void) => {
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(() => then(), { timeout: IDLE_TIMEOUT_MS });
      return () => cancelIdleCallback(id);
    }
    const id = window.setTimeout(then, NO_IDLE_CALLBACK_MS);
    return () => window.clearTimeout(id);
  };
  const changes = new Map<Element, (inView: boolean) => void>();
  let observer: IntersectionObserver | null = null;
  return {
    watch(target, change) {
      observer ??= new IntersectionObserver(
        (entries) => {
          for (const entry of entries)
            changes.get(entry.target)?.(entry.isIntersecting && entry.intersectionRatio >= IN_VIEW_RATIO - 0.01);
        },
        { threshold: IN_VIEW_RATIO },
      );
      changes.set(target, change);
      observer.observe(target);
      return () => {
        changes.delete(target);
        observer?.unobserve(target);
      };
    },
    afterLoad(then) {
      if (document.readyState === 'complete') whenIdle(then);
      else window.addEventListener('load', () => whenIdle(then), { once: true });
    },
    after(ms, then) {
      const id = window.setTimeout(then, ms);
      return () => window.clearTimeout(id);
    },
    whenIdle,
    onVisibility(change) {
      document.addEventListener('visibilitychange', change);
    },
    visible: () => document.visibilityState === 'visible',
    savingData() {
      const connection = (navigator as Navigator & { connection?: Connection }).connection;
      return (
        connection?.saveData === true ||
        /2g$/.test(connection?.effectiveType ?? '') ||
        window.matchMedia('(prefers-reduced-data: reduce)').matches
      );
    },
  };
}

const preloaders = new WeakMap<TypeClient, Preloader>();

/**
 * Preloads `client` once `editor` has been in view for the dwell and the page is idle, checking the text
 * `first` gives then; nothing if the checker has started already, or where there is no
 * IntersectionObserver.
 */
export function preloadWhenRead(
  client: TypeClient,
  editor: Element,
  first: () => { file: string; text: string },
): void {
  if (client.state !== 'idle' || client.inUse || !('IntersectionObserver' in window)) return;
  let preloader = preloaders.get(client);
  if (!preloader) {
    const made = new Preloader(browserPage(), () => client.state === 'idle' && !client.inUse);
    // Started by a learner (or by a preload): nothing more to watch.
    client.onState(() => made.stop());
    preloaders.set(client, (preloader = made));
  }
  preloader.add(editor, () => client.preload(first()));
}
