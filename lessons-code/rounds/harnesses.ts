// Two ways to run one turn of a chatbot that has tools, against a model that speaks the Chat
// Completions format (the replica, in the page or over HTTP):
//
// poll-then-stream: a non-streamed call decides whether the model wants a tool; while it does, run
//   the tools and call again; once it answers, throw that answer away and ask the same question
//   again, streamed, to forward its text. A plain answer is generated twice, and nothing reaches
//   the screen before the first generation is over.
// stream-every-round: every call is streamed; text is forwarded as it comes, tool calls are rebuilt
//   from their fragments, and a round that asked for tools is followed by the next one. One call
//   per round, and the turn can be stopped: there is exactly one generation going on, the one the
//   user is watching.
//
// Each harness is an async generator that yields the text to forward, bills the turn in its
// `finally` (so a turn that ends early is billed once, like one that completes), and saves what the
// user saw. `runTurn` drives one to the end and reports what the turn cost.

import type { FetchLike } from '../host/in-page-host.ts';
import { type Clock, realClock } from '../lab/paint-batcher.ts';
import {
  CHAT_COMPLETIONS_PATH,
  type ChatCompletion,
  type ChatMessage,
  type ChatRequest,
  type FinishReason,
  type ToolDefinition,
  type Usage,
} from './chat-format.ts';
import { REPLICA_MODEL, TURN_HEADER } from './model-replica.ts';
import { SEARCH_VOICINGS } from './model-script.ts';
import { ModelStreamError, RoundReader, paragraphBreak, readChatChunks, type AssembledToolCall, type RoundResult } from './round-reader.ts';
import { promptTokens } from './tokens.ts';

/** The system prompt and help summary every call sends: the input half of the bill. */
export const SYSTEM_PROMPT =
  'You are the assistant of Guitar Alchemist, an open-source toolkit for guitarists. Answer questions about ' +
  'chords, voicings, scales and arpeggios in a short, friendly style. When the user asks for the voicings of ' +
  'a chord, call search_voicings once per chord instead of guessing shapes, and quote the frets exactly as ' +
  'the tool returns them.\n\n' +
  'Help summary: the voicing index holds shapes for common chords, written from the lowest string to the ' +
  'highest, with x for a muted string. Scales are named by their mode (Ionian, Dorian, Aeolian and so on). ' +
  'The assistant answers in English, cannot play audio and cannot read pictures of tablature. For a ' +
  'progression, it suggests which arpeggio fits each chord.';

export interface Tool {
  definition: ToolDefinition;
  /** Runs the tool with the call's parsed arguments; returns what goes back to the model, as JSON. */
  run(args: Record<string, unknown>): unknown;
}

/** The course's small voicing index (the Cmaj7 shapes are those GA's voicing answer shows). */
export const VOICING_INDEX: Readonly<Record<string, readonly string[]>> = {
  Cmaj7: ['3-0-x-2-3-x', '3-0-0-2-3-x'],
  Am7: ['x-0-2-0-1-0', '5-7-5-5-5-5'],
};

export const SEARCH_VOICINGS_TOOL: Tool = {
  definition: {
    type: 'function',
    function: {
      name: SEARCH_VOICINGS,
      description: 'Find guitar voicings of a chord in the voicing index.',
      parameters: {
        type: 'object',
        properties: {
          chord: { type: 'string', description: 'A chord symbol, such as Cmaj7' },
          instrument: { type: 'string', enum: ['guitar'] },
          limit: { type: 'integer', minimum: 1 },
        },
        required: ['chord'],
      },
    },
  },
  run(args) {
    const chord = String(args.chord ?? '');
    const limit = typeof args.limit === 'number' && args.limit >= 1 ? args.limit : Infinity;
    return { chord, voicings: (VOICING_INDEX[chord] ?? []).slice(0, limit) };
  },
};

export const COURSE_TOOLS: readonly Tool[] = [SEARCH_VOICINGS_TOOL];

