// <ga-stamp>: puts its <template>'s content in the page when it comes within a screen and a half of
// the viewport (see Stamp.astro). stampAll() does it at once for everything inside an element.
//
// The room it keeps until then must be the content's own height, or whatever follows jumps when the
// content arrives. The server can only guess that height (it depends on the width, the language and
// the fonts), and on a busy phone the stamp may come late, with the box already in view: the guess
// alone made the lesson jump by up to 1,600 px at 390 px. So once the page is idle, each waiting
// stamp lays its content out once, hidden and at its own width, reads its height and keeps exactly
// that room (`data-reserved`); the copy is removed at once, the page's DOM stays light. Stamped
// early or late, the content then takes the very room that was kept for it.

/** Puts the template's content in place of the template; the element keeps no reserved height. */
function stamp(element: HTMLElement): void {
  const template = element.querySelector(':scope > template');
  if (!(template instanceof HTMLTemplateElement)) return;
  template.replaceWith(template.content);
  element.style.minHeight = '';
  element.dataset.stamped = '';
  waiting.delete(element);
}

/** Stamps every <ga-stamp> inside `root` now (a demo about to start needs its markup). */
export function stampAll(root: ParentNode): void {
  for (const element of root.querySelectorAll<HTMLElement>('ga-stamp:not([data-stamped])')) stamp(element);
}

/** The stamps still holding their template, to measure. */
const waiting = new Set<HTMLElement>();

/** Keeps exactly the height the element's content will take (see the top of this file). */
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
    if (document.readyState !== 'complete') await new Promise((resolve) => addEventListener('load', resolve, { once: true }));
    // Fonts change widths, so line breaks, so heights: measure with the fonts the content will have.
    await document.fonts?.ready;
    const distance = (element: HTMLElement) => {
      const box = element.getBoundingClientRect();
      return box.top > innerHeight ? box.top - innerHeight : box.bottom < 0 ? -box.bottom : 0;
    };
    while (true) {
      const next = [...waiting].filter((element) => !('reserved' in element.dataset)).sort((a, b) => distance(a) - distance(b))[0];
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

let observer: IntersectionObserver | undefined;
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
        if (!('IntersectionObserver' in window)) return stamp(this);
        observer ??= new IntersectionObserver(
          (entries) => {
            for (const entry of entries) {
              if (!entry.isIntersecting) continue;
              observer?.unobserve(entry.target);
              stamp(entry.target as HTMLElement);
            }
          },
          { rootMargin: '150% 0px' },
        );
        observer.observe(this);
        waiting.add(this);
        measureWaiting();
      }

      disconnectedCallback(): void {
        observer?.unobserve(this);
        waiting.delete(this);
      }
    },
  );
}
