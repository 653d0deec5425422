// The exercise authoring contract: what an exercise's cases.ts default-exports (an
// ExerciseDefinition), what its cases get to work with (the learner's module as a `Learner`, the
// `CheckTools`), what they may show (`Shown`, `ProofBlock`), and the shape of its text.<locale>.json
// (`ExerciseText`). Types only: nothing here runs. The engine that runs the cases against a
// learner's code is the site's (src/exercise-engine/, see its README.md); it imports this contract
// through index.ts, as the exercises do. See docs/authoring.md, "Adding an exercise".

/** What an export must be; checked before any case that uses it runs. */
export type ExportKind = 'function' | 'string' | 'string-array' | 'number' | 'boolean' | 'array' | 'object';

/**
 * A value as the page shows it, built by the checker in the page's language: code notation with
 * visible escapes, a sentence, labelled values, or a table.
 */
export type Shown =
  | { kind: 'code'; text: string }
  | { kind: 'note'; text: string }
  | { kind: 'fields'; fields: { label: string; text: string }[] }
  | { kind: 'table'; header: string[]; rows: string[][]; caption?: string };

/** An argument `Learner.call` turns into something live on the learner's side (a stream, a callback, a fetch). */
export interface LearnerArg {
  readonly learnerArg: 'stream' | 'recorder' | 'fetch';
}

/**
 * How a stream argument ends after its chunks: `error` makes the next read reject with an error of
 * that message, of the kind `errorKind` names:
 * - `TypeError` (the default): the Fetch standard errors the body of a response whose connection
 *   broke with a TypeError (https://fetch.spec.whatwg.org/#http-network-fetch);
 * - `AbortError`: a DOMException of that name, as a body errors when its request is aborted
 *   (https://fetch.spec.whatwg.org/#abort-fetch);
 * - `Error`: a plain Error, as a stream the page's own code errors does (a TransformStream's
 *   `controller.error(new Error(…))`);
 * - `string`: the message itself, no Error at all, as a stream errored with a string does
 *   (`controller.error('timeout')`, or a fetch aborted with a string reason: `abort('timeout')`
 *   errors its body with that reason, https://fetch.spec.whatwg.org/#abort-fetch).
 */
export interface StreamEnding {
  error?: string;
  errorKind?: StreamErrorKind;
}

/** The kinds of error a stream argument can end with (`StreamEnding.errorKind`). */
export type StreamErrorKind = 'TypeError' | 'AbortError' | 'Error' | 'string';

/** The error a stream argument ends with, as it crosses to the learner's side. */
export interface StreamError {
  message: string;
  kind: StreamErrorKind;
}

/** A ReadableStream<Uint8Array> handed to the learner's function, as a body the checker delivers. */
export interface LearnerStream extends LearnerArg {
  readonly learnerArg: 'stream';
  /**
   * Whether the learner's code cancelled the stream (`cancel()` on it or on its reader, or `return()`
   * on its async iterator) before it closed or errored, once the call that received it has settled.
   */
  readonly cancelled: boolean;
}

/** A callback handed to the learner's function; each call it receives is recorded (arguments copied at the time). */
export interface Recorder extends LearnerArg {
  readonly learnerArg: 'recorder';
  /** The arguments of each call, in order, once the call that received the recorder has settled. */
  readonly calls: unknown[][];
}

/** A request the learner's code made with a fake fetch, as the checker sees it. */
export interface FakeRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | null;
}

/** What a fake fetch answers: a description of a response, or a real Response (read by the checker). */
export type FakeResponse =
  | Response
  | {
      status?: number;
      statusText?: string;
      headers?: Record<string, string>;
      chunks?: readonly (string | Uint8Array)[];
    };

/** A fetch-like function handed to the learner's code; the checker answers every request. */
export interface FakeFetch extends LearnerArg {
  readonly learnerArg: 'fetch';
  /** Every request made through it, in order. */
  readonly requests: FakeRequest[];
}

/**
 * The learner's module as a case sees it. Every value is a structured clone obtained from the
 * learner's worker; every call is made there and only its result comes back. Nothing here can be
 * replaced by the learner's code.
 */
export interface Learner {
  /** An exported constant as the module held it once loaded. */
  value(name: string): unknown;
  /**
   * Calls an exported function with these arguments (data, or `stream`, `recorder`, `fetch`
   * arguments); resolves with what it returned (awaited if it is a promise), rejects with a
   * `LearnerThrew` when it threw.
   */
  call(name: string, ...args: unknown[]): Promise<unknown>;
  /**
   * Calls an exported function once for each argument list, all at once, and returns a
   * synchronous stand-in that answers those same arguments from the results (or throws what the
   * learner's function threw): for lessons-code that takes a plain function, such as a writer.
   */
  memo(name: string, argLists: readonly (readonly unknown[])[]): Promise<(...args: unknown[]) => unknown>;
  /**
   * A ReadableStream<Uint8Array> on the learner's side, delivering these chunks as separate reads,
   * then done; or, with `ending.error`, then errored with an error of that message (a TypeError
   * unless `ending.errorKind` names another kind).
   */
  stream(chunks: readonly (string | Uint8Array)[], ending?: StreamEnding): LearnerStream;
  /** A callback that records the calls it gets. */
  recorder(): Recorder;
  /** A fetch-like function; `answer` builds the response to each request, here, on the checker's side. */
  fetch(answer: (request: FakeRequest) => FakeResponse | Promise<FakeResponse>): FakeFetch;
}