/** Milliseconds a tool takes by default. */
export const DEFAULT_TOOL_MS = 200;

export type HarnessName = 'poll-then-stream' | 'stream-every-round';
/** `cut`: the model hit the token limit; `stopped`: the user (or the client) ended the turn. */
export type HarnessTurnStatus = 'complete' | 'cut' | 'stopped' | 'failed';

export interface BillingEntry {
  turnId: string;
  harness: HarnessName;
  inputTokens: number;
  outputTokens: number;
  status: HarnessTurnStatus;
}

/** Entries in the order they came, looked up by turn. */
class ByTurn<T extends { turnId: string }> {
  readonly entries: T[] = [];

  forTurn(turnId: string): T[] {
    return this.entries.filter((entry) => entry.turnId === turnId);
  }
}

/** Where turns are billed: one entry per `bill` call, so a turn billed twice shows twice. */
export class BillingLedger extends ByTurn<BillingEntry> {
  bill(entry: BillingEntry): void {
    this.entries.push(entry);
  }
}

export interface SavedAnswer {
  turnId: string;
  question: string;
  /** The text as the user saw it, half a sentence when stopped. */
  text: string;
  status: HarnessTurnStatus;
}

/** The conversation as it is stored: every answer, stopped ones included. */
export class Transcript extends ByTurn<SavedAnswer> {
  save(answer: SavedAnswer): void {
    this.entries.push(answer);
  }
}

/** One moment of a turn, for the timeline. `t`: milliseconds since the turn started. */
export type TurnStep =
  | { t: number; kind: 'call'; call: number; stream: boolean }
  | { t: number; kind: 'answered'; call: number; finishReason: FinishReason | null; discarded: boolean }
  | { t: number; kind: 'tool'; name: string }
  | { t: number; kind: 'text'; call: number; text: string }
  | { t: number; kind: 'end'; status: HarnessTurnStatus };

export interface TurnOptions {
  /** The model server: the replica in the page, or `fetch` to it over HTTP. */
  model: FetchLike;
  question: string;
  /** Sent with every call (`x-turn-id`), so the model's call log can count calls per turn. */
  turnId: string;
  clock?: Clock;
  /** Aborting it ends the turn: the call in progress is cancelled and the turn is billed once. */
  signal?: AbortSignal;
  tools?: readonly Tool[];
  toolMs?: number;
  /** `max_completion_tokens` of every call. */
  maxTokens?: number;
  ledger?: BillingLedger;
  transcript?: Transcript;
  /** `finally` (the fix) or `after-the-loop` (the naive version: a stopped turn bills nothing). */
  billIn?: 'finally' | 'after-the-loop';
  /** Every piece of text forwarded to the screen, and the whole text shown so far. */
  onText?: (piece: string, shown: string) => void;
  onStep?: (step: TurnStep) => void;
}

/** What a turn came to. Times are on the turn's clock. */
export interface TurnReport {
  harness: HarnessName;
  turnId: string;
  question: string;
  /** The text the user saw. */
  text: string;
  /** The text of each streamed round as the model sent it, before any paragraph break was added. */
  roundTexts: string[];
  status: HarnessTurnStatus;
  /** Calls made to the model. */
  calls: number;
  /** The tokens the turn was billed (0 and 0 when nothing was billed). */
  inputTokens: number;
  outputTokens: number;
  /** Milliseconds from the question to the first character on screen; null when none came. */
  firstCharacterMs: number | null;
  totalMs: number;
  steps: TurnStep[];
  error: string | null;
}

function isAbort(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === 'AbortError';
}

