// The page's side of a check: spawns the checker worker and, ahead of each check, a learner's
// worker; hands the two ends of a private channel to them; holds the time limit and terminates the
// learner's worker when it goes off. The page reads the checker's messages only. Why a verdict made
// this way cannot be forged, with a diagram of the three parties: README.md in this folder.

import { CHECK_LIMIT_MS, CONSOLE_LINES, type FromChecker, type ToChecker } from './protocol.ts';
import type { CaseReport, CheckReport, CompileProblem, Locale, Reveal } from './types.ts';

/** A worker as the runner sees it: the page gives it Web Workers, the tests node:worker_threads. */
export interface Endpoint {
  post(message: unknown, transfer?: unknown[]): void;
  /** Messages (read from the checker only) and failures (a worker that could not load or crashed). */
  listen(onMessage: (data: unknown) => void, onFailure: (message: string) => void): void;
  terminate(): void;
}

export interface RunnerPlatform {
  spawnChecker(): Endpoint;
  spawnLearnerWorker(): Endpoint;
  /** A new MessageChannel: [the checker's end, the learner's worker's end]. */
  channel(): [unknown, unknown];
}

export interface RunnerOptions {
  /** How long the learner's code may run, from the moment it is sent to its worker. */
  limitMs?: number;
  /** How long a new worker may take to load before the check gives up. */
  loadLimitMs?: number;
  /** Timers, replaceable in tests. */
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export { CHECK_LIMIT_MS };

/** The check could not run at all (a worker failed to load or crashed): not the learner's fault. */
/**
 * Why a check could not run at all, as the page explains it in its language
 * (`course.exercise.failed.<kind>`): the checker's worker did not load in time or stopped, the
 * learner's worker did not load, or the checker could not run this exercise (its definition threw,
 * an unknown id). The message is the engine's detail, in English, for the console and the tests.
 */
export const RUNNER_FAILURE_KINDS = ['checker-load', 'checker-stopped', 'learner-load', 'check-failed'] as const;
export type RunnerFailureKind = (typeof RUNNER_FAILURE_KINDS)[number];

export class RunnerFailure extends Error {
  override name = 'RunnerFailure';
  readonly kind: RunnerFailureKind;
  constructor(kind: RunnerFailureKind, detail: string) {
    super(detail);
    this.kind = kind;
  }
}

/** A report, marked when the time limit stopped the check (the cases done keep their verdicts). */
export type RunReport = CheckReport;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

interface Checker {
  endpoint: Endpoint;
  ready: Promise<void>;
  dead: boolean;
  /** Handlers by key: `worker:n`, `run:n`, `id:n`. */
  handlers: Map<string, (message: FromChecker) => void>;
  failures: Set<(message: string) => void>;
}

/** One learner's worker: spawned for one check, its port handed to the checker, terminated after. */
interface LearnerWorker {
  id: number;
  endpoint: Endpoint;
  /** Resolves once the checker has the learner's worker's hello: the worker is loaded, no learner code in it. */
  ready: Promise<void>;
  dead: boolean;
}

export class ExerciseRunner {
  private checker: Checker | null = null;
  /** The learner's worker the next check will use, loaded ahead of it. */
  private next: LearnerWorker | null = null;
  private nextWorkerId = 1;
  private nextRun = 1;
  private nextId = 1;
  private readonly limitMs: number;
  private readonly loadLimitMs: number;
  private readonly setTimer: (run: () => void, ms: number) => unknown;
  private readonly clearTimer: (timer: unknown) => void;
  private readonly platform: RunnerPlatform;

  constructor(platform: RunnerPlatform, options: RunnerOptions = {}) {
    this.platform = platform;
    this.limitMs = options.limitMs ?? CHECK_LIMIT_MS;
    this.loadLimitMs = options.loadLimitMs ?? 20_000;
    this.setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
    this.clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  }

