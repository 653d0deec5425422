// Markup rendered on the server into a <template> (not part of the document) and put in the page
// only when it comes within a screen and a half of the viewport: a long lesson page thus loads
// light (the DOM budget) and still has everything in place before the reader gets there. One
// mechanism, two users:
// - <ga-stamp> (Stamp.astro): the template's content takes the template's place, or at once when a
//   demo starts (stampAll, lazy-element.ts);
// - the exercise workbench (src/workbench/exercise-unpack.ts): its parts go to their slots around
//   the editor (unpackTemplate's `place`).
//
// A <ga-stamp> keeps room for its content until then, and that room must be the content's own
// height, or whatever follows jumps when the content arrives. The server can only guess that height
// (it depends on the width, the language and the fonts), and on a busy phone the stamp may come
// late, with the box already in view: the guess alone made the lesson jump by up to 1,600 px at
// 390 px. So once a stamp comes within MEASURE_SCREENS screens of the viewport, it lays its content
// out once at the next idle moment, hidden and at its own width, reads its height and keeps exactly
// that room (`data-reserved`); the copy is removed at once, the page's DOM stays light. Stamped early
// or late, the content then takes the very room that was kept for it. Stamps further down wait: a
// page that has just loaded measures the few near its top, not the whole lesson at once.
//
// Why a measure, and why this way:
// - Not `content-visibility: auto` with `contain-intrinsic-size: auto <guess>` alone
//   (https://developer.mozilla.org/docs/Web/CSS/content-visibility), which the page's demos and
//   figures have (src/styles/course.css): it keeps room for a block not yet rendered, but not for
//   a stamp inside a block already rendered, and a stamp's content in the document from the start
//   would take the lesson's 1,200 or so elements over the 1,500 a page may have before the reader
//   touches it (test/dist/pages.test.ts, test/e2e/source-code.spec.ts).
// - A measure costs the style and layout of one copy, never a layout of the page: the copy sits in
//   a box of `contain: strict` (Stamp.astro), whose size does not depend on its content, so laying
//   the copy out moves nothing around it (https://drafts.csswg.org/css-contain-2/#containment-size).
//   A slice reads all its heights first and writes the rooms last, and the next slice runs in the
//   next idle period, which starts only once the browser has rendered a frame, so the page has been
//   laid out again by then (https://w3c.github.io/requestidlecallback/#start-an-idle-period-algorithm).
//   No read ever waits for a layout of the whole page, which costs a phone far more than one copy.
// - A slice ends within the idle deadline and within SLICE_MS, so that no task of this file is a
//   long task (50 ms: https://w3c.github.io/longtasks/), neither on a phone nor in Lighthouse's
//   mobile figures, which count each task four times as long as it took on the machine that
//   measured it (https://github.com/GoogleChrome/lighthouse/blob/main/docs/throttling.md). A slice
//   holds at least one copy, laid out whole: the copy of a large demo can alone take longer, which
//   is why only the stamps near the viewport are measured, never the whole lesson while it loads.
// - Nothing here reads a size before the page's first layout (not even `innerWidth`, which makes the
//   browser lay the page out there and then): that layout is the browser's own, in its own frame.

import { idle } from './idle.ts';

const arrivals = new Map<Element, () => void>();
let nearObserver: IntersectionObserver | undefined;

/**
 * How near, in screens, a stamp must come to be measured: far enough ahead that a reader flicking
 * down a phone reaches it only after the next idle moment has measured it (a stamp is put in place
 * at a screen and a half), near enough that a page just loaded measures only the stamps of its first
 * screens.
 */
export const MEASURE_SCREENS = 4;
let measureObserver: IntersectionObserver | undefined;
/** The boxes the observer watches, each with the stamps it holds that wait for a measure. */
const watched = new Map<Element, Set<HTMLElement>>();