function sleep(clock: Clock, ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clock.clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = clock.setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The state of one turn, shared by the two harnesses: calls, tokens spent, text shown, billing. */
class Turn {
  readonly clock: Clock;
  readonly start: number;
  readonly steps: TurnStep[] = [];
  readonly messages: ChatMessage[];
  calls = 0;
  input = 0;
  output = 0;
  /** The round in progress: its prompt's tokens and its reader, until its usage is known. */
  private open: { prompt: number; reader: RoundReader | null } | null = null;
  shown = '';
  readonly roundTexts: string[] = [];
  firstCharacterMs: number | null = null;
  status: HarnessTurnStatus = 'complete';
  error: string | null = null;
  billed = false;

  readonly harness: HarnessName;
  readonly options: TurnOptions;

  constructor(harness: HarnessName, options: TurnOptions) {
    this.harness = harness;
    this.options = options;
    this.clock = options.clock ?? realClock;
    this.start = this.clock.now();
    this.messages = [
      { role: 'system', content: SYSTEM_PROMPT },
      { role: 'user', content: options.question },
    ];
  }

  since(): number {
    return Math.round((this.clock.now() - this.start) * 1000) / 1000;
  }

  step(step: TurnStep): void {
    this.steps.push(step);
    this.options.onStep?.(step);
  }

  request(stream: boolean): ChatRequest {
    const request: ChatRequest = { model: REPLICA_MODEL, messages: [...this.messages], tools: (this.options.tools ?? COURSE_TOOLS).map((t) => t.definition) };
    if (stream) {
      request.stream = true;
      request.stream_options = { include_usage: true };
    }
    if (this.options.maxTokens !== undefined) request.max_completion_tokens = this.options.maxTokens;
    return request;
  }

  /** Sends a call; the round stays open (its tokens counted here) until its usage arrives. */
  async send(request: ChatRequest): Promise<Response> {
    this.calls++;
    this.open = { prompt: promptTokens(request), reader: null };
    this.step({ t: this.since(), kind: 'call', call: this.calls, stream: request.stream === true });
    const response = await this.options.model(CHAT_COMPLETIONS_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [TURN_HEADER]: this.options.turnId },
      body: JSON.stringify(request),
      signal: this.options.signal,
    });
    if (!response.ok) {
      const body = await response.text().catch(() => '');
      let message = body;
      try {
        message = String((JSON.parse(body) as { error?: { message?: unknown } }).error?.message ?? body);
      } catch {
        // not JSON: the body as it is
      }
      throw new ModelStreamError(`the model server answered HTTP ${response.status}${message ? `: ${message}` : ''}`);
    }
    return response;
  }

  /** The round is over: its usage (or, cut short, the tokens counted so far) goes on the bill. */
  close(usage: Usage | null): void {
    if (this.open === null) return;
    this.input += usage?.prompt_tokens ?? this.open.prompt;
    this.output += usage?.completion_tokens ?? this.open.reader?.tokensReceived ?? 0;
    this.open = null;
  }

  /** One streamed round: yields its text as it comes, returns what it comes to. */
  async *streamRound(request: ChatRequest): AsyncGenerator<string, RoundResult, undefined> {
    const response = await this.send(request);
    if (response.body === null) throw new ModelStreamError('the model server sent no body');
    const reader = new RoundReader();
    this.open!.reader = reader;
    let first = true;
    for await (const chunk of readChatChunks(response.body, { signal: this.options.signal })) {
      const text = reader.take(chunk);
      if (text === '') continue;
      const piece = (first ? paragraphBreak(this.shown) : '') + text;
      first = false;
      this.firstCharacterMs ??= this.since();
      this.step({ t: this.since(), kind: 'text', call: this.calls, text: piece });
      yield piece;
      // The consumer asked for more: it forwarded the piece. One that leaves the loop instead does not
      // come back here, and the piece it dropped is not counted as seen.
      this.shown += piece;
    }
    const round = reader.result();
    this.roundTexts.push(round.text);
    this.close(round.usage);
    this.step({ t: this.since(), kind: 'answered', call: this.calls, finishReason: round.finishReason, discarded: false });
    return round;
  }

  /** One call without streaming: the whole answer at once. */
  async complete(request: ChatRequest): Promise<ChatCompletion> {
    const response = await this.send(request);
    const completion = (await response.json()) as ChatCompletion;
    if (!Array.isArray(completion.choices) || completion.choices[0] === undefined) throw new ModelStreamError('the answer has no choice');
    this.close(completion.usage ?? null);
    return completion;
  }

  /** Runs the tool calls one after the other and adds the assistant's calls and the results to the conversation. */
  async runTools(text: string, calls: AssembledToolCall[]): Promise<void> {
    this.messages.push({
      role: 'assistant',
      content: text === '' ? null : text,
      tool_calls: calls.map((call) => ({ id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } })),
    });
    for (const call of calls) {
      this.step({ t: this.since(), kind: 'tool', name: call.name });
      await sleep(this.clock, this.options.toolMs ?? DEFAULT_TOOL_MS, this.options.signal);
      const tool = (this.options.tools ?? COURSE_TOOLS).find((t) => t.definition.function.name === call.name);
      let content: string;
      if (tool === undefined) content = JSON.stringify({ error: `no tool named ${call.name}` });
      else {
        try {
          content = JSON.stringify(tool.run(JSON.parse(call.arguments) as Record<string, unknown>));
        } catch (error) {
          content = JSON.stringify({ error: `the arguments are not JSON: ${(error as Error).message}` });
        }
      }
      this.messages.push({ role: 'tool', tool_call_id: call.id, content });
    }
  }

  /** Bills the turn, once: a second call is ignored. */
  bill(): void {
    if (this.billed) return;
    this.billed = true;
    this.close(null); // a round cut short: what it spent so far
    this.options.ledger?.bill({ turnId: this.options.turnId, harness: this.harness, inputTokens: this.input, outputTokens: this.output, status: this.status });
  }

  /** The turn's `finally`: decides how it ended, bills if billing lives here, saves what the user saw. */
  finish(completed: boolean, failure: unknown): void {
    if (failure !== undefined) {
      this.status = isAbort(failure) || this.options.signal?.aborted ? 'stopped' : 'failed';
      if (this.status === 'failed') this.error = failure instanceof Error ? failure.message : String(failure);
    } else if (!completed) {
      this.status = 'stopped'; // the consumer left the loop: return() brought us here
    }
    if ((this.options.billIn ?? 'finally') === 'finally') this.bill();
    this.options.transcript?.save({ turnId: this.options.turnId, question: this.options.question, text: this.shown, status: this.status });
    this.step({ t: this.since(), kind: 'end', status: this.status });
  }
}

