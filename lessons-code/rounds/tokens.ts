// The replica's tokens. Not a model's tokenizer (OpenAI's models cut text with a byte-pair encoding,
// see https://github.com/openai/tiktoken): a word and the whitespace after it is one token, and a
// tool call's JSON arguments are cut after each `{`, `:` and `,`. Counts a reader can check by hand.
// The replica bills with these counts, and the harnesses count a round that was cut short with the
// same ones, as an app counts with the model's own tokenizer.

import { wordPieces } from '../lab/paced-host.ts';
import type { ChatMessage, ChatRequest } from './chat-format.ts';
import { expectObject, expectString } from '../core/arguments.ts';

/** The tokens of a text: words, each with the whitespace after it; joined, they give the text back. */
export function textTokens(text: string): string[] {
  expectString(text, 'textTokens', 'text');
  return wordPieces(text);
}

/** The tokens of a tool call's JSON arguments; joined, they give the JSON back. */
export function argumentTokens(json: string): string[] {
  expectString(json, 'argumentTokens', 'json');
  if (json === '') return [];
  return json.split(/(?<=[{:,])/u);
}

/** What every message costs besides its content (its role and the separators around it). */
export const MESSAGE_OVERHEAD_TOKENS = 3;

function messageTokens(message: ChatMessage): number {
  let n = MESSAGE_OVERHEAD_TOKENS;
  if (typeof message.content === 'string') n += textTokens(message.content).length;
  if (message.role === 'assistant') {
    for (const call of message.tool_calls ?? []) n += 1 + argumentTokens(call.function.arguments).length;
  }
  return n;
}

/** The input tokens of a request: every message, and the definition of every tool offered. */
export function promptTokens(request: Pick<ChatRequest, 'messages' | 'tools'>): number {
  expectObject(request, 'promptTokens', 'request');
  let n = 0;
  for (const message of request.messages) n += messageTokens(message);
  for (const tool of request.tools ?? []) n += argumentTokens(JSON.stringify(tool.function)).length;
  return n;
}
