// The type checker loaded ahead of use (src/type-service/preload.ts): once an editor has stayed in view
// for the dwell, counted from the page's load and first idle moment, and then in an idle moment; never
// for an editor that leaves before, never while the page is hidden, never for a reader who saves data,
// once per page. The page is the test's own (a clock moved by hand, views set by hand): no global
// changed, no fake timers.

import { describe, expect, it } from 'vitest';
import { PRELOAD_DWELL_MS, Preloader, type PreloadPage } from '../../../src/type-service/preload.ts';

class TestPage implements PreloadPage {
  now = 0;
  shown = true;
  saving = false;
  private timers: { at: number; then: () => void }[] = [];
  private idles: (() => void)[] = [];
  private loaded: (() => void)[] = [];
  private readonly views = new Map<Element, (inView: boolean) => void>();
  private visibility: (() => void)[] = [];

  watch(target: Element, change: (inView: boolean) => void): () => void {
    this.views.set(target, change);
    change(false);
    return () => this.views.delete(target);
  }
  afterLoad(then: () => void): void {
    this.loaded.push(then);
  }
  after(ms: number, then: () => void): () => void {
    const timer = { at: this.now + ms, then };
    this.timers.push(timer);
    return () => (this.timers = this.timers.filter((t) => t !== timer));
  }
  whenIdle(then: () => void): () => void {
    this.idles.push(then);
    return () => (this.idles = this.idles.filter((t) => t !== then));
  }
  onVisibility(change: () => void): void {
    this.visibility.push(change);
  }
  visible = () => this.shown;
  savingData = () => this.saving;

  /** The page has loaded and been idle once. */
  load(): void {
    for (const then of this.loaded.splice(0)) then();
  }
  /** Moves the clock on, running the timers due. */
  wait(ms: number): void {
    this.now += ms;
    const due = this.timers.filter((t) => t.at <= this.now);
    this.timers = this.timers.filter((t) => t.at > this.now);
    for (const timer of due) timer.then();
  }
  /** An idle moment: every idle callback waiting runs. */
  idle(): void {
    for (const then of this.idles.splice(0)) then();
  }
  view(target: Element, inView: boolean): void {
    this.views.get(target)?.(inView);
  }
  setShown(shown: boolean): void {
    this.shown = shown;
    for (const change of this.visibility) change();
  }
  get watching(): number {
    return this.views.size;
  }
}

/** A page, its preloader, two editors, and the preloads asked for (by editor name). */
function setup(wanted = () => true) {
  const page = new TestPage();
  const preloader = new Preloader(page, wanted);
  const preloads: string[] = [];
  const a = {} as Element;
  const b = {} as Element;
  preloader.add(a, () => preloads.push('a'));
  preloader.add(b, () => preloads.push('b'));
  return { page, preloader, preloads, a, b };
}

describe('the type checker preloaded once an editor has been read a moment', () => {
  it('an editor in view for the dwell, then an idle moment: one preload, with that editor; the watch ends', () => {
    const { page, preloads, a } = setup();
    page.load();
    page.view(a, true);
    page.wait(PRELOAD_DWELL_MS - 1);
    page.idle();
    expect(preloads).toEqual([]);
    page.wait(1);
    expect(preloads).toEqual([]); // the dwell is over: now the idle moment
    page.idle();
    expect(preloads).toEqual(['a']);
    expect(page.watching).toBe(0);
    page.wait(10 * PRELOAD_DWELL_MS);
    page.idle();
    expect(preloads).toEqual(['a']);
  });

  it('nothing before the page has loaded and been idle: the dwell starts then', () => {
    const { page, preloads, a } = setup();
    page.view(a, true);
    page.wait(5 * PRELOAD_DWELL_MS);
    page.idle();
    expect(preloads).toEqual([]);
    page.load();
    page.wait(PRELOAD_DWELL_MS - 1);
    page.idle();
    expect(preloads).toEqual([]);
    page.wait(1);
    page.idle();
    expect(preloads).toEqual(['a']);
  });

  it('scrolled past: an editor leaving before the dwell is over starts nothing; back in view, it starts again', () => {
    const { page, preloads, a, b } = setup();
    page.load();
    for (const editor of [a, b, a, b]) {
      page.view(editor, true);
      page.wait(PRELOAD_DWELL_MS / 4);
      page.view(editor, false);
      page.idle();
    }
    page.wait(10 * PRELOAD_DWELL_MS);
    page.idle();
    expect(preloads).toEqual([]);
    page.view(b, true);
    page.wait(PRELOAD_DWELL_MS / 2);
    page.view(b, false);
    page.view(b, true);
    page.wait(PRELOAD_DWELL_MS / 2);
    page.idle();
    expect(preloads).toEqual([]);
    page.wait(PRELOAD_DWELL_MS / 2);
    page.idle();
    expect(preloads).toEqual(['b']);
  });

  it('an editor that leaves while the preload waits for an idle moment starts nothing', () => {
    const { page, preloads, a } = setup();
    page.load();
    page.view(a, true);
    page.wait(PRELOAD_DWELL_MS);
    page.view(a, false);
    page.idle();
    expect(preloads).toEqual([]);
  });

  it('a hidden page counts no dwell; shown again, the dwell starts again', () => {
    const { page, preloads, a } = setup();
    page.load();
    page.view(a, true);
    page.wait(PRELOAD_DWELL_MS / 2);
    page.setShown(false);
    page.wait(2 * PRELOAD_DWELL_MS);
    page.idle();
    expect(preloads).toEqual([]);
    page.setShown(true);
    page.wait(PRELOAD_DWELL_MS - 1);
    page.idle();
    expect(preloads).toEqual([]);
    page.wait(1);
    page.idle();
    expect(preloads).toEqual(['a']);
  });

  it('two editors in view: the first dwell over preloads, once for the page', () => {
    const { page, preloads, a, b } = setup();
    page.load();
    page.view(a, true);
    page.wait(PRELOAD_DWELL_MS / 2);
    page.view(b, true);
    page.wait(PRELOAD_DWELL_MS);
    page.idle();
    page.wait(PRELOAD_DWELL_MS);
    page.idle();
    expect(preloads).toEqual(['a']);
  });

  it('a reader saving data, or a checker already started by a learner: no preload, nothing watched', () => {
    const saving = new TestPage();
    saving.saving = true;
    const preloads: string[] = [];
    const editor = {} as Element;
    new Preloader(saving, () => true).add(editor, () => preloads.push('a'));
    expect(saving.watching).toBe(0);

    let idle = true;
    const { page, a, preloads: started } = setup(() => idle);
    page.load();
    page.view(a, true);
    page.wait(PRELOAD_DWELL_MS);
    idle = false; // a learner focused an editor meanwhile: the checker loads anyway
    page.idle();
    expect(started).toEqual([]);
    expect(page.watching).toBe(0);

    const later = setup();
    later.page.load();
    later.page.view(later.a, true);
    later.preloader.stop();
    later.page.wait(PRELOAD_DWELL_MS);
    later.page.idle();
    expect(later.preloads).toEqual([]);
    expect(preloads).toEqual([]);
  });

  it('the reader starts saving data during the dwell: no preload', () => {
    const { page, preloads, a } = setup();
    page.load();
    page.view(a, true);
    page.wait(PRELOAD_DWELL_MS);
    page.saving = true;
    page.idle();
    expect(preloads).toEqual([]);
  });
});