/** A harness: an async generator of the text to forward, over a turn's state. */
type Harness = (turn: Turn) => AsyncGenerator<string, void, undefined>;

// #region stream-every-round
/** Stream every round: one call per round; text forwarded as it comes; tool calls rebuilt from fragments. */
async function* streamEveryRound(turn: Turn): AsyncGenerator<string, void, undefined> {
  for (;;) {
    const round = yield* turn.streamRound(turn.request(true));
    if (round.finishReason === 'tool_calls' && round.toolCalls.length > 0) {
      await turn.runTools(round.text, round.toolCalls);
      continue;
    }
    turn.status = round.finishReason === 'length' ? 'cut' : 'complete';
    return;
  }
}
// #endregion

// #region poll-then-stream
/** Poll, then stream: non-streamed probes until the model answers, then the same question again, streamed. */
async function* pollThenStream(turn: Turn): AsyncGenerator<string, void, undefined> {
  for (;;) {
    const completion = await turn.complete(turn.request(false));
    const choice = completion.choices[0]!;
    const calls = choice.message.tool_calls ?? [];
    const toolRound = choice.finish_reason === 'tool_calls' && calls.length > 0;
    turn.step({ t: turn.since(), kind: 'answered', call: turn.calls, finishReason: choice.finish_reason, discarded: !toolRound });
    if (!toolRound) break; // an answer: it is thrown away and asked for again, streamed
    await turn.runTools(
      choice.message.content ?? '',
      calls.map((call) => ({ id: call.id, name: call.function.name, arguments: call.function.arguments })),
    );
  }
  const round = yield* turn.streamRound(turn.request(true));
  turn.status = round.finishReason === 'length' ? 'cut' : 'complete';
}
// #endregion

