// What the model replica writes for a request, before any clock is involved: its tokens (text, then
// the tool calls' fragments interleaved), cut by the token limit, and the chunks or the completion
// object they go out in. model-replica.ts paces them; replicaChunks gives them at once.

import {
  type ChatCompletionChunk,
  type ChatRequest,
  type ChunkDelta,
  type FinishReason,
  type ToolCall,
  type Usage,
} from './chat-format.ts';
import { planRound, type PlannedRound } from './model-script.ts';
import { promptTokens } from './tokens.ts';
import { expectNumber, expectObject } from '../core/arguments.ts';

/** The model name the replica answers with. */
export const REPLICA_MODEL = 'ga-replica';
/** One step of a generation: a token of text, or a fragment of a tool call. */
export type Token = { content: string } | { fragment: NonNullable<ChunkDelta['tool_calls']>[number] };

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

function tokenLimit(request: ChatRequest): number {
  const limit = request.max_completion_tokens ?? request.max_tokens;
  return typeof limit === 'number' && limit >= 1 ? Math.floor(limit) : Infinity;
}

/** The message a non-streamed answer carries for the tokens generated. */
export function messageOf(tokens: Token[]): { content: string | null; tool_calls?: ToolCall[] } {
  let content = '';
  const calls: ToolCall[] = [];
  for (const token of tokens) {
    if ('content' in token) {
      content += token.content;
      continue;
    }
    const { index, id, function: fn } = token.fragment;
    const call = (calls[index] ??= { id: '', type: 'function', function: { name: '', arguments: '' } });
    if (id != null) call.id = id;
    if (fn?.name != null) call.function.name = fn.name;
    call.function.arguments += fn?.arguments ?? '';
  }
  return calls.length > 0 ? { content: content === '' ? null : content, tool_calls: calls } : { content };
}

/** Unix seconds at the clock's 0 when nothing else is said: 2026-01-01, so that runs are identical. */
export const DEFAULT_EPOCH_SECONDS = 1_767_225_600;

/** What the replica will generate for a request: its tokens after the limit, why it ends, its prompt. */
export function planCall(request: ChatRequest, newCallId: () => string) {
  const round = planRound(request, newCallId);
  const planned = tokensOf(round);
  const tokens = planned.slice(0, Math.min(planned.length, tokenLimit(request)));
  const finishReason: FinishReason =
    tokens.length < planned.length ? 'length' : round.calls.length > 0 ? 'tool_calls' : 'stop';
  return { planned, tokens, finishReason, prompt: promptTokens(request) };
}

/** The chunks of one streamed answer, in the replica's shapes. */
export function chunkWriter(id: string, created: number, includeUsage: boolean) {
  const chunk = (choices: ChatCompletionChunk['choices'], usage?: Usage): ChatCompletionChunk => {
    const value: ChatCompletionChunk = { id, object: 'chat.completion.chunk', created, model: REPLICA_MODEL, choices };
    if (includeUsage) value.usage = usage ?? null;
    return value;
  };
  // `logprobs` is optional in a chunk's choice and left out: the replica has none to give.
  const choice = (delta: ChunkDelta, finish: FinishReason | null = null) => [
    { index: 0, delta, finish_reason: finish },
  ];
  return {
    /** Sent with the first token (or before the finish chunk of an answer with no token). */
    role: () => chunk(choice({ role: 'assistant', content: '' })),
    token: (token: Token) =>
      chunk(choice('content' in token ? { content: token.content } : { tool_calls: [token.fragment] })),
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
  expectObject(request, 'replicaChunks', 'request');
  expectNumber(epochSeconds, 'replicaChunks', 'epochSeconds');
  let toolCalls = 0;
  const plan = planCall(request, () => `call_r${++toolCalls}`);
  const includeUsage = request.stream_options?.include_usage === true;
  const write = chunkWriter('chatcmpl-r1', epochSeconds, includeUsage);
  const chunks = [write.role(), ...plan.tokens.map(write.token), write.finish(plan.finishReason)];
  const generated = plan.tokens.length;
  if (includeUsage)
    chunks.push(
      write.usage({ prompt_tokens: plan.prompt, completion_tokens: generated, total_tokens: plan.prompt + generated }),
    );
  return chunks;
}
