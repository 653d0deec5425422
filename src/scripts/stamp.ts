// <ga-stamp>: puts its <template>'s content in the page when it comes within a screen and a half of
// the viewport (see Stamp.astro). stampAll() does it at once for everything inside an element.

/** Puts the template's content in place of the template; the element keeps no reserved height. */
function stamp(element: HTMLElement): void {
  const template = element.querySelector(':scope > template');
  if (!(template instanceof HTMLTemplateElement)) return;
  template.replaceWith(template.content);
  element.style.minHeight = '';
  element.dataset.stamped = '';
}

/** Stamps every <ga-stamp> inside `root` now (a demo about to start needs its markup). */
export function stampAll(root: ParentNode): void {
  for (const element of root.querySelectorAll<HTMLElement>('ga-stamp:not([data-stamped])')) stamp(element);
}

let observer: IntersectionObserver | undefined;

export function defineStamp(): void {
  if (customElements.get('ga-stamp')) return;
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
      }

      disconnectedCallback(): void {
        observer?.unobserve(this);
      }
    },
  );
}