// #region ending
/**
 * A harness's rounds inside the turn's ending: the text passes through as it comes, and `finally`
 * runs however the turn ends (complete, failed, or left early by its consumer, whose `return()`
 * reaches here through `yield*`): it bills the turn once and saves what the user saw. The naive
 * version bills after the loop instead, a line that an early exit never reaches.
 */
async function* withEnding(turn: Turn, rounds: AsyncGenerator<string, void, undefined>): AsyncGenerator<string, void, undefined> {
  let completed = false;
  let failure: unknown;
  try {
    yield* rounds;
    completed = true;
    if (turn.options.billIn === 'after-the-loop') turn.bill();
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    turn.finish(completed, failure);
  }
}
// #endregion

const HARNESS_GENERATORS: Record<HarnessName, Harness> = {
  'poll-then-stream': pollThenStream,
  'stream-every-round': streamEveryRound,
};

/**
 * A turn as the server runs it: an async generator of the text to forward to the browser. Leaving
 * the `for await` loop early (break, return, throw) calls its `return()`, which runs its `finally`:
 * the turn is billed there, once, and the answer is saved as the user saw it. Its `report()` tells
 * what the turn came to, once it has ended.
 */
export function startTurn(harness: HarnessName, options: TurnOptions): { pieces: AsyncGenerator<string, void, undefined>; report(): TurnReport } {
  const turn = new Turn(harness, options);
  return {
    pieces: withEnding(turn, HARNESS_GENERATORS[harness](turn)),
    report: () => ({
      harness,
      turnId: options.turnId,
      question: options.question,
      text: turn.shown,
      roundTexts: [...turn.roundTexts],
      status: turn.status,
      calls: turn.calls,
      inputTokens: turn.billed ? turn.input : 0,
      outputTokens: turn.billed ? turn.output : 0,
      firstCharacterMs: turn.firstCharacterMs,
      totalMs: turn.since(),
      steps: turn.steps,
      error: turn.error,
    }),
  };
}

/**
 * Runs one turn with a harness to its end and reports it:
 *   runTurn(harness, { model, question, turnId, clock?, signal?, tools?, toolMs?, maxTokens?,
 *                      ledger?, transcript?, billIn?, onText?, onStep? }) → Promise<TurnReport>
 * It forwards each piece of text to `onText` and leaves the loop as soon as `signal` is aborted
 * (the user pressed stop). It never throws: a failure is reported with `status: 'failed'`.
 */
export async function runTurn(harness: HarnessName, options: TurnOptions): Promise<TurnReport> {
  const turn = startTurn(harness, options);
  let shown = '';
  try {
    for await (const piece of turn.pieces) {
      if (options.signal?.aborted) break; // the client is gone: stop writing; return() runs the harness's finally
      shown += piece;
      options.onText?.(piece, shown);
    }
  } catch {
    // already in the report: stopped (an abort) or failed (with its message)
  }
  return turn.report();
}

/** `runTurn` with poll-then-stream. */
export const runPollThenStreamTurn = (options: TurnOptions): Promise<TurnReport> => runTurn('poll-then-stream', options);
/** `runTurn` with stream-every-round. */
export const runStreamEveryRoundTurn = (options: TurnOptions): Promise<TurnReport> => runTurn('stream-every-round', options);

export const HARNESSES: readonly { name: HarnessName; runTurn: (options: TurnOptions) => Promise<TurnReport> }[] = [
  { name: 'poll-then-stream', runTurn: runPollThenStreamTurn },
  { name: 'stream-every-round', runTurn: runStreamEveryRoundTurn },
];
