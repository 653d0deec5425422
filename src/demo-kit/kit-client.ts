// The browser half of the demo kit: what every demo repeats, written once.
// - `demo()`: a demo's mount(), given its element, its strings and their lookup.
// - `Strings`: a widget's translated strings, plurals and numbers per locale (strings.ts, here
//   re-exported); `Translate`, its lookup.
// - `part()` / `h()`: find a node of the server-rendered skeleton by its data-part; make a node.
// - `announce()`: say something in a live region, again even when it is the same text.
// - `createRunner()`: "latest result wins" for a demo's result area, with every way a computation
//   can end (done, timeout, error, stopped) said in the status line, and never an earlier input's
//   result left on screen when a later one failed.
// - `debounce()`: live updates while the learner types.

import { Strings, type Translate } from './strings.ts';
import { ComputeStopped, ComputeTimeout } from './worker-calls.ts';

export { Strings, type Translate } from './strings.ts';
/** A computation stopped before its result (thrown by worker-calls.ts, or by a demo's own run). */
export { ComputeStopped } from './worker-calls.ts';

/** What a demo's setup is given: its element, its strings (`course.<name>.*` first) and their lookup. */
export interface DemoContext {
  host: HTMLElement;
  s: Strings;
  t: Translate;
  lang: string;
}

/**
 * A demo's mount(), as lazy-element.ts calls it: `export const mount = demo('chunker', ({ host, t }) => …)`.
 * `name` is the one DemoFrame was given, the prefix of the demo's own strings.
 */
export function demo<R extends void | Promise<unknown>>(
  name: string,
  setup: (context: DemoContext) => R,
): (host: HTMLElement) => R {
  return (host) => {
    const s = new Strings(host, name);
    return setup({ host, s, t: s.t, lang: s.lang });
  };
}

/** The node of a demo's skeleton with `data-part="name"`; a clear error if the markup lacks it. */
export function part<E extends HTMLElement = HTMLElement>(root: ParentNode, name: string): E {
  const node = root.querySelector<E>(`[data-part="${name}"]`);
  if (!node) throw new Error(`demo markup has no [data-part="${name}"]`);
  return node;
}

type Child = Node | string | null | undefined | false;

/** A new element: `h('li', 'chunk', text)`, or with attributes `h('td', { class: 'ok', 'data-x': '1' }, text)`. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props?: string | Record<string, string>,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (typeof props === 'string') node.className = props;
  else if (props) for (const [name, value] of Object.entries(props)) node.setAttribute(name, value);
  for (const child of children) if (child !== null && child !== undefined && child !== false) node.append(child);
  return node;
}

/** Says `text` in a live region; the same text twice is said twice. */
export function announce(region: HTMLElement, text: string): void {
  if (region.textContent === text) region.textContent = '';
  requestAnimationFrame(() => (region.textContent = text));
}

/** Calls `run` once input has been quiet for `ms`. */
export function debounce<A extends unknown[]>(run: (...args: A) => void, ms: number): (...args: A) => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => run(...args), ms);
  };
}

export type Outcome = 'done' | 'timeout' | 'error' | 'stopped';

export interface RunnerOptions {
  host: HTMLElement;
  /** The visible status line (a live region: role="status"). */
  status: HTMLElement;
  strings: Strings;
  /** Empties the result area: called when a run ends in anything but a result. */
  clear: () => void;
}

/** What a run returns: how to show its result, and what to say about it (or render returns it). */
export interface Shown {
  render: () => string | void;
  say?: string;
}

export interface Runner {
  /** Starts a run; an earlier one still going is stopped and its result never shown. */
  run(task: (signal: AbortSignal) => Promise<Shown>): Promise<Outcome | 'superseded'>;
  /** Stops the current run (a Stop button): the result area then says so. */
  stop(): void;
}

/**
 * "Latest result wins" for one result area. While a run goes on, the host has `aria-busy` and
 * `data-state="busy"` (the old result dimmed, so nothing jumps); when it ends, `data-state` tells
 * how (`done`, `timeout`, `error`, `stopped`) and the status line says it in words; `data-ran`
 * marks that a first run has ended (a skeleton may keep room for the first result until then).
 */
export function createRunner({ host, status, strings, clear }: RunnerOptions): Runner {
  let generation = 0;
  let controller: AbortController | undefined;
  let stoppedByUser = false;

  const finish = (outcome: Outcome, say: string) => {
    host.dataset.state = outcome;
    host.dataset.ran = ''; // a first run has ended: room kept for a first result can go
    host.removeAttribute('aria-busy');
    status.dataset.outcome = outcome;
    status.textContent = say;
  };

  return {
    async run(task) {
      const mine = ++generation;
      controller?.abort();
      const own = (controller = new AbortController());
      stoppedByUser = false;
      host.dataset.state = 'busy';
      host.setAttribute('aria-busy', 'true');
      try {
        const shown = await task(own.signal);
        if (mine !== generation) return 'superseded';
        const said = shown.render();
        finish('done', typeof said === 'string' ? said : (shown.say ?? ''));
        return 'done';
      } catch (error) {
        if (mine !== generation) return 'superseded';
        clear();
        if (error instanceof ComputeTimeout) {
          finish('timeout', strings.t('tooSlow'));
          return 'timeout';
        }
        if (error instanceof ComputeStopped || own.signal.aborted) {
          finish('stopped', strings.t(stoppedByUser ? 'stopped' : 'tooSlow'));
          return 'stopped';
        }
        console.error(error);
        finish('error', strings.t('failed', { message: error instanceof Error ? error.message : String(error) }));
        return 'error';
      }
    },
    stop() {
      stoppedByUser = true;
      controller?.abort();
    },
  };
}
