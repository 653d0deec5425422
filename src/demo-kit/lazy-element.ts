// The one piece of a widget that loads with the page: it defines the custom element and loads the
// widget's real code only when the element comes near the viewport (or is first used).
//
// "Comes near" is told by an IntersectionObserver, whose callbacks the browser runs only while it
// renders a frame (https://html.spec.whatwg.org/multipage/webappapis.html#update-the-rendering, step
// "run the update intersection observations steps"). A page can go on running its tasks and draw no
// frame: headless Chromium under load did it for minutes, and a widget scrolled into view then never
// started and said nothing. So the start does not rest on a frame alone: while some widget waits, a
// check every CHECK_MS asks whether the page drew a frame since the last check; if it drew none, the
// check measures the waiting widgets itself (a layout, which needs no frame) and starts those near.
// A page that draws its frames pays one timer and one animation frame a second, and no layout.
//
// A widget that has started and is still not ready after SLOW_MS says so in its status line
// (`[data-load-slow]`, DemoFrame.astro and Exercise.astro: "still loading"), over the widget so that
// nothing moves; the line goes once it is ready.

import { stampAll } from '../first-load/deferred.ts';

export interface Widget {
  /**
   * Builds the widget inside `host`; called once. The widget is ready when it returns, or when its
   * promise settles; what the promise holds (a demo's first outcome, as kit-client.ts's demo() lets it
   * give) is not read here.
   */
  mount(host: HTMLElement): void | Promise<unknown>;
}

type Trigger = 'visible' | 'interaction';

/** How far beyond the viewport a widget starts, above and below (the observer's rootMargin). */
const MARGIN_PX = 200;

/** How often a waiting widget's start is checked without the observer, in ms (see the top). */
const CHECK_MS = 1000;

/** How long a started widget may take before its status says it is still loading, in ms. */
const SLOW_MS = 5000;

interface LazyHost extends HTMLElement {
  start(): void;
}

/** The widgets that start when seen and have not started yet. */
const waiting = new Set<LazyHost>();
let checking = false;
/** Whether the page has drawn a frame since the last check. */
let drew = true;

/** Whether the element is within MARGIN_PX of the viewport: a layout, never a frame. */
function near(element: Element): boolean {
  const box = element.getBoundingClientRect();
  return box.bottom > -MARGIN_PX && box.top < innerHeight + MARGIN_PX && (box.width > 0 || box.height > 0);
}

/** One check: when no frame came since the last, the waiting widgets that are near start. */
function check(): void {
  if (waiting.size === 0) {
    checking = false;
    return;
  }
  if (!drew && document.visibilityState === 'visible') for (const host of [...waiting]) if (near(host)) host.start();
  drew = false;
  requestAnimationFrame(() => (drew = true));
  setTimeout(check, CHECK_MS);
}

function watch(host: LazyHost): void {
  waiting.add(host);
  if (checking) return;
  checking = true;
  drew = true; // the first check only asks for a frame
  setTimeout(check, CHECK_MS);
}

export function defineLazyElement(tag: string, load: () => Promise<Widget>, trigger: Trigger = 'visible'): void {
  if (customElements.get(tag)) return;
  customElements.define(
    tag,
    class extends HTMLElement implements LazyHost {
      private started = false;
      private observer: IntersectionObserver | undefined;

      connectedCallback(): void {
        this.dataset.lazy = trigger; // what starts it, for styles and tests: coming into view, or a use
        if (trigger === 'visible' && 'IntersectionObserver' in window && !this.started) {
          this.observer = new IntersectionObserver(
            (entries) => {
              if (entries.some((entry) => entry.isIntersecting)) this.start();
            },
            { rootMargin: `${MARGIN_PX}px 0px` },
          );
          this.observer.observe(this);
          watch(this);
        }
        // Any use also starts it: a click, a key, focus arriving by keyboard.
        for (const type of ['pointerdown', 'focusin', 'keydown'] as const)
          this.addEventListener(type, () => this.start(), { once: true });
      }

      disconnectedCallback(): void {
        this.observer?.disconnect();
        waiting.delete(this);
      }

      start(): void {
        if (this.started) return;
        this.started = true;
        this.observer?.disconnect();
        waiting.delete(this);
        this.setAttribute('aria-busy', 'true');
        const slow = setTimeout(() => this.say('[data-load-slow]'), SLOW_MS);
        stampAll(this); // its server-rendered results, if they were still waiting off screen
        load()
          .then((widget) => widget.mount(this))
          .then(
            () => this.setAttribute('data-ready', ''),
            (error: unknown) => {
              console.error(error);
              this.say('[data-load-error]');
            },
          )
          .finally(() => {
            clearTimeout(slow);
            this.querySelector<HTMLElement>(':scope > [data-load-slow]')?.setAttribute('hidden', '');
            this.removeAttribute('aria-busy');
          });
      }

      /** Shows one of the frame's own messages (DemoFrame.astro, Exercise.astro). */
      private say(selector: string): void {
        const message = this.querySelector<HTMLElement>(`:scope > ${selector}`);
        if (message) message.hidden = false;
      }
    },
  );
}