  private ensureChecker(): Checker {
    if (this.checker && !this.checker.dead) return this.checker;
    const endpoint = this.platform.spawnChecker();
    const checker: Checker = {
      endpoint,
      ready: Promise.resolve(),
      dead: false,
      handlers: new Map(),
      failures: new Set(),
    };
    checker.ready = new Promise<void>((resolve, reject) => {
      const timer = this.setTimer(() => {
        this.killChecker(checker, 'the checker took too long to load');
        reject(new RunnerFailure('checker-load', 'the checker took too long to load'));
      }, this.loadLimitMs);
      endpoint.listen(
        (data) => {
          if (!isObject(data) || typeof data.type !== 'string') return;
          const message = data as FromChecker;
          if (message.type === 'ready') {
            this.clearTimer(timer);
            resolve();
            return;
          }
          const key =
            message.type === 'adopted'
              ? `worker:${message.worker}`
              : message.type === 'transpiled' || message.type === 'revealed'
                ? `id:${message.id}`
                : message.type === 'failed'
                  ? message.run !== null
                    ? `run:${message.run}`
                    : `id:${message.id}`
                  : `run:${message.run}`;
          checker.handlers.get(key)?.(message);
        },
        (failure) => {
          this.clearTimer(timer);
          reject(new RunnerFailure('checker-load', failure));
          this.killChecker(checker, failure);
        },
      );
    });
    checker.ready.catch(() => undefined); // whoever waits on it handles it
    this.checker = checker;
    return checker;
  }

  private killChecker(checker: Checker, reason: string): void {
    if (checker.dead) return;
    checker.dead = true;
    checker.endpoint.terminate();
    for (const failure of checker.failures) failure(reason);
    checker.failures.clear();
    if (this.checker === checker) this.checker = null;
    if (this.next) this.killLearnerWorker(this.next);
  }

