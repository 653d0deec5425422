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
// 390 px. So once the page is idle, each waiting stamp lays its content out once, hidden and at its
// own width, reads its height and keeps exactly that room (`data-reserved`); the copy is removed at
// once, the page's DOM stays light. Stamped early or late, the content then takes the very room that
// was kept for it.

const arrivals = new Map<Element, () => void>();
let nearObserver: IntersectionObserver | undefined;

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
  forget(element);
}

/** Stamps every <ga-stamp> inside `root` now (a demo about to start needs its markup). */
export function stampAll(root: ParentNode): void {
  for (const element of root.querySelectorAll<HTMLElement>('ga-stamp:not([data-stamped])')) stamp(element);
}

/** The stamps still holding their template, to measure. */
const waiting = new Set<HTMLElement>();

/** Keeps exactly the height a stamp's content will take (see the top of this file). */
function reserve(element: HTMLElement): void {
  const template = element.querySelector(':scope > template');
  if (!(template instanceof HTMLTemplateElement) || !element.isConnected) return;
  const probe = document.createElement('div');
  probe.className = 'ga-stamp-probe';
  probe.inert = true;
  probe.append(template.content.cloneNode(true));
  element.append(probe);
  const height = probe.getBoundingClientRect().height;
  probe.remove();
  // Not laid out (inside something hidden): keep the server's guess and measure again later.
  if (height === 0) return;
  element.style.minHeight = `${height}px`;
  element.dataset.reserved = '';
}

const idle = () =>
  new Promise<void>((resolve) => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: 500 });
    else setTimeout(resolve, 1);
  });

/** Whether a pass is under way: a stamp that starts waiting during one is measured by it. */
let measuring = false;

/** Measures the waiting stamps, nearest to the viewport first, one per idle moment. */
function measureWaiting(): void {
  if (measuring) return;
  measuring = true;
  // Nothing waits for the pass: each stamp takes its height as the pass reaches it.
  void (async () => {
    if (document.readyState !== 'complete')
      await new Promise((resolve) => addEventListener('load', resolve, { once: true }));
    // Fonts change widths, so line breaks, so heights: measure with the fonts the content will have.
    await document.fonts?.ready;
    const distance = (element: HTMLElement) => {
      const box = element.getBoundingClientRect();
      return box.top > innerHeight ? box.top - innerHeight : box.bottom < 0 ? -box.bottom : 0;
    };
    while (true) {
      const next = [...waiting]
        .filter((element) => !('reserved' in element.dataset))
        .sort((a, b) => distance(a) - distance(b))[0];
      if (!next) break;
      await idle();
      if (!waiting.has(next)) continue;
      reserve(next);
      if (!('reserved' in next.dataset)) waiting.delete(next); // hidden: a later resize measures it again
    }
  })().finally(() => {
    measuring = false;
  });
}

let width = 0;

export function defineStamp(): void {
  if (customElements.get('ga-stamp')) return;
  width = innerWidth;
  // Another width (a phone turned, a window resized) makes other heights: measure again.
  addEventListener('resize', () => {
    if (innerWidth === width) return;
    width = innerWidth;
    for (const element of document.querySelectorAll<HTMLElement>('ga-stamp:not([data-stamped])')) {
      delete element.dataset.reserved;
      waiting.add(element);
    }
    measureWaiting();
  });
  customElements.define(
    'ga-stamp',
    class extends HTMLElement {
      connectedCallback(): void {
        whenNear(this, () => stamp(this));
        if (!this.isConnected || 'stamped' in this.dataset) return;
        waiting.add(this);
        measureWaiting();
      }

      disconnectedCallback(): void {
        forget(this);
        waiting.delete(this);
      }
    },
  );
}
