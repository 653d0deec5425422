// Reading one streamed round: the chunks as they arrive, and what they add up to. The four details
// of the lesson live here, each next to the naive version that fails without a sound:
// 1. tool calls are rebuilt by `index`, never by their position in the `tool_calls` array;
// 2. `finish_reason` comes in a chunk whose delta is empty;
// 3. the usage comes last, in a chunk whose `choices` is empty;
// 4. the text of two rounds needs a paragraph break between them.

import { readStandardStream } from '../standard/stream.ts';
import { DONE_DATA, type ChatCompletionChunk, type FinishReason, type Usage } from './chat-format.ts';
import { expectArray, expectBody, expectObject, expectString, expectStrings } from '../core/arguments.ts';

/**
 * What went wrong with a model's answer, as a program tells the cases apart (a UI by its own words,
 * never by the message): an HTTP error status, no body, a chunk that is not JSON or not an object,
 * an error event, a chunk without `choices`, an answer with no choice, or a stream that ended before
 * `data: [DONE]`.
 */
export type ModelStreamProblem =
  | 'http-status'
  | 'no-body'
  | 'not-json'
  | 'not-object'
  | 'error-event'
  | 'no-choices'
  | 'no-choice'
  | 'incomplete';

/** The message of a stream that ended before `data: [DONE]`. */
export const INCOMPLETE_STREAM_MESSAGE = 'the stream ended before data: [DONE]: the answer is incomplete';

/** A stream that broke the format: an error event, a chunk that is not JSON, or no `[DONE]`. */
export class ModelStreamError extends Error {
  override name = 'ModelStreamError';
  readonly kind: ModelStreamProblem;
  constructor(kind: ModelStreamProblem, message: string) {
    super(message);
    this.kind = kind;
  }
}

function parseChunk(data: string): ChatCompletionChunk {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    throw new ModelStreamError('not-json', `a chunk is not JSON: ${data.length > 60 ? data.slice(0, 60) + '…' : data}`);
  }
  if (typeof value !== 'object' || value === null)
    throw new ModelStreamError('not-object', 'a chunk is not a JSON object');
  const error = (value as { error?: { message?: unknown } }).error;
  if (error !== undefined)
    throw new ModelStreamError(
      'error-event',
      `the model server sent an error: ${String(error?.message ?? 'no message')}`,
    );
  if (!Array.isArray((value as { choices?: unknown }).choices))
    throw new ModelStreamError('no-choices', 'a chunk has no choices array');
  return value as ChatCompletionChunk;
}

/**
 * The chunks of a streamed answer, as they arrive, read with the HTML standard's rules through the
 * course's transport (standard/stream.ts over core/transport.ts); ends at `data: [DONE]`. A stream
 * that ends without it throws: the answer is incomplete. Leaving the loop early cancels the body,
 * which ends the request; so does aborting `signal`, even while a read is waiting.
 */
export async function* readChatChunks(
  body: ReadableStream<Uint8Array>,
  options: { signal?: AbortSignal } = {},
): AsyncGenerator<ChatCompletionChunk, void, undefined> {
  expectBody(body, 'readChatChunks');
  for await (const data of readStandardStream(body, options)) {
    if (data === DONE_DATA) return;
    yield parseChunk(data);
  }
  throw new ModelStreamError('incomplete', INCOMPLETE_STREAM_MESSAGE);
}

/** A complete tool call, rebuilt from its fragments. */
export interface AssembledToolCall {
  id: string;
  name: string;
  arguments: string;
}

/**
 * Rebuilds the tool calls of a streamed round from its chunks, by `index`: ordered by index (which
 * may start at 1 and skip numbers); `id` and `function.name` from the first fragment of an index
 * that carries them, never concatenated; `function.arguments` concatenated in arrival order. Chunks
 * with `choices: []` and calls of a type other than `function` are skipped; a `type` that is `null`
 * or left out is no type, and a call that no fragment gives a type is a function call. Reads the
 * first choice (`choices[].index` 0), the one a chat shows. A call whose fragments never named it
 * has `''` (an `id` or a `name` that is `null` names nothing). Every other call is returned as its
 * fragments make it: unnamed, with `''` or arguments that are not JSON (a round cut short) included.
 */
export function assembleToolCalls(chunks: readonly ChatCompletionChunk[]): AssembledToolCall[] {
  expectArray(chunks, 'assembleToolCalls', 'chunks');
  const calls = new Map<number, AssembledToolCall>();
  const otherType = new Set<number>();
  for (const chunk of chunks) {
    for (const choice of chunk.choices) {
      if (choice.index !== 0) continue;
      for (const fragment of choice.delta?.tool_calls ?? []) {
        const index = fragment.index;
        if ((fragment.type ?? 'function') !== 'function') otherType.add(index);
        if (otherType.has(index)) continue;
        let call = calls.get(index);
        if (call === undefined) {
          call = { id: '', name: '', arguments: '' };
          calls.set(index, call);
        }
        if (call.id === '' && typeof fragment.id === 'string') call.id = fragment.id;
        if (call.name === '' && typeof fragment.function?.name === 'string') call.name = fragment.function.name;
        if (typeof fragment.function?.arguments === 'string') call.arguments += fragment.function.arguments;
      }
    }
  }
  for (const index of otherType) calls.delete(index);
  return [...calls.entries()].sort((a, b) => a[0] - b[0]).map(([, call]) => call);
}

