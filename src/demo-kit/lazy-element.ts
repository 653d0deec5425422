// The one piece of a widget that loads with the page: it defines the custom element and loads the
// widget's real code only when the element comes near the viewport (or is first used).

import { stampAll } from './deferred.ts';

export interface Widget {
  /** Builds the widget inside `host`; called once. */
  mount(host: HTMLElement): void | Promise<void>;
}

type Trigger = 'visible' | 'interaction';

export function defineLazyElement(tag: string, load: () => Promise<Widget>, trigger: Trigger = 'visible'): void {
  if (customElements.get(tag)) return;
  customElements.define(
    tag,
    class extends HTMLElement {
      private started = false;
      private observer: IntersectionObserver | undefined;

      connectedCallback(): void {
        this.dataset.lazy = trigger; // what starts it, for styles and tests: coming into view, or a use
        if (trigger === 'visible' && 'IntersectionObserver' in window) {
          this.observer = new IntersectionObserver(
            (entries) => {
              if (entries.some((entry) => entry.isIntersecting)) this.start();
            },
            { rootMargin: '200px 0px' },
          );
          this.observer.observe(this);
        }
        // Any use also starts it: a click, a key, focus arriving by keyboard.
        for (const type of ['pointerdown', 'focusin', 'keydown'] as const)
          this.addEventListener(type, () => this.start(), { once: true });
      }

      disconnectedCallback(): void {
        this.observer?.disconnect();
      }

      start(): void {
        if (this.started) return;
        this.started = true;
        this.observer?.disconnect();
        this.setAttribute('aria-busy', 'true');
        stampAll(this); // its server-rendered results, if they were still waiting off screen
        load()
          .then((widget) => widget.mount(this))
          .then(
            () => this.setAttribute('data-ready', ''),
            (error: unknown) => {
              console.error(error);
              const message = this.querySelector<HTMLElement>('[data-load-error]');
              if (message) message.hidden = false;
            },
          )
          .finally(() => this.removeAttribute('aria-busy'));
      }
    },
  );
}
