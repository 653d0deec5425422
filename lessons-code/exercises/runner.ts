// Runs checks in a worker with a time limit, in any environment: the page gives it Web Workers,
// the unit tests give it node:worker_threads, through the small WorkerLike interface. Every check
// gets a fresh worker (the learner's code may change globals); a spare one is kept loaded so that
// the next check and the editor's syntax check don't wait. A check that runs past the limit has
// its worker terminated: the page never waits on the learner's code.

import type { CaseReport, CheckReport, CompileProblem, ExerciseId } from './types.ts';

/** Messages to the worker. */
export type ToWorker =
  | { type: 'transpile'; id: number; source: string }
  | { type: 'run'; id: number; exercise: ExerciseId; source: string }
  /** Run every exercise's reference solution once, so that the next check finds its code compiled. */
  | { type: 'warm' };

/** Messages from the worker. */
export type FromWorker =
  | { type: 'ready' }
  | { type: 'warmed' }
  | { type: 'transpiled'; id: number; problem: CompileProblem | null }
  | { type: 'loaded'; id: number; total: number; titles: CaseReport['title'][]; ids: string[] }
  | { type: 'case'; id: number; index: number; report: CaseReport }
  | { type: 'console'; id: number; line: string }
  | { type: 'done'; id: number; report: CheckReport }
  | { type: 'failed'; id: number; message: string };

export interface WorkerLike {
  post(message: ToWorker): void;
  /** Messages and failures (a worker that could not load or crashed). */
  listen(onMessage: (message: FromWorker) => void, onFailure: (message: string) => void): void;
  terminate(): void;
}

export interface RunnerOptions {
  /** How long a check may run once its worker is ready. */
  limitMs?: number;
  /** How long a new worker may take to load (network, transpiler) before the check gives up. */
  loadLimitMs?: number;
  /** Timers, replaceable in tests. */
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export const CHECK_LIMIT_MS = 2000;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The check could not run at all (the worker failed to load); not the learner's fault. */
export class RunnerFailure extends Error {}

/** A report, marked when the time limit stopped the check (the cases done keep their verdicts). */
export type RunReport = CheckReport & { timedOut?: true };

interface Slot {
  worker: WorkerLike;
  ready: Promise<void>;
  /** Resolves when the worker has warmed up (or was taken by a check before it could). */
  warmed: Promise<void>;
  handlers: Map<number, (message: FromWorker) => void>;
  failure: ((message: string) => void) | null;
  dead: boolean;
}

export class ExerciseRunner {
  private spare: Slot | null = null;
  private nextId = 1;
  private readonly limitMs: number;
  private readonly loadLimitMs: number;
  private readonly setTimer: (run: () => void, ms: number) => unknown;
  private readonly clearTimer: (timer: unknown) => void;

  private readonly spawn: () => WorkerLike;

  constructor(spawn: () => WorkerLike, options: RunnerOptions = {}) {
    this.spawn = spawn;
    this.limitMs = options.limitMs ?? CHECK_LIMIT_MS;
    this.loadLimitMs = options.loadLimitMs ?? 20_000;
    this.setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
    this.clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  }

  /** Starts loading a worker now, so that the first check does not wait for it. */
  prewarm(): void {
    this.ensureSpare();
  }

  /** Resolves once a loaded, warmed-up worker waits for the next check (rejects if it cannot load). */
  ready(): Promise<void> {
    const slot = this.ensureSpare();
    return slot.ready.then(() => slot.warmed);
  }

  private ensureSpare(): Slot {
    if (this.spare && !this.spare.dead) return this.spare;
    const worker = this.spawn();
    const slot: Slot = { worker, ready: Promise.resolve(), warmed: Promise.resolve(), handlers: new Map(), failure: null, dead: false };
    let warmed: () => void = () => undefined;
    slot.warmed = new Promise<void>((resolve) => {
      warmed = resolve;
    });
    slot.ready = new Promise<void>((resolve, reject) => {
      const timer = this.setTimer(() => {
        this.kill(slot);
        reject(new RunnerFailure('the checker took too long to load'));
      }, this.loadLimitMs);
      worker.listen(
        (message) => {
          if (message.type === 'ready') {
            this.clearTimer(timer);
            resolve();
            // A spare warms up while nobody waits; a worker a check is waiting for runs the check at once.
            if (this.spare === slot) worker.post({ type: 'warm' });
            else warmed();
            return;
          }
          if (message.type === 'warmed') {
            warmed();
            return;
          }
          if ('id' in message) slot.handlers.get(message.id)?.(message);
        },
        (failure) => {
          this.clearTimer(timer);
          warmed();
          this.kill(slot);
          reject(new RunnerFailure(failure));
          slot.failure?.(failure);
        },
      );
    });
    slot.ready.catch(() => undefined); // handled by whoever awaits it
    this.spare = slot;
    return slot;
  }