/** Naive: trusts the position in the `tool_calls` array. One fragment per chunk lands every call at 0. */
export function assembleToolCallsByPosition(chunks: readonly ChatCompletionChunk[]): AssembledToolCall[] {
  expectArray(chunks, 'assembleToolCallsByPosition', 'chunks');
  const calls: AssembledToolCall[] = [];
  for (const chunk of chunks) {
    const fragments = chunk.choices[0]?.delta.tool_calls ?? [];
    fragments.forEach((fragment, position) => {
      const call = (calls[position] ??= { id: '', name: '', arguments: '' });
      if (fragment.id) call.id = fragment.id;
      if (fragment.function?.name) call.name = fragment.function.name;
      call.arguments += fragment.function?.arguments ?? '';
    });
  }
  return calls;
}

/** What one streamed round comes to. */
export interface RoundResult {
  text: string;
  toolCalls: AssembledToolCall[];
  /** Null when the stream never said why it ended. */
  finishReason: FinishReason | null;
  /** Null when no usage chunk came (not asked for, or the round was cut short). */
  usage: Usage | null;
  /**
   * Tokens received: one for each chunk's text, one for each tool-call fragment (a chunk may carry
   * several); the replica sends one token a chunk.
   */
  tokensReceived: number;
}

/** Reads a round chunk by chunk, carefully: every chunk is looked at, even with an empty delta or no choice. */
export class RoundReader {
  private text = '';
  private readonly toolChunks: ChatCompletionChunk[] = [];
  private finishReason: FinishReason | null = null;
  private usage: Usage | null = null;
  private tokens = 0;

  /** Takes the next chunk; returns the text it adds ('' when none). */
  take(chunk: ChatCompletionChunk): string {
    expectObject(chunk, 'RoundReader.take', 'chunk');
    expectArray(chunk.choices, 'RoundReader.take', 'chunk.choices');
    if (chunk.usage) this.usage = chunk.usage;
    const choice = chunk.choices.find((c) => c.index === 0);
    if (choice === undefined) return ''; // the usage chunk: no choice at all
    if (choice.finish_reason) this.finishReason = choice.finish_reason; // its delta is empty
    const { content, tool_calls: fragments } = choice.delta;
    if (fragments && fragments.length > 0) {
      this.toolChunks.push(chunk);
      this.tokens += fragments.length;
    }
    if (typeof content === 'string' && content !== '') {
      this.tokens++;
      this.text += content;
      return content;
    }
    return '';
  }

  get tokensReceived(): number {
    return this.tokens;
  }

  result(): RoundResult {
    return {
      text: this.text,
      toolCalls: assembleToolCalls(this.toolChunks),
      finishReason: this.finishReason,
      usage: this.usage,
      tokensReceived: this.tokens,
    };
  }
}

/** Reads every chunk of a round at once (the chunks of a recording). */
export function readRound(chunks: readonly ChatCompletionChunk[]): RoundResult {
  expectArray(chunks, 'readRound', 'chunks');
  const reader = new RoundReader();
  for (const chunk of chunks) reader.take(chunk);
  return reader.result();
}

/** Naive: looks only at chunks with content, so it never sees the chunk that carries `finish_reason`. */
export function readRoundSkippingEmptyDeltas(chunks: readonly ChatCompletionChunk[]): {
  text: string;
  finishReason: FinishReason | null;
} {
  expectArray(chunks, 'readRoundSkippingEmptyDeltas', 'chunks');
  let text = '';
  let finishReason: FinishReason | null = null;
  for (const chunk of chunks) {
    const choice = chunk.choices[0];
    if (!choice?.delta.content) continue; // "nothing to show in this one"
    text += choice.delta.content;
    if (choice.finish_reason) finishReason = choice.finish_reason;
  }
  return { text, finishReason };
}

/** Naive: takes `chunk.choices[0].delta` on trust, which throws on the usage chunk. */
export function readRoundBlindly(chunks: readonly ChatCompletionChunk[]): { text: string; usage: Usage | null } {
  expectArray(chunks, 'readRoundBlindly', 'chunks');
  let text = '';
  let usage: Usage | null = null;
  for (const chunk of chunks) {
    const delta = chunk.choices[0]!.delta; // the `!` is the naive trust: JavaScript's chunk.choices[0].delta
    text += delta.content ?? '';
    if (chunk.usage) usage = chunk.usage;
  }
  return { text, usage };
}

/**
 * What goes before the first text of a round so that it starts a new paragraph: nothing when
 * nothing is shown yet, and only the line breaks that are missing otherwise. A model's text may end
 * its lines with CRLF as well as LF: `\r\n` is one line break, so `'a\r\n\r\n'` already ends with a
 * blank line.
 */
export function paragraphBreak(shown: string): string {
  expectString(shown, 'paragraphBreak', 'shown');
  const end = shown.replaceAll('\r\n', '\n');
  if (end === '' || end.endsWith('\n\n')) return '';
  return end.endsWith('\n') ? '\n' : '\n\n';
}

/** The text of several rounds as one message, each round's text a paragraph of its own. */
export function joinRounds(texts: readonly string[]): string {
  expectStrings(texts, 'joinRounds', 'texts');
  let shown = '';
  for (const text of texts) if (text !== '') shown += paragraphBreak(shown) + text;
  return shown;
}

/** Naive: the rounds' text as it comes, so the last sentence of one round runs into the next. */
export function joinRoundsAsTheyCome(texts: readonly string[]): string {
  expectStrings(texts, 'joinRoundsAsTheyCome', 'texts');
  return texts.join('');
}
