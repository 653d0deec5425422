// The shapes of OpenAI's Chat Completions API that the model replica speaks and the harnesses read.
// Checked against OpenAI's published reference:
// - the request and `stream_options.include_usage`: https://platform.openai.com/docs/api-reference/chat/create
// - the `chat.completion` object: https://platform.openai.com/docs/api-reference/chat/object
// - the `chat.completion.chunk` object, streamed as server-sent events:
//   https://platform.openai.com/docs/api-reference/chat/streaming
//   (https://developers.openai.com/api/reference/resources/chat/subresources/completions/streaming-events)
// - the same types as OpenAI's TypeScript SDK generates them from its spec:
//   https://github.com/openai/openai-node/blob/master/src/resources/chat/completions/completions.ts
// Only the fields the course uses are typed; everything else a real response may carry is left out.

import { expectString } from '../core/arguments.ts';

/** Where the replica answers, as OpenAI's API does. */
export const CHAT_COMPLETIONS_PATH = '/v1/chat/completions';

/** `stop`: a natural end; `tool_calls`: the model asks for tools; `length`: the token limit cut it. */
export type FinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'function_call';

/** The tokens a call used, as OpenAI's Chat Completions reports them. */
export interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

/** A complete tool call, as a non-streamed answer or the request history carries it. */
export interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** A message of a Chat Completions request. */
export type ChatMessage =
  | { role: 'system' | 'developer'; content: string }
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

/** A tool offered to the model, as a Chat Completions request describes it. */
export interface ToolDefinition {
  type: 'function';
  function: { name: string; description?: string; parameters?: Record<string, unknown> };
}

/** The request body the replica reads. */
export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  tools?: ToolDefinition[];
  stream?: boolean;
  /** Only with `stream: true`: a last chunk with `choices: []` and the usage, before `[DONE]`. */
  stream_options?: { include_usage?: boolean } | null;
  /** The older name; the reference now documents `max_completion_tokens`. The replica takes both. */
  max_tokens?: number | null;
  max_completion_tokens?: number | null;
}

/**
 * One fragment of a tool call inside a chunk. Only `index` is always there: the first fragment of a
 * call carries `id`, `type` and `function.name`; the later ones carry `index` and the next piece of
 * `function.arguments`. A later fragment may also carry `id`, `type` and `function.name` as `null`,
 * which says no more than leaving them out: servers built on Python models whose fields default to
 * None write them so, as LiteLLM's ChatCompletionDeltaToolCall (`id` and `type` Optional, its
 * Function's `name` Optional: litellm/types/utils.py,
 * https://github.com/BerriAI/litellm/blob/001c64f24845167b8fcd01f3e48152923627d4c7/litellm/types/utils.py)
 * and SGLang's streamed argument fragments (`"id":null` and `"name":null`, shown in
 * https://github.com/sgl-project/sglang/pull/35542). `function.arguments` may be `null` as well:
 * OpenAI's own Python SDK types it `Optional[str] = None` (ChoiceDeltaToolCallFunction,
 * https://github.com/openai/openai-python/blob/main/src/openai/types/chat/chat_completion_chunk.py).
 */
export interface ToolCallFragment {
  index: number;
  id?: string | null;
  type?: string | null;
  function?: { name?: string | null; arguments?: string | null };
}

/** What one streamed chunk adds to a choice: text, a refusal, or tool call fragments. */
export interface ChunkDelta {
  role?: 'assistant';
  content?: string | null;
  refusal?: string | null;
  tool_calls?: ToolCallFragment[];
}

/** One choice of a streamed chunk: its delta and, at its end, why it finished. */
export interface ChunkChoice {
  index: number;
  delta: ChunkDelta;
  finish_reason: FinishReason | null;
}

/** One `data:` event of a streamed answer. `choices` is empty in the usage chunk. */
export interface ChatCompletionChunk {
  id: string;
  object: 'chat.completion.chunk';
  created: number;
  model: string;
  choices: ChunkChoice[];
  /** With `include_usage`: null on every chunk but the last, which carries the usage and no choice. */
  usage?: Usage | null;
}

/** A non-streamed answer. */
export interface ChatCompletion {
  id: string;
  object: 'chat.completion';
  created: number;
  model: string;
  choices: {
    index: number;
    message: { role: 'assistant'; content: string | null; refusal: null; tool_calls?: ToolCall[] };
    logprobs: null;
    finish_reason: FinishReason;
  }[];
  usage: Usage;
}

/** The data of the event that ends every streamed answer, after the last chunk. */
export const DONE_DATA = '[DONE]';

/** One server-sent event with a single `data:` line: JSON never holds a raw line break. */
export function sseData(data: string): string {
  expectString(data, 'sseData', 'data');
  return `data: ${data}\n\n`;
}