  /** A request to the checker answered by one message under `key`; rejects if the checker fails. */
  private request<T>(
    checker: Checker,
    key: string,
    message: ToChecker,
    onMessage: (message: FromChecker, done: (value: T) => void, fail: (error: Error) => void) => void,
    transfer?: unknown[],
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const cleanup = () => {
        checker.handlers.delete(key);
        checker.failures.delete(onFailure);
      };
      const onFailure = (reason: string) => {
        cleanup();
        reject(new RunnerFailure('checker-stopped', reason));
      };
      checker.failures.add(onFailure);
      checker.handlers.set(key, (m) =>
        onMessage(
          m,
          (value) => {
            cleanup();
            resolve(value);
          },
          (error) => {
            cleanup();
            reject(error);
          },
        ),
      );
      checker.endpoint.post(message, transfer);
    });
  }

  private ensureNextWorker(): LearnerWorker {
    if (this.next && !this.next.dead) return this.next;
    const checker = this.ensureChecker();
    const learner: LearnerWorker = {
      id: this.nextWorkerId++,
      endpoint: this.platform.spawnLearnerWorker(),
      ready: Promise.resolve(),
      dead: false,
    };
    const [checkerEnd, learnerEnd] = this.platform.channel();
    learner.ready = new Promise<void>((resolve, reject) => {
      let adopted = false;
      const timer = this.setTimer(() => {
        this.killLearnerWorker(learner);
        reject(new RunnerFailure('learner-load', 'the learner’s worker took too long to load'));
      }, this.loadLimitMs);
      // Before the hello no learner code has run in it: a failure now is a worker that could not load.
      // After it, the worker's errors are the learner's code and are ignored (the verdicts say it all).
      learner.endpoint.listen(
        () => undefined,
        (failure) => {
          if (adopted) return;
          this.clearTimer(timer);
          this.killLearnerWorker(learner);
          reject(new RunnerFailure('learner-load', failure));
        },
      );
      checker.ready.then(
        () =>
          this.request<void>(
            checker,
            `worker:${learner.id}`,
            { type: 'adopt', worker: learner.id, port: checkerEnd as MessagePort },
            (_m, done) => done(),
            [checkerEnd],
          ).then(
            () => {
              adopted = true;
              this.clearTimer(timer);
              resolve();
            },
            (error: unknown) => {
              this.clearTimer(timer);
              this.killLearnerWorker(learner);
              reject(error);
            },
          ),
        (error: unknown) => {
          this.clearTimer(timer);
          this.killLearnerWorker(learner);
          reject(error);
        },
      );
    });
    learner.ready.catch(() => undefined);
    // The only message the page ever sends the learner's worker: its port, before any learner code.
    learner.endpoint.post({ type: 'connect', port: learnerEnd }, [learnerEnd]);
    this.next = learner;
    return learner;
  }

  private killLearnerWorker(learner: LearnerWorker): void {
    if (learner.dead) return;
    learner.dead = true;
    learner.endpoint.terminate();
    if (this.checker && !this.checker.dead)
      this.checker.endpoint.post({ type: 'release', worker: learner.id } satisfies ToChecker);
    if (this.next === learner) this.next = null;
  }

  /** Starts loading the checker and a learner's worker now, so that the first check does not wait for them. */
  prewarm(): void {
    this.ensureNextWorker();
  }

  /** Resolves once a loaded learner's worker waits for the next check (rejects if it cannot load). */
  ready(): Promise<void> {
    return this.ensureNextWorker().ready;
  }

  /** The syntax error in `source`, or null (from the checker: no learner's worker involved). */
  async transpile(source: string): Promise<CompileProblem | null> {
    const checker = this.ensureChecker();
    await checker.ready;
    const id = this.nextId++;
    return this.request<CompileProblem | null>(
      checker,
      `id:${id}`,
      { type: 'transpile', id, source },
      (message, done, fail) => {
        if (message.type === 'transpiled') done(message.problem);
        else if (message.type === 'failed') fail(new RunnerFailure('check-failed', message.message));
      },
    );
  }

  /** Each case's expected value and the exercise's proof, in `locale`. */
  async reveal(exercise: string, locale: Locale): Promise<Reveal | null> {
    const checker = this.ensureChecker();
    await checker.ready;
    const id = this.nextId++;
    return this.request<Reveal | null>(
      checker,
      `id:${id}`,
      { type: 'reveal', id, exercise, locale },
      (message, done, fail) => {
        if (message.type === 'revealed') done(message.reveal);
        else if (message.type === 'failed') fail(new RunnerFailure('check-failed', message.message));
      },
    );
  }

  /**
   * Checks `source` against an exercise: in the learner's worker loaded ahead, with the checker running
   * the cases. Resolves with the report, or with a timed-out report after the limit (the learner's
   * worker terminated); rejects only if a worker could not load or the checker crashed. `onCase`
   * sees each verdict as it comes.
   */
  async run(
    exercise: string,
    locale: Locale,
    source: string,
    onCase?: (index: number, report: CaseReport) => void,
  ): Promise<RunReport> {
    const learner = this.ensureNextWorker();
    this.next = null; // this worker is for this check only
    try {
      await learner.ready;
      const checker = this.ensureChecker();
      const run = this.nextRun++;
      return await new Promise<RunReport>((resolve, reject) => {
        let caseIds: string[] | null = null;
        let loaded = false;
        let timer: unknown = null;
        const cases: CaseReport[] = [];
        const console: string[] = [];
        const finish = () => {
          if (timer !== null) this.clearTimer(timer);
          checker.handlers.delete(`run:${run}`);
          checker.failures.delete(onFailure);
        };
        const onFailure = (reason: string) => {
          finish();
          reject(new RunnerFailure('checker-stopped', reason));
        };
        checker.failures.add(onFailure);
        checker.handlers.set(`run:${run}`, (message) => {
          switch (message.type) {
            case 'started':
              if (caseIds || !Array.isArray(message.cases)) return;
              caseIds = message.cases;
              timer = this.setTimer(() => {
                finish();
                this.killLearnerWorker(learner); // the learner's code stops here, whatever it was doing
                if (!loaded) {
                  resolve({ outcome: 'load-timeout', console, timedOut: true });
                  return;
                }
                const all = caseIds!.map(
                  (id, index): CaseReport =>
                    cases[index] ?? {
                      id,
                      verdict: index === cases.filter(Boolean).length ? { status: 'timeout' } : { status: 'skipped' },
                    },
                );
                resolve({ outcome: 'checked', cases: all, console, timedOut: true });
              }, this.limitMs);
              return;
            case 'loaded':
              loaded = true;
              return;
            case 'console':
              if (console.length <= CONSOLE_LINES) console.push(message.line);
              return;
            case 'case':
              if (!caseIds || message.index < 0 || message.index >= caseIds.length) return;
              cases[message.index] = message.report;
              onCase?.(message.index, message.report);
              return;
            case 'done':
              finish();
              resolve(message.report);
              return;
            case 'failed':
              finish();
              reject(new RunnerFailure('check-failed', message.message));
              return;
          }
        });
        checker.endpoint.post({ type: 'run', worker: learner.id, run, exercise, locale, source } satisfies ToChecker);
      });
    } finally {
      this.killLearnerWorker(learner);
      // The next check gets a clean worker, loaded while the learner reads the verdicts.
      if (this.checker && !this.checker.dead) this.ensureNextWorker();
    }
  }

  dispose(): void {
    if (this.next) this.killLearnerWorker(this.next);
    if (this.checker) this.killChecker(this.checker, 'disposed');
  }
}
