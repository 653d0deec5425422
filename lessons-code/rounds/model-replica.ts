// A model server replica that speaks OpenAI's Chat Completions format (see chat-format.ts for the
// reference it follows), written for the course: it follows a script (model-script.ts) instead of
// sampling, paces its tokens on an injectable clock, logs every call with the turn it belongs to,
// and stops generating as soon as the client goes away, keeping the count of the tokens generated
// until then. The same handler serves the page (`startModelReplica(...).fetch`, no network) and
// real HTTP on loopback (model-server.ts).
//
// A streamed answer, one server-sent event per chunk:
//   the role chunk (`delta: {role: "assistant", content: ""}`), sent with the first token;
//   one chunk per token: `delta.content`, or one fragment of a tool call keyed by `index` (the
//   first fragment of a call carries `id`, `type` and `function.name`, the later ones only `index`
//   and the next piece of `function.arguments`; two calls of one round are interleaved);
//   `finish_reason` (`stop`, `tool_calls` or `length`) in a chunk of its own, with an empty delta;
//   with `stream_options.include_usage`, a last chunk with `choices: []` and the usage (every other
//   chunk then carries `usage: null`); then `data: [DONE]`.
// A non-streamed call answers one `chat.completion` object once the whole answer is generated.

import type { FetchLike } from '../host/in-page-host.ts';
import { type Clock, realClock } from '../lab/paint-batcher.ts';
import {
  CHAT_COMPLETIONS_PATH,
  DONE_DATA,
  sseData,
  type ChatCompletion,
  type ChatCompletionChunk,
  type ChatRequest,
  type ChunkDelta,
  type FinishReason,
  type ToolCall,
  type Usage,
} from './chat-format.ts';
import { planRound, type PlannedRound } from './model-script.ts';
import { promptTokens } from './tokens.ts';

/** The header a client sends to say which turn of the conversation a call belongs to. */
export const TURN_HEADER = 'x-turn-id';
/** The model name the replica answers with. */
export const REPLICA_MODEL = 'ga-replica';
/** A made-up origin for calls to the in-page replica; `.invalid` never resolves. */
export const MODEL_ORIGIN = 'http://model-replica.invalid';
/** The largest request body the replica reads. */
export const MAX_REQUEST_BYTES = 256 * 1024;

export interface Pacing {
  /** Milliseconds from the request to the first token (reading the prompt). */
  firstTokenMs: number;
  /** Milliseconds between two tokens. */
  tokenMs: number;
}

export const DEFAULT_PACING: Pacing = { firstTokenMs: 450, tokenMs: 30 };

export type CallState = 'generating' | 'done' | 'stopped';

/** One line of the call log: one call to the model. Updated in place while the call generates. */
export interface CallRecord {
  /** 1, 2, 3… across the replica's life. */
  seq: number;
  /** The turn it belongs to (the `x-turn-id` header; empty when the client sent none). */
  turn: string;
  /** 1, 2, 3… within its turn. */
  n: number;
  /** The completion's id, as in its chunks or its object. */
  id: string;
  stream: boolean;
  promptTokens: number;
  /** Tokens the answer would have without a limit or a stop. */
  plannedTokens: number;
  /** Tokens generated so far: stops growing when the call is done or stopped. */
  generatedTokens: number;
  state: CallState;
  /** Once done: why the generation ended. Null while generating and when stopped. */
  finishReason: FinishReason | null;
  /** Times on the replica's clock. */
  startedAt: number;
  firstTokenAt: number | null;
  endedAt: number | null;
}

/** Every call the replica received, and the count per turn: count calls, not tokens. */
export class CallLog {
  private readonly records: CallRecord[] = [];
  private readonly listeners = new Set<(record: CallRecord) => void>();

  all(): readonly CallRecord[] {
    return this.records;
  }

  forTurn(turn: string): CallRecord[] {
    return this.records.filter((record) => record.turn === turn);
  }

  /** How many calls the turn made. */
  count(turn: string): number {
    return this.forTurn(turn).length;
  }