  private kill(slot: Slot): void {
    if (slot.dead) return;
    slot.dead = true;
    slot.worker.terminate();
    if (this.spare === slot) this.spare = null;
  }

  /** The syntax error in `source`, or null; from the spare worker, which never runs learner code. */
  async transpile(source: string): Promise<CompileProblem | null> {
    const slot = this.ensureSpare();
    await slot.ready;
    const id = this.nextId++;
    return new Promise<CompileProblem | null>((resolve, reject) => {
      const timer = this.setTimer(() => {
        slot.handlers.delete(id);
        reject(new RunnerFailure('the syntax check took too long'));
      }, 5000);
      slot.handlers.set(id, (message) => {
        if (message.type !== 'transpiled') return;
        this.clearTimer(timer);
        slot.handlers.delete(id);
        resolve(message.problem);
      });
      slot.worker.post({ type: 'transpile', id, source });
    });
  }

  /**
   * Checks `source` against an exercise in a fresh worker. Resolves with the report, or with a
   * timed-out report after the limit (the worker terminated); rejects only if the worker could not
   * load or crashed. `onCase` sees each verdict as it comes.
   */
  async run(exercise: ExerciseId, source: string, onCase?: (index: number, report: CaseReport) => void): Promise<RunReport> {
    const slot = this.ensureSpare();
    this.spare = null; // this worker is for this check only
    try {
      await slot.ready;
    } catch (error) {
      this.kill(slot);
      throw error;
    }
    const id = this.nextId++;
    try {
      return await new Promise<RunReport>((resolve, reject) => {
        let loaded: Extract<FromWorker, { type: 'loaded' }> | null = null;
        const cases: CaseReport[] = [];
        const console: string[] = [];
        const timer = this.setTimer(() => {
          this.kill(slot);
          if (!loaded) {
            resolve({ outcome: 'load-timeout', console, timedOut: true });
            return;
          }
          const all: CaseReport[] = loaded.ids.map((caseId, index) => cases[index] ?? { id: caseId, title: loaded!.titles[index]!, verdict: index === cases.length ? { status: 'timeout' } : { status: 'skipped' } });
          resolve({ outcome: 'checked', cases: all, solved: false, console, timedOut: true });
        }, this.limitMs);
        slot.failure = (message) => {
          this.clearTimer(timer);
          reject(new RunnerFailure(message));
        };
        slot.handlers.set(id, (message) => {
          switch (message.type) {
            case 'loaded':
              if (Array.isArray(message.ids) && Array.isArray(message.titles)) loaded = message;
              break;
            case 'console':
              if (typeof message.line === 'string' && console.length <= 100) console.push(message.line);
              break;
            case 'case':
              // The learner's code shares the worker and could post look-alike messages: keep sane ones only.
              if (!loaded || !Number.isInteger(message.index) || message.index < 0 || message.index >= loaded.ids.length || !isObject(message.report)) break;
              cases[message.index] = message.report;
              onCase?.(message.index, message.report);
              break;
            case 'done':
              if (!isObject(message.report) || typeof message.report.outcome !== 'string') break;
              this.clearTimer(timer);
              resolve(message.report);
              break;
            case 'failed':
              this.clearTimer(timer);
              reject(new RunnerFailure(message.message));
              break;
          }
        });
        slot.worker.post({ type: 'run', id, exercise, source });
      });
    } finally {
      this.kill(slot);
      // The next check gets a clean worker, loaded while the learner reads the verdicts.
      this.ensureSpare();
    }
  }

  dispose(): void {
    if (this.spare) this.kill(this.spare);
  }
}