/**
 * The box to watch for a stamp: the block of the lesson's text that holds it, or the stamp itself
 * outside the text. The blocks rendered only near the viewport are the text's own children
 * (`content-visibility: auto`, src/styles/course.css), and what such a block holds has no layout
 * while it waits to be rendered (https://drafts.csswg.org/css-contain-2/#content-visibility), so an
 * observer never sees it come near: only the block itself does. Found by its place in the page, not
 * by its style: reading the style of an element inside a block not yet rendered makes the browser
 * lay that whole block out, four of them in the lesson's first second on a phone.
 */
function boxToWatch(element: HTMLElement): Element {
  return element.closest('.sl-markdown-content > *') ?? element;
}

/** Measures `element` once it comes within MEASURE_SCREENS screens (at once without IntersectionObserver). */
function measureWhenNear(element: HTMLElement): void {
  if (!('IntersectionObserver' in window)) {
    waiting.add(element);
    return measureWaiting();
  }
  measureObserver ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        measureObserver?.unobserve(entry.target);
        for (const stamp of watched.get(entry.target) ?? []) waiting.add(stamp);
        watched.delete(entry.target);
      }
      measureWaiting();
    },
    { rootMargin: `${MEASURE_SCREENS * 100}% 0px` },
  );
  const box = boxToWatch(element);
  const stamps = watched.get(box) ?? new Set();
  stamps.add(element);
  watched.set(box, stamps);
  measureObserver.observe(box);
}

/** Stops watching for `element`'s measure. */
function unwatch(element: HTMLElement): void {
  for (const [box, stamps] of watched) {
    if (!stamps.delete(element) || stamps.size > 0) continue;
    watched.delete(box);
    measureObserver?.unobserve(box);
  }
}

/**
 * Calls `arrive` once, when `element` comes within a screen and a half of the viewport (at once in a
 * browser without IntersectionObserver).
 */
export function whenNear(element: Element, arrive: () => void): void {
  if (!('IntersectionObserver' in window)) return arrive();
  nearObserver ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const run = arrivals.get(entry.target);
        forget(entry.target);
        run?.();
      }
    },
    { rootMargin: '150% 0px' },
  );
  arrivals.set(element, arrive);
  nearObserver.observe(element);
}

/** Stops waiting for `element` (it left the page, or its content was put in place another way). */
export function forget(element: Element): void {
  arrivals.delete(element);
  nearObserver?.unobserve(element);
}

/**
 * Puts a template's content in the page. Each element at its top level marked `data-into` is handed
 * to `place` with that name (and loses the attribute); the rest takes the template's place.
 */
export function unpackTemplate(template: HTMLTemplateElement, place?: (part: HTMLElement, into: string) => void): void {
  const content = template.content;
  // The fragment's own children: a selector such as `:scope > [data-into]` finds nothing in a
  // DocumentFragment (`:scope` there is the fragment, which no selector can match).
  for (const part of [...content.children]) {
    const into = part.getAttribute('data-into');
    if (into === null) continue;
    part.removeAttribute('data-into');
    place?.(part as HTMLElement, into);
  }
  template.replaceWith(content);
}

/** Puts the template's content in place of the template; the element keeps no reserved height. */
function stamp(element: HTMLElement): void {
  const template = element.querySelector(':scope > template');
  if (!(template instanceof HTMLTemplateElement)) return;
  unpackTemplate(template);
  element.style.minHeight = '';
  element.dataset.stamped = '';
  waiting.delete(element);
  unwatch(element);
  forget(element);
}

/** Stamps every <ga-stamp> inside `root` now (a demo about to start needs its markup). */
export function stampAll(root: ParentNode): void {
  for (const element of root.querySelectorAll<HTMLElement>('ga-stamp:not([data-stamped])')) stamp(element);
}

/** The stamps near enough to measure, still holding their template. */
const waiting = new Set<HTMLElement>();

/**
 * How long a slice of measures may go on, in ms: a slice measures one more stamp only while the time
 * the last one took still fits within this and the idle deadline; it measures at least one, however
 * long that takes. A copy takes a desktop a few milliseconds to lay out, and a phone four times as
 * long: there, each stamp gets an idle moment of its own.
 */
const SLICE_MS = 5;

