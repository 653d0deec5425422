// The page's side of the type checker: one worker per page, shared by its workbenches, created the
// first time start() is called (a learner focusing or editing an editor, or checking an exercise) or,
// ahead of that, by preload() once an exercise has been on screen for a moment and the page is idle
// (preload.ts); never on load. The editors show what it says only once a learner has used one
// (`inUse`): a preload is silent. The worker file and the chunks it loads have hashed names, so the
// browser keeps them for the whole visit.

import type { Locale } from '../exercise-engine/types.ts';
import type { FromTypes, ToTypes, TypeAnswers, TypeRequest } from './protocol.ts';

export type TypeState = 'idle' | 'loading' | 'ready' | 'failed';

type Pending = { resolve: (answer: unknown) => void; reject: (error: Error) => void };

export class TypeClient {
  state: TypeState = 'idle';
  /** Why the checker could not start (state 'failed'). */
  failure = '';
  /**
   * A learner has used an editor or checked an exercise (start()): until then the checker may be loading
   * or ready, preloaded, and the editors say nothing of it.
   */
  inUse = false;
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Set<(state: TypeState) => void>();
  private readonly locale: Locale;

  constructor(locale: Locale) {
    this.locale = locale;
  }

  /** Calls `listener` on each change of state (loading, ready, failed) and when the checker comes into use. */
  onState(listener: (state: TypeState) => void): void {
    this.listeners.add(listener);
  }

  /**
   * A learner uses an editor: the checker comes into use, and its worker starts if no preload started it;
   * `first`: the file to check as it warms up (the editor the learner started in).
   */
  start(first?: { file: string; text: string }): void {
    if (this.inUse) return this.spawn(first);
    this.inUse = true;
    const before = this.state;
    this.spawn(first);
    // Already loading or ready (preloaded), or failed: the editors learn that it is now in use.
    if (this.state === before) this.emit();
  }

  /** Starts the worker ahead of use, once (preload.ts): it loads, binds and checks `first`, and the editors wait. */
  preload(first: { file: string; text: string }): void {
    this.spawn(first);
  }

  private spawn(first?: { file: string; text: string }): void {
    if (this.worker !== null || this.state === 'failed') return;
    try {
      this.worker = new Worker(new URL('./type-worker.ts', import.meta.url), { type: 'module', name: 'type-checker' });
    } catch (error) {
      this.fail(error instanceof Error ? error.message : String(error));
      return;
    }
    this.worker.addEventListener('message', (event: MessageEvent<FromTypes>) => this.receive(event.data));
    this.worker.addEventListener('error', (event) => {
      event.preventDefault();
      this.fail(event.message || 'the type checker failed to load');
    });
    this.worker.addEventListener('messageerror', () =>
      this.fail('the type checker sent a message the page could not read'),
    );
    this.setState('loading');
    this.post({ type: 'start', locale: this.locale, ...(first ? { first } : {}) });
  }

  request<K extends TypeRequest['type']>(request: Extract<TypeRequest, { type: K }>): Promise<TypeAnswers[K]> {
    this.start();
    if (this.state === 'failed') return Promise.reject(new Error(this.failure));
    const id = this.nextId++;
    return new Promise<TypeAnswers[K]>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (answer: unknown) => void, reject });
      this.post({ id, request });
    });
  }

  private post(message: ToTypes): void {
    this.worker?.postMessage(message);
  }

  private receive(message: FromTypes): void {
    if (message.type === 'ready') {
      this.setState('ready');
      return;
    }
    if (message.type === 'failed' && message.id === null) {
      this.fail(message.message);
      return;
    }
    const pending = this.pending.get(message.id!);
    if (!pending) return;
    this.pending.delete(message.id!);
    if (message.type === 'answer') pending.resolve(message.answer);
    else pending.reject(new Error(message.message));
  }

  private fail(message: string): void {
    this.failure = message;
    this.worker?.terminate();
    for (const { reject } of this.pending.values()) reject(new Error(message));
    this.pending.clear();
    this.setState('failed');
  }

  private setState(state: TypeState): void {
    if (this.state === state) return;
    this.state = state;
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener(this.state);
  }
}

const clients = new Map<Locale, TypeClient>();

/** The page's one type checker (one per language, and a page has one). */
export function typeClient(locale: Locale): TypeClient {
  let client = clients.get(locale);
  if (!client) clients.set(locale, (client = new TypeClient(locale)));
  return client;
}