/**
 * What `Learner.call` rejects with when the learner's code threw: an Error whose `message` is the
 * learner's own message. `thrown` is the value thrown when it was not an Error (a copy), so that a
 * case can rethrow it as the learner's code did.
 */
export interface LearnerError extends Error {
  readonly wasError: boolean;
  readonly thrown: unknown;
}

/** Helpers the checker hands to a definition's functions, in the language of the check. */
export interface CheckTools {
  /** A string of the exercise's text (`strings.<key>` of text.<locale>.json), `{{name}}` filled from `vars`. */
  text(key: string, vars?: Readonly<Record<string, string | number>>): string;
  /** A value in code notation, escapes visible (`["a\nb"]`, `"\u{00A0}"` for a no-break space), bounded. */
  showValue(value: unknown): string;
}

/**
 * What a diagnosis looks at: what the learner's code gave for a case, or what it threw (the error's
 * type, `null` for a thrown non-Error, and its own message). Never the learner's source.
 */
export type Outcome<V = unknown> =
  | { kind: 'value'; value: V }
  | { kind: 'threw'; name: string | null; message: string };

/**
 * A known wrong answer to a case, recognized by what the learner's code gave. Its sentence, which
 * names the mistake in the learner's terms, and the section of the lesson that explains the rule
 * broken, are `diagnoses.<id>` of text.<locale>.json. A failing case shows every diagnosis that
 * recognizes its outcome; one with none shows the case's own `lesson` section.
 */
export interface Diagnosis<V = unknown> {
  id: string;
  recognize(outcome: Outcome<V>): boolean;
}

/**
 * One case: obtain a value from the learner's module (`run`), then compare it with `expected`
 * (deep equality) or judge it with `accept` when many answers are right. Its name and what it
 * checks are `cases.<id>` of the exercise's text.
 */
export interface ExerciseCase<V = unknown> {
  /** A case with chosen inputs (the default); see `GeneratedCase` for the other kind. */
  kind?: 'chosen';
  id: string;
  /** The exports this case reads or calls; a missing or wrongly typed one fails the case before it runs. */
  uses: readonly string[];
  // Methods, not function properties: a case written `satisfies ExerciseCase<string[]>` (its
  // parameters typed) still fits a list of ExerciseCase.
  run(learner: Learner, tools: CheckTools): V | Promise<V>;
  expected?: V;
  accept?(actual: V): boolean;
  /** With `accept`: what a right answer looks like. */
  expectedShown?(tools: CheckTools): Shown;
  /** How a value shows; code notation by default. */
  show?(value: V, tools: CheckTools): Shown;
  /** What the case gives the learner's code (shown with a failure, so the learner can try it). */
  input?(tools: CheckTools): Shown;
  /** Known wrong answers to this case, each with its sentence in text.<locale>.json. */
  diagnoses?: readonly Diagnosis<V>[];
}

/**
 * A description of a set of values a generated case draws its inputs from: an arbitrary of
 * fast-check (https://fast-check.dev/docs/core-blocks/arbitraries/). The checker generates values from
 * it and, when one shows a difference, shrinks it to the smallest that still does.
 */
export interface Arbitrary<T> {
  map<U>(mapper: (value: T) => U): Arbitrary<U>;
  filter(predicate: (value: T) => boolean): Arbitrary<T>;
  chain<U>(chainer: (value: T) => Arbitrary<U>): Arbitrary<U>;
}

/** Bounds on a generated array's or string's length. */
export interface LengthBounds {
  minLength?: number;
  maxLength?: number;
}

/**
 * The part of fast-check's API a generated case describes its inputs with; the checker hands it
 * fast-check itself (src/exercise-engine/generated.ts checks that it fits), so that lessons-code
 * imports nothing from outside. Each function is fast-check's of the same name.
 */
export interface Gen {
  constant<T>(value: T): Arbitrary<T>;
  constantFrom<T>(...values: T[]): Arbitrary<T>;
  boolean(): Arbitrary<boolean>;
  integer(constraints?: { min?: number; max?: number }): Arbitrary<number>;
  nat(max?: number): Arbitrary<number>;
  /** A string of `unit`s, each drawn from an arbitrary of short strings (`constantFrom('a', ' ', '\n')`). */
  string(constraints: LengthBounds & { unit: Arbitrary<string> }): Arbitrary<string>;
  array<T>(item: Arbitrary<T>, constraints?: LengthBounds): Arbitrary<T[]>;
  /** Arrays whose items differ, by `selector` when it is given. */
  uniqueArray<T, U = T>(
    item: Arbitrary<T>,
    constraints?: LengthBounds & { selector?: (value: T) => U },
  ): Arbitrary<T[]>;
  /** The values of an array in any order, some left out unless `minLength` is its length. */
  shuffledSubarray<T>(values: T[], constraints?: LengthBounds): Arbitrary<T[]>;
  tuple<Ts extends unknown[]>(...items: { [K in keyof Ts]: Arbitrary<Ts[K]> }): Arbitrary<Ts>;
  oneof<T>(...items: Arbitrary<T>[]): Arbitrary<T>;
  option<T>(item: Arbitrary<T>, constraints: { nil: undefined }): Arbitrary<T | undefined>;
}