/** Lays out a hidden copy of the stamp's content at the stamp's width; its height, 0 if not laid out. */
function probe(element: HTMLElement, template: HTMLTemplateElement): { copy: HTMLElement; height: number } {
  const copy = document.createElement('div');
  copy.className = 'ga-stamp-probe';
  copy.inert = true;
  // The box of `contain: strict` has no height of its own: the content's own box has the height.
  const content = document.createElement('div');
  content.append(template.content.cloneNode(true));
  copy.append(content);
  element.append(copy);
  return { copy, height: content.getBoundingClientRect().height };
}

/** Whether a pass is under way: a stamp that starts waiting during one is measured by it. */
let measuring = false;

/** The viewport's width at the last slice of measures; unknown before the first. */
let width: number | undefined;

/** Measures the waiting stamps, nearest to the viewport first, a slice at a time (see the top). */
function measureWaiting(): void {
  if (measuring) return;
  measuring = true;
  // Nothing waits for the pass: each stamp takes its height as the pass reaches it.
  void (async () => {
    if (document.readyState !== 'complete')
      await new Promise((resolve) => addEventListener('load', resolve, { once: true }));
    // Fonts change widths, so line breaks, so heights: measure with the fonts the content will have.
    await document.fonts?.ready;
    while (true) {
      const deadline = await idle(500);
      // The page has been laid out since the last slice wrote its rooms: these reads cost little (a
      // block not yet rendered is laid out for them, as it would be for the measure itself).
      width = innerWidth;
      const distance = (element: HTMLElement) => {
        const box = element.getBoundingClientRect();
        return box.top > innerHeight ? box.top - innerHeight : box.bottom < 0 ? -box.bottom : 0;
      };
      const order = [...waiting]
        .filter((element) => !('reserved' in element.dataset))
        .map((element) => ({ element, distance: distance(element) }))
        .sort((a, b) => a.distance - b.distance);
      if (order.length === 0) break;
      const start = performance.now();
      let last = 0;
      const measured: { element: HTMLElement; copy: HTMLElement; height: number }[] = [];
      for (const { element } of order) {
        const left = Math.min(SLICE_MS - (performance.now() - start), deadline?.timeRemaining() ?? SLICE_MS);
        if (measured.length > 0 && last > left) break;
        const template = element.querySelector(':scope > template');
        if (!(template instanceof HTMLTemplateElement) || !element.isConnected) {
          waiting.delete(element);
          continue;
        }
        const before = performance.now();
        measured.push({ element, ...probe(element, template) });
        last = performance.now() - before;
      }
      // The rooms, all at once: the page is laid out again once, in its next frame.
      for (const { element, copy, height } of measured) {
        copy.remove();
        if (height === 0) {
          // Not laid out (inside something hidden): it keeps the server's guess; a resize measures it again.
          waiting.delete(element);
          continue;
        }
        element.style.minHeight = `${height}px`;
        element.dataset.reserved = '';
      }
    }
  })().then(
    () => {
      measuring = false;
      // A stamp that came near between the last slice and this moment found a pass under way that
      // was already ending: it gets a pass of its own.
      if ([...waiting].some((element) => !('reserved' in element.dataset))) measureWaiting();
    },
    () => {
      measuring = false;
    },
  );
}

export function defineStamp(): void {
  if (customElements.get('ga-stamp')) return;
  // Another width (a phone turned, a window resized) makes other heights: measure again.
  addEventListener('resize', () => {
    if (width === undefined || innerWidth === width) return; // nothing measured yet, or the same width
    width = innerWidth;
    for (const element of document.querySelectorAll<HTMLElement>('ga-stamp:not([data-stamped])')) {
      delete element.dataset.reserved;
      waiting.delete(element);
      unwatch(element);
      measureWhenNear(element);
    }
  });
  customElements.define(
    'ga-stamp',
    class extends HTMLElement {
      connectedCallback(): void {
        whenNear(this, () => stamp(this));
        if (!this.isConnected || 'stamped' in this.dataset) return;
        measureWhenNear(this);
      }

      disconnectedCallback(): void {
        forget(this);
        unwatch(this);
        waiting.delete(this);
      }
    },
  );
}
