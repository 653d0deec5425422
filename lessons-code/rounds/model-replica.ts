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
import { type Clock, realClock } from '../core/fake-clock.ts';
import {
  CHAT_COMPLETIONS_PATH,
  DONE_DATA,
  sseData,
  type ChatCompletion,
  type ChatCompletionChunk,
  type FinishReason,
  type Usage,
} from './chat-format.ts';
import { CallLog, type CallRecord } from './call-log.ts';
import { DEFAULT_EPOCH_SECONDS, REPLICA_MODEL, chunkWriter, messageOf, planCall, type Token } from './replica-plan.ts';
import { errorResponse, readRequest } from './replica-request.ts';
import { expectOptions } from '../core/arguments.ts';

/** The header a client sends to say which turn of the conversation a call belongs to. */
export const TURN_HEADER = 'x-turn-id';
/** A made-up origin for calls to the in-page replica; `.invalid` never resolves. */
export const MODEL_ORIGIN = 'http://model-replica.invalid';

/** How fast the replica writes: the time to its first token, then between tokens. */
export interface Pacing {
  /** Milliseconds from the request to the first token (reading the prompt). */
  firstTokenMs: number;
  /** Milliseconds between two tokens. */
  tokenMs: number;
}

/** The replica's pace unless told otherwise: 450 ms to the first token, then 30 ms a token. */
export const DEFAULT_PACING: Pacing = { firstTokenMs: 450, tokenMs: 30 };

/** The replica's clock, pace and call log. */
export interface ModelReplicaOptions {
  clock?: Clock;
  pacing?: Partial<Pacing>;
  /** The log to write to; a new one by default. */
  calls?: CallLog;
  /** Unix seconds at the clock's 0, for `created`; 2026-01-01 by default so runs are identical. */
  epochSeconds?: number;
}

/** A running replica: a fetch-shaped function, its handler, and its log of calls. */
export interface ModelReplica {
  /** The replica as a fetch-shaped function for the page: honours `init.signal` as fetch does. */
  fetch: FetchLike;
  /** The handler behind it, for an HTTP server. */
  handle(request: Request): Promise<Response>;
  calls: CallLog;
  pacing: Pacing;
  clock: Clock;
}

/**
 * A replica of a model server in OpenAI's Chat Completions format, paced on a clock: it streams
 * its scripted answers token by token, asks for tools where its script says, counts every call and
 * stops generating when a request is aborted.
 *
 * @example
 * ```ts
 * const replica = startModelReplica();
 * const report = await runStreamEveryRoundTurn({ model: replica.fetch, question: HELLO_QUESTION, turnId: 'turn-1' });
 * report.status; // 'complete'
 * replica.calls.forTurn('turn-1').length; // 1
 * ```
 */
export function startModelReplica(options: ModelReplicaOptions = {}): ModelReplica {
  expectOptions(options, 'startModelReplica');
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
    if (path !== CHAT_COMPLETIONS_PATH)
      return errorResponse(404, `Unknown path ${path}: the replica answers ${CHAT_COMPLETIONS_PATH}.`);
    if (request.method !== 'POST') {
      const response = errorResponse(405, `Use POST for ${CHAT_COMPLETIONS_PATH}.`);
      response.headers.set('Allow', 'POST');
      return response;
    }
    const body = await readRequest(request);
    if (body instanceof Response) return body;

    const id = `chatcmpl-r${++completions}`;
    const { planned, tokens, finishReason, prompt } = planCall(body, () => `call_r${++toolCalls}`);
    const usage = (): Usage => ({
      prompt_tokens: prompt,
      completion_tokens: record.generatedTokens,
      total_tokens: prompt + record.generatedTokens,
    });
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
      if (record.state === 'stopped')
        return errorResponse(499, 'The client closed the request.', 'client_closed_request');
      end(record, finishReason);
      const completion: ChatCompletion = {
        id,
        object: 'chat.completion',
        created,
        model: REPLICA_MODEL,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', ...messageOf(tokens), refusal: null },
            logprobs: null,
            finish_reason: finishReason,
          },
        ],
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
        generation = generate(record, tokens, (token, first) =>
          send((first ? event(write.role()) : '') + event(write.token(token))),
        );
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
      headers: {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache',
        'X-Accel-Buffering': 'no',
      },
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

/**
 * The body as fetch gives it: once the signal aborts, reads reject with its reason and the server's
 * stream is cancelled. A pipe with a signal does exactly that (https://streams.spec.whatwg.org/#rs-pipe-to).
 */
function abortableBody(body: ReadableStream<Uint8Array>, signal: AbortSignal): ReadableStream<Uint8Array> {
  return body.pipeThrough(new TransformStream<Uint8Array, Uint8Array>(), { signal });
}