/**
 * A known wrong answer to a generated case, described by what it gives: `like(input)` is what code
 * with that mistake returns for an input (as the case's `run` would report it). The diagnosis is
 * shown only when the learner's results are those of the mistake on every input the check tried
 * (the smallest differing one included) and on twenty more drawn to confirm it: a mistake the code
 * does not have is never named.
 */
export interface GeneratedDiagnosis<I, V> {
  id: string;
  like(input: I): V | Promise<V>;
}

/**
 * A case checked on many inputs that fast-check generates: on each, what the learner's code gives
 * (`run`) must equal what the reference gives (`expected`, computed here, never by the learner's
 * code). The run is seeded by the case's id, so the same code always gets the same verdict; a
 * failure shows the smallest input found that still differs, with both results. Its name and what
 * it checks are `cases.<id>` of the exercise's text, like any case's.
 */
export interface GeneratedCase<I = unknown, V = unknown> {
  kind: 'generated';
  id: string;
  uses: readonly string[];
  /** The inputs on which a right answer is fully determined; any value drawn must be a fair question. */
  inputs(gen: Gen): Arbitrary<I>;
  /** What the learner's code gives for one input. */
  run(learner: Learner, input: I, tools: CheckTools): Promise<V>;
  /** What a right answer gives for the same input. */
  expected(input: I): V | Promise<V>;
  /** The input as the learner can try it (a call in code notation…). */
  input(input: I, tools: CheckTools): Shown;
  /** How a result shows; code notation by default. */
  show?(value: V, tools: CheckTools): Shown;
  /** How many inputs are tried (100 by default). */
  runs?: number;
  /** The seed of the inputs, if not the one derived from the id (a search beyond the page's inputs). */
  seed?: number;
  diagnoses?: readonly GeneratedDiagnosis<I, V>[];
}

/** A case of either kind. */
export type AnyCase = ExerciseCase | GeneratedCase<any, any>;

/** One block of a proof: a labelled text shown with its CRs and LFs visible, its lines explained. */
export interface ProofBlock {
  label: string;
  text: string;
  lines?: { text: string; explanation: string }[];
}

/**
 * What an exercise's cases.ts default-exports: the exports the learner's module must have, the
 * cases that check it, and, for a prediction, the proof shown with the answer.
 *
 * @example
 * ```ts
 * const definition: ExerciseDefinition = {
 *   exports: { lastData: 'function' },
 *   cases: [{ id: 'two-reads', uses: ['lastData'], run: (learner) => learner.call('lastData', learner.stream(READS)),
 * expected: 'b' }],
 * };
 * export default definition;
 * ```
 */
export interface ExerciseDefinition {
  /**
   * 'prediction': the learner writes values, not code. The workbench asks for every value before
   * it checks, and shows the expected values and the proof only once the learner has committed a
   * prediction or asked to see the answer. Default 'code'.
   */
  kind?: 'code' | 'prediction';
  /** The exports the learner's module must have. */
  exports: Readonly<Record<string, ExportKind>>;
  /** Cases with chosen inputs, then cases checked on generated inputs, in the order the page lists them. */
  cases: readonly AnyCase[];
  /** The proof shown with the answer of a prediction (or after any check of a code exercise). */
  proof?(tools: CheckTools): ProofBlock[];
}

/** An exercise's prose in one language: text.<locale>.json beside its files. */
export interface ExerciseText {
  title: string;
  /**
   * Per case id: its name; one sentence on what it checks; `lesson`, the section of the course that
   * explains the rule its `checks` rests on (a link from the site's root with its `#fragment`, in
   * this language: `/es/ga-ai/06-answer-on-the-wire/#cortar-en-frases`); and `hints`, the numbers
   * (from 1) of the hints that help with it, in the order they are offered when it fails first.
   */
  cases: Readonly<Record<string, ExerciseCaseText>>;
  /** Opened one at a time, on request. `backquoted` parts show as code. */
  hints: readonly string[];
  /**
   * Per diagnosis id (see `Diagnosis`): the sentence that names the mistake (`backquoted` parts as
   * code), and the section of the course that explains the rule broken, as `lesson` above.
   */
  diagnoses?: Readonly<Record<string, { text: string; lesson: string }>>;
  /** Anything else the definition shows (notes, table captions, proof sentences), by key. */
  strings?: Readonly<Record<string, string>>;
}

/** One case's prose in text.<locale>.json (see `ExerciseText.cases`). */
export interface ExerciseCaseText {
  name: string;
  checks: string;
  lesson: string;
  hints: readonly number[];
}