  /** Calls `listener` when a call opens, at each token and when it ends; returns the unsubscribe. */
  subscribe(listener: (record: CallRecord) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  open(fields: Omit<CallRecord, 'seq' | 'n' | 'generatedTokens' | 'state' | 'finishReason' | 'firstTokenAt' | 'endedAt'>): CallRecord {
    const record: CallRecord = {
      ...fields,
      seq: this.records.length + 1,
      n: this.count(fields.turn) + 1,
      generatedTokens: 0,
      state: 'generating',
      finishReason: null,
      firstTokenAt: null,
      endedAt: null,
    };
    this.records.push(record);
    this.changed(record);
    return record;
  }

  changed(record: CallRecord): void {
    for (const listener of this.listeners) listener(record);
  }
}

export interface ModelReplicaOptions {
  clock?: Clock;
  pacing?: Partial<Pacing>;
  /** The log to write to; a new one by default. */
  calls?: CallLog;
  /** Unix seconds at the clock's 0, for `created`; 2026-01-01 by default so runs are identical. */
  epochSeconds?: number;
}

export interface ModelReplica {
  /** The replica as a fetch-shaped function for the page: honours `init.signal` as fetch does. */
  fetch: FetchLike;
  /** The handler behind it, for an HTTP server. */
  handle(request: Request): Promise<Response>;
  calls: CallLog;
  pacing: Pacing;
  clock: Clock;
}

/** One step of a generation: a token of text, or a fragment of a tool call. */
type Token = { content: string } | { fragment: NonNullable<ChunkDelta['tool_calls']>[number] };

/**
 * The round's tokens in the order they are generated: text first, then the calls' fragments
 * interleaved. The reference keys fragments by `index` and promises no order between calls; OpenAI's
 * own streams tend to finish one call before the next, so the replica interleaves on purpose: it is
 * the order a reader that trusts array positions gets wrong.
 */
function tokensOf(round: PlannedRound): Token[] {
  const tokens: Token[] = round.textTokens.map((content) => ({ content }));
  round.calls.forEach((call, index) => {
    tokens.push({ fragment: { index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } } });
  });
  const longest = Math.max(0, ...round.calls.map((call) => call.argumentTokens.length));
  for (let i = 0; i < longest; i++) {
    round.calls.forEach((call, index) => {
      const piece = call.argumentTokens[i];
      if (piece !== undefined) tokens.push({ fragment: { index, function: { arguments: piece } } });
    });
  }
  return tokens;
}

function errorResponse(status: number, message: string, type = 'invalid_request_error', param: string | null = null): Response {
  // OpenAI's error body: https://platform.openai.com/docs/guides/error-codes
  return new Response(JSON.stringify({ error: { message, type, param, code: null } }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const ROLES = new Set(['system', 'developer', 'user', 'assistant', 'tool']);

/** The request body, or a 400 that says what is wrong with it. */
async function readRequest(request: Request): Promise<ChatRequest | Response> {
  const text = await request.text();
  if (new TextEncoder().encode(text).byteLength > MAX_REQUEST_BYTES) {
    return errorResponse(413, `The request body is larger than ${MAX_REQUEST_BYTES} bytes.`);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return errorResponse(400, 'The request body is not valid JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return errorResponse(400, 'The request body must be a JSON object.');
  const { model, messages, tools } = body as Record<string, unknown>;
  if (typeof model !== 'string' || model === '') return errorResponse(400, 'You must provide a model parameter.', 'invalid_request_error', 'model');
  if (!Array.isArray(messages) || messages.length === 0) {
    return errorResponse(400, 'messages must be a non-empty array.', 'invalid_request_error', 'messages');
  }
  for (const [i, message] of messages.entries()) {
    const role = (message as { role?: unknown } | null)?.role;
    if (typeof role !== 'string' || !ROLES.has(role)) {
      return errorResponse(400, `messages[${i}].role must be one of ${[...ROLES].join(', ')}.`, 'invalid_request_error', `messages[${i}].role`);
    }
  }
  if (tools !== undefined && !Array.isArray(tools)) return errorResponse(400, 'tools must be an array.', 'invalid_request_error', 'tools');
  return body as ChatRequest;
}

function tokenLimit(request: ChatRequest): number {
  const limit = request.max_completion_tokens ?? request.max_tokens;
  return typeof limit === 'number' && limit >= 1 ? Math.floor(limit) : Infinity;
}

/** The message a non-streamed answer carries for the tokens generated. */
function messageOf(tokens: Token[]): { content: string | null; tool_calls?: ToolCall[] } {
  let content = '';
  const calls: ToolCall[] = [];
  for (const token of tokens) {
    if ('content' in token) {
      content += token.content;
      continue;
    }
    const { index, id, function: fn } = token.fragment;
    const call = (calls[index] ??= { id: '', type: 'function', function: { name: '', arguments: '' } });
    if (id !== undefined) call.id = id;
    if (fn?.name !== undefined) call.function.name = fn.name;
    call.function.arguments += fn?.arguments ?? '';
  }
  return calls.length > 0 ? { content: content === '' ? null : content, tool_calls: calls } : { content };
}

/** Unix seconds at the clock's 0 when nothing else is said: 2026-01-01, so that runs are identical. */
const DEFAULT_EPOCH_SECONDS = 1_767_225_600;

/** What the replica will generate for a request: its tokens after the limit, why it ends, its prompt. */
function planCall(request: ChatRequest, newCallId: () => string) {
  const round = planRound(request, newCallId);
  const planned = tokensOf(round);
  const tokens = planned.slice(0, Math.min(planned.length, tokenLimit(request)));
  const finishReason: FinishReason = tokens.length < planned.length ? 'length' : round.calls.length > 0 ? 'tool_calls' : 'stop';
  return { planned, tokens, finishReason, prompt: promptTokens(request) };
}

/** The chunks of one streamed answer, in the replica's shapes. */
function chunkWriter(id: string, created: number, includeUsage: boolean) {
  const chunk = (choices: ChatCompletionChunk['choices'], usage?: Usage): ChatCompletionChunk => {
    const value: ChatCompletionChunk = { id, object: 'chat.completion.chunk', created, model: REPLICA_MODEL, choices };
    if (includeUsage) value.usage = usage ?? null;
    return value;
  };
  // `logprobs` is optional in a chunk's choice and left out: the replica has none to give.
  const choice = (delta: ChunkDelta, finish: FinishReason | null = null) => [{ index: 0, delta, finish_reason: finish }];
  return {
    /** Sent with the first token (or before the finish chunk of an answer with no token). */
    role: () => chunk(choice({ role: 'assistant', content: '' })),
    token: (token: Token) => chunk(choice('content' in token ? { content: token.content } : { tool_calls: [token.fragment] })),
    finish: (reason: FinishReason) => chunk(choice({}, reason)),
    usage: (usage: Usage) => chunk([], usage),
  };
}

/**
 * The chunks the replica streams for `request` when nothing stops it, computed without running it:
 * those of a fresh replica's first call (id `chatcmpl-r1`, created at the clock's 0), `[DONE]` left
 * out. For checks that need the replica's chunks at once, such as the exercises' cases.
 */
export function replicaChunks(request: ChatRequest, epochSeconds = DEFAULT_EPOCH_SECONDS): ChatCompletionChunk[] {
  let toolCalls = 0;
  const plan = planCall(request, () => `call_r${++toolCalls}`);
  const includeUsage = request.stream_options?.include_usage === true;
  const write = chunkWriter('chatcmpl-r1', epochSeconds, includeUsage);
  const chunks = [write.role(), ...plan.tokens.map(write.token), write.finish(plan.finishReason)];
  const generated = plan.tokens.length;
  if (includeUsage) chunks.push(write.usage({ prompt_tokens: plan.prompt, completion_tokens: generated, total_tokens: plan.prompt + generated }));
  return chunks;
}

export function startModelReplica(options: ModelReplicaOptions = {}): ModelReplica {
  const clock = options.clock ?? realClock;
  const pacing: Pacing = { ...DEFAULT_PACING, ...options.pacing };
  const calls = options.calls ?? new CallLog();
  const epoch = options.epochSeconds ?? DEFAULT_EPOCH_SECONDS;
  let completions = 0;
  let toolCalls = 0;

  /**
   * Runs the generation of `tokens` on the clock: the first after `firstTokenMs`, then one every
   * `tokenMs`. Resolves once every token is generated, or at once when `stop` is called.
   */
  function generate(record: CallRecord, tokens: Token[], onToken: (token: Token, first: boolean) => void) {
    let timer: unknown;
    let settle!: () => void;
    const finished = new Promise<void>((resolve) => (settle = resolve));
    const next = () => {
      const token = tokens[record.generatedTokens]!;
      const first = record.generatedTokens === 0;
      record.generatedTokens++;
      if (first) record.firstTokenAt = clock.now();
      onToken(token, first);
      calls.changed(record);
      if (record.generatedTokens < tokens.length) timer = clock.setTimeout(next, pacing.tokenMs);
      else settle();
    };
    if (tokens.length === 0) settle();
    else timer = clock.setTimeout(next, pacing.firstTokenMs);
    return {
      finished,
      stop() {
        if (record.state !== 'generating') return;
        clock.clearTimeout(timer);
        record.state = 'stopped';
        record.endedAt = clock.now();
        calls.changed(record);
        settle();
      },
    };
  }

  function end(record: CallRecord, finishReason: FinishReason): void {
    record.state = 'done';
    record.finishReason = finishReason;
    record.endedAt = clock.now();
    calls.changed(record);
  }

  async function handle(request: Request): Promise<Response> {
    const path = new URL(request.url).pathname.replace(/\/+$/, '');
    if (path !== CHAT_COMPLETIONS_PATH) return errorResponse(404, `Unknown path ${path}: the replica answers ${CHAT_COMPLETIONS_PATH}.`);
    if (request.method !== 'POST') {
      const response = errorResponse(405, `Use POST for ${CHAT_COMPLETIONS_PATH}.`);
      response.headers.set('Allow', 'POST');
      return response;
    }
    const body = await readRequest(request);
    if (body instanceof Response) return body;

    const id = `chatcmpl-r${++completions}`;
    const { planned, tokens, finishReason, prompt } = planCall(body, () => `call_r${++toolCalls}`);
    const usage = (): Usage => ({ prompt_tokens: prompt, completion_tokens: record.generatedTokens, total_tokens: prompt + record.generatedTokens });
    const record = calls.open({
      turn: request.headers.get(TURN_HEADER) ?? '',
      id,
      stream: body.stream === true,
      promptTokens: prompt,
      plannedTokens: planned.length,
      startedAt: clock.now(),
    });
    const created = epoch + Math.floor(clock.now() / 1000);

    if (body.stream !== true) {
      const generation = generate(record, tokens, () => undefined);
      const onAbort = () => generation.stop();
      request.signal.addEventListener('abort', onAbort, { once: true });
      if (request.signal.aborted) generation.stop();
      await generation.finished;
      request.signal.removeEventListener('abort', onAbort);
      if (record.state === 'stopped') return errorResponse(499, 'The client closed the request.', 'client_closed_request');
      end(record, finishReason);
      const completion: ChatCompletion = {
        id,
        object: 'chat.completion',
        created,
        model: REPLICA_MODEL,
        choices: [{ index: 0, message: { role: 'assistant', ...messageOf(tokens), refusal: null }, logprobs: null, finish_reason: finishReason }],
        usage: usage(),
      };
      return new Response(JSON.stringify(completion), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }

    const includeUsage = body.stream_options?.include_usage === true;
    const encoder = new TextEncoder();
    const write = chunkWriter(id, created, includeUsage);
    const event = (value: ChatCompletionChunk) => sseData(JSON.stringify(value));
    let generation: ReturnType<typeof generate> | undefined;
    const stop = () => generation?.stop();
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        const send = (text: string) => controller.enqueue(encoder.encode(text));
        generation = generate(record, tokens, (token, first) => send((first ? event(write.role()) : '') + event(write.token(token))));
        request.signal.addEventListener('abort', stop, { once: true });
        if (request.signal.aborted) stop();
        void generation.finished.then(() => {
          request.signal.removeEventListener('abort', stop);
          if (record.state === 'stopped') return; // the client is gone: nothing more is written
          end(record, finishReason);
          let tail = tokens.length === 0 ? event(write.role()) : '';
          tail += event(write.finish(finishReason));
          if (includeUsage) tail += event(write.usage(usage()));
          tail += sseData(DONE_DATA);
          send(tail);
          controller.close();
        });
      },
      cancel() {
        stop();
      },
    });
    return new Response(stream, {
      status: 200,
      headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache', 'X-Accel-Buffering': 'no' },
    });
  }

  const fetchLike: FetchLike = async (input, init) => {
    const signal = init?.signal ?? null;
    if (signal?.aborted) throw abortReason(signal);
    const request = new Request(new URL(input, MODEL_ORIGIN), init);
    const response = await untilAborted(handle(request), signal);
    if (signal === null || response.body === null) return response;
    return new Response(abortableBody(response.body, signal), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };

  return { fetch: fetchLike, handle, calls, pacing, clock };
}

/** What fetch rejects with when its signal aborts: the signal's reason, an AbortError by default. */
function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted', 'AbortError');
}

/** The promise, or a rejection with the abort reason as soon as the signal aborts first. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | null): Promise<T> {
  if (signal === null) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** The body as fetch gives it: once the signal aborts, reads reject and the server's stream is cancelled. */
function abortableBody(body: ReadableStream<Uint8Array>, signal: AbortSignal): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let aborted = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const onAbort = () => {
        aborted = true;
        controller.error(abortReason(signal));
        reader.cancel(abortReason(signal)).catch(() => undefined);
      };
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (aborted) return;
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}
