// The turn a stream carries, as the course reads it: the answer, the reasoning, the tool calls put
// together by their index (or by their id, where a compatible server sends none), how the turn ended
// and what it cost. Each format is read by lessons-code's
// own reader: the three providers by their parsers (lessons-code/providers/, createProviderPipeline),
// Chat Completions by the round reader (lessons-code/rounds/round-reader.ts: RoundReader,
// assembleToolCalls), GA's host stream by the one event classifier (lessons-code/core/events.ts).
// What those readers leave aside, the inspector reads from the same events: the usage, and the tool
// calls of the Responses, Messages and Gemini formats.

import { classifyParsed } from '../core/events.ts';
import { ProviderChannels } from '../providers/channels.ts';
import type { EndingKind, Provider, ProviderRoute } from '../providers/routes.ts';
import type { ChatCompletionChunk } from '../rounds/chat-format.ts';
import { RoundReader, assembleToolCalls } from '../rounds/round-reader.ts';
import { JsonTooDeep, MAX_JSON_DEPTH } from './depth.ts';
import { isObject, type FormatId, type InspectedEvent } from './format.ts';

/** A tool call, put together from its fragments: `index` is the stream's own (null where the format has none). */
export interface ToolCallView {
  index: number | null;
  id: string;
  name: string;
  arguments: string;
  /** The line of its first fragment. */
  line: number;
  /**
   * A call whose input is free text, not JSON arguments: a custom tool of OpenAI's Responses API
   * (`custom_tool_call`, its input streamed by `response.custom_tool_call_input.delta`,
   * https://platform.openai.com/docs/guides/function-calling#custom-tools). Absent otherwise.
   */
  freeform?: true;
}

/**
 * How the turn ended: one of the course's five endings (lessons-code/providers/routes.ts), or
 * `unknown` for a stream in no known format. `event`, `reason` and `message` are the stream's own
 * words (code: never translated); `line` is where the decisive event stands.
 */
export interface EndingView {
  kind: EndingKind | 'unknown';
  event: string;
  reason: string;
  message: string;
  line: number | null;
}

/** The usage the stream reports, each number under the provider's own name (`output_tokens_details.cached_tokens`). */
export interface UsageView {
  fields: [string, number][];
  line: number;
}

export interface TurnView {
  answer: string;
  reasoning: string;
  toolCalls: ToolCallView[];
  ending: EndingView;
  usage: UsageView | null;
  /** GA's routing event: its fields as text (`agentId`, `routingMethod`, `confidence`), or null. */
  routing: [string, string][] | null;
  routingLine: number | null;
}

/**
 * One event's text in the answer: where it starts, the line of its event, and the content block it
 * belongs to (Anthropic's `index`, the Responses API's `output_index` and `content_index`; `''` where
 * the format has no blocks). Two blocks are two parts of the answer, which a client may show apart.
 */
export interface AnswerPiece {
  at: number;
  line: number;
  block: string;
}

/** What the findings need beside the turn: where each piece of the answer came from, and the events that said more. */
export interface TurnFacts {
  /** Where each event's text starts in the answer, in order: for a line number of any place in it. */
  pieces: AnswerPiece[];
  /** Events that report a failure (an error event, `response.failed`, Google's error object). */
  errorLines: number[];
  errorMessage: string;
  /** The `[DONE]` events. */
  doneLines: number[];
  /** Chat Completions: the lines of tool-call fragments without a numeric `index` (placed by `id`). */
  unindexed: number[];
  /** Chat Completions: the lines of fragments that open a call with a new `id` under an `index` an earlier call has. */
  sharedIndex: number[];
  /** Events whose data should be JSON in this format and is not. */
  notJson: number[];
}

const PROVIDER_OF: Partial<Record<FormatId, Provider>> = {
  'openai-responses': 'openai',
  anthropic: 'anthropic',
  gemini: 'gemini',
};

/** The event each provider closes a turn with: what a cut lacks (lessons-code/providers/channels.ts). */
export const CLOSING_EVENTS: Partial<Record<FormatId, string>> = {
  'openai-responses': 'response.completed',
  anthropic: 'message_stop',
  gemini: 'finishReason',
  'openai-chat': 'data: [DONE]',
  ga: 'data: [DONE]',
};

/**
 * An event's data as JSON: what lines.ts parsed (data that starts as an object or an array), or,
 * for data that starts otherwise, JSON.parse's own verdict (`42`, `"text"`, `null` are JSON too).
 */
function jsonOf(event: InspectedEvent): unknown {
  if (event.payload !== undefined || /^\s*[{[]/.test(event.data)) return event.payload;
  try {
    return JSON.parse(event.data);
  } catch {
    return undefined;
  }
}

/** Two line ends in a row: a blank line, whatever the line ends (CRLF, LF, CR). */
const BLANK_LINE = /(?:\r\n|\n|\r)(?:\r\n|\n|\r)/g;

/** The text after the body's last blank line: what no event closed (read-provider-stream.ts, TailAfterLastEvent). */
function afterLastEvent(body: string): string {
  let end = 0;
  BLANK_LINE.lastIndex = 0;
  for (let match = BLANK_LINE.exec(body); match !== null; match = BLANK_LINE.exec(body))
    end = match.index + match[0].length;
  return body.slice(end);
}

/** Every number of a usage object, nested ones under a dotted name. */
function numbers(value: unknown, prefix = ''): [string, number][] {
  if (!isObject(value)) return [];
  return Object.entries(value).flatMap(([key, field]): [string, number][] =>
    typeof field === 'number' ? [[prefix + key, field]] : isObject(field) ? numbers(field, `${prefix}${key}.`) : [],
  );
}

/** Usage reported by a later event adds to, or replaces, the fields of an earlier one (Anthropic's message_delta). */
class UsageTracker {
  private fields = new Map<string, number>();
  private line = 0;
  add(value: unknown, line: number): void {
    const found = numbers(value);
    if (found.length === 0) return;
    for (const [name, n] of found) this.fields.set(name, n);
    this.line = line;
  }
  view(): UsageView | null {
    return this.fields.size === 0 ? null : { fields: [...this.fields], line: this.line };
  }
}

/** The usage object of one event, where its format puts it. */
function usageOf(format: FormatId, p: Record<string, unknown>): unknown {
  switch (format) {
    case 'openai-responses':
      return isObject(p.response) ? p.response.usage : undefined;
    case 'anthropic':
      return p.type === 'message_start' && isObject(p.message) ? p.message.usage : p.usage;
    case 'gemini':
      return p.usageMetadata;
    case 'openai-chat':
      return p.usage;
    default:
      return undefined;
  }
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * One of Gemini's streamed argument pieces set into the arguments so far: `jsonPath` (`$.a.b[0].c`)
 * names the place, `stringValue`, `numberValue`, `boolValue` or `nullValue` the value; a string
 * under a place that holds one already goes on with it. The capture is untrusted: a place is only
 * ever an own property (a path through `__proto__` or `constructor` makes a property of that name,
 * never reaches a prototype), and an array grows by one at most (`[99999999]` past its end is left
 * out, not written as that many empty places). A path of more than MAX_JSON_DEPTH steps would
 * nest the arguments past what JSON.stringify can write: JsonTooDeep, said as the input's problem.
 */
function setPartialArg(args: Record<string, unknown>, arg: Record<string, unknown>, line: number): void {
  const path = text(arg.jsonPath).replace(/^\$\.?/, '');
  if (path === '') return;
  const steps: (string | number)[] = [];
  for (const match of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    steps.push(match[2] !== undefined ? Number(match[2]) : match[1]!);
    if (steps.length > MAX_JSON_DEPTH) throw new JsonTooDeep(line);
  }
  let value: unknown;
  if (typeof arg.stringValue === 'string') value = arg.stringValue;
  else if (typeof arg.numberValue === 'number') value = arg.numberValue;
  else if (typeof arg.boolValue === 'boolean') value = arg.boolValue;
  else if ('nullValue' in arg) value = null;
  else return;
  type Place = Record<string | number, unknown>;
  const own = (at: Place, step: string | number): unknown => (Object.hasOwn(at, step) ? at[step] : undefined);
  const set = (at: Place, step: string | number, to: unknown): boolean => {
    if (Array.isArray(at) !== (typeof step === 'number')) return false;
    if (Array.isArray(at) && (step as number) > at.length) return false;
    Object.defineProperty(at, step, { value: to, writable: true, enumerable: true, configurable: true });
    return true;
  };
  let at: Place = args;
  for (let i = 0; i < steps.length - 1; i++) {
    const step = steps[i]!;
    let next = own(at, step);
    if (typeof next !== 'object' || next === null) {
      next = typeof steps[i + 1] === 'number' ? [] : {};
      if (!set(at, step, next)) return;
    }
    at = next as Place;
  }
  const last = steps.at(-1)!;
  const held = own(at, last);
  set(at, last, typeof value === 'string' && typeof held === 'string' ? held + value : value);
}

/** Tool calls of the Responses, Messages and Gemini formats, put together by their own index. */
class ProviderToolCalls {
  private calls = new Map<number | string, ToolCallView>();
  private sawArguments = new Set<number | string>();
  /** Anthropic: the input a tool_use block's start carried, when not empty. */
  private startInputs = new Map<number | string, string>();
  /** Gemini: the call whose arguments are being streamed, and its arguments so far. */
  private streamed: { key: number; args: Record<string, unknown> } | null = null;
  /**
   * Gemini: each streamed call's arguments, written as JSON once, by list(): written again after each
   * piece, a call streamed in thousands of pieces took time as the square of its length.
   */
  private streamedArgs = new Map<number, Record<string, unknown>>();

  take(format: FormatId, p: Record<string, unknown>, line: number): void {
    if (format === 'openai-responses') {
      const key = typeof p.output_index === 'number' ? p.output_index : text(p.item_id);
      const item = isObject(p.item) ? p.item : null;
      if (p.type === 'response.output_item.added' && item?.type === 'function_call')
        this.open(key, text(item.call_id) || text(item.id), text(item.name), line, key);
      else if (p.type === 'response.output_item.added' && item?.type === 'custom_tool_call') {
        this.open(key, text(item.call_id) || text(item.id), text(item.name), line, key);
        const call = this.calls.get(key);
        if (call) call.freeform = true;
      } else if (
        p.type === 'response.function_call_arguments.delta' ||
        p.type === 'response.custom_tool_call_input.delta'
      )
        this.append(key, text(p.delta));
      else if (p.type === 'response.function_call_arguments.done' && !this.sawArguments.has(key))
        this.append(key, text(p.arguments));
      else if (p.type === 'response.custom_tool_call_input.done' && !this.sawArguments.has(key))
        this.append(key, text(p.input));
    } else if (format === 'anthropic') {
      const key = typeof p.index === 'number' ? p.index : -1;
      if (p.type === 'content_block_start' && isObject(p.content_block) && p.content_block.type === 'tool_use') {
        this.open(key, text(p.content_block.id), text(p.content_block.name), line, key);
        // A call made from Claude's code execution (programmatic tool calling) comes whole: its input
        // is in the block's start and no input_json_delta follows
        // (https://platform.claude.com/docs/en/agents-and-tools/tool-use/programmatic-tool-calling).
        // The usual start says `input: {}` and the deltas bring the input.
        const input = p.content_block.input;
        if (isObject(input) && Object.keys(input).length > 0) this.startInputs.set(key, JSON.stringify(input));
      } else if (p.type === 'content_block_delta' && isObject(p.delta) && p.delta.type === 'input_json_delta')
        this.append(key, text(p.delta.partial_json));
    } else if (format === 'gemini' && Array.isArray(p.candidates)) {
      const first = p.candidates.find((c) => isObject(c) && (c.index ?? 0) === 0);
      const parts = isObject(first) && isObject(first.content) ? first.content.parts : undefined;
      for (const part of Array.isArray(parts) ? parts : [])
        if (isObject(part) && isObject(part.functionCall)) this.takeGeminiCall(part.functionCall, line);
    }
  }

  /**
   * One Gemini functionCall part. A call comes whole (`name` and `args`), or, when Vertex AI streams
   * a call's arguments (streamFunctionCallArguments), in pieces: a part with its `name` and
   * `willContinue: true` opens it, parts with `partialArgs` alone (each value at its `jsonPath`; a
   * `stringValue` under a path that has one goes on with it) add to it, and an empty `functionCall: {}`
   * closes it (FunctionCall and PartialArg:
   * https://cloud.google.com/vertex-ai/generative-ai/docs/reference/rest/v1/Content#FunctionCall; read
   * so by vercel/ai, packages/google/src/google-language-model.ts at ed857f50, L922-L1000).
   */
  private takeGeminiCall(call: Record<string, unknown>, line: number): void {
    const name = text(call.name);
    const partial = Array.isArray(call.partialArgs) ? call.partialArgs.filter(isObject) : null;
    if (name !== '' && (call.willContinue === true || partial !== null)) {
      const key = this.calls.size;
      this.open(key, text(call.id), name, line, null);
      this.streamed = { key, args: {} };
    } else if (partial === null) {
      // A part with no name and no args goes on with the call being streamed (`willContinue: true`)
      // or closes it (empty); a whole call has its name.
      if (name === '' && call.args === undefined) {
        if (call.willContinue !== true) this.streamed = null;
        return;
      }
      const key = this.calls.size;
      this.open(key, text(call.id), name, line, null);
      this.append(key, JSON.stringify(call.args ?? {}));
      return;
    }
    const streamed = this.streamed;
    if (streamed === null) return;
    for (const arg of partial ?? []) setPartialArg(streamed.args, arg, line);
    this.streamedArgs.set(streamed.key, streamed.args);
    this.sawArguments.add(streamed.key);
  }

  private open(key: number | string, id: string, name: string, line: number, index: number | string | null): void {
    if (!this.calls.has(key))
      this.calls.set(key, { index: typeof index === 'number' ? index : null, id, name, arguments: '', line });
  }

  private append(key: number | string, piece: string): void {
    const call = this.calls.get(key);
    if (!call) return;
    call.arguments += piece;
    if (piece !== '') this.sawArguments.add(key);
  }

  list(): ToolCallView[] {
    for (const [key, args] of this.streamedArgs) this.calls.get(key)!.arguments = JSON.stringify(args);
    for (const [key, input] of this.startInputs)
      if (!this.sawArguments.has(key)) this.calls.get(key)!.arguments = input;
    return [...this.calls.values()];
  }
}

/** The answer's pieces, each with its event's line: the findings' way from a place in the answer to a line. */
class Pieces {
  readonly list: AnswerPiece[] = [];
  add(at: number, line: number, block = ''): void {
    const last = this.list.at(-1);
    if (last && last.line === line) return;
    this.list.push({ at, line, block });
  }
}

/** The content block an event's text belongs to, in the formats that have blocks (AnswerPiece). */
function blockOf(format: FormatId, payload: unknown): string {
  if (!isObject(payload)) return '';
  if (format === 'anthropic') return String(payload.index ?? '');
  if (format === 'openai-responses')
    return `${String(payload.output_index ?? '')}.${String(payload.content_index ?? '')}`;
  return '';
}

function emptyFacts(): TurnFacts {
  return { pieces: [], errorLines: [], errorMessage: '', doneLines: [], unindexed: [], sharedIndex: [], notJson: [] };
}

/** The turn of a provider's stream (OpenAI Responses, Anthropic, Gemini), read by the course's provider parsers. */
function providerTurn(
  format: FormatId,
  provider: Provider,
  body: string,
  events: readonly InspectedEvent[],
  lastLine: number,
): { turn: TurnView; facts: TurnFacts } {
  const facts = emptyFacts();
  const pieces = new Pieces();
  let eventIndex = 0;
  let answer = '';
  let closingLine: number | null = null;
  const lineOf = (i: number) => events[i]?.line ?? lastLine;
  const take = (routes: readonly ProviderRoute[], line: number) => {
    for (const route of routes) {
      if (route.kind === 'closing') closingLine = line;
      if (route.kind === 'failure') {
        facts.errorLines.push(line);
        if (facts.errorMessage === '') facts.errorMessage = route.message || route.code;
      }
    }
  };
  // The provider's own parser, as createProviderPipeline runs it (providers/read-provider-stream.ts),
  // on the events already read (each one's data parsed once) instead of the body read a second time.
  const channels = new ProviderChannels(provider, {
    // A channel hears of an event's text before the event is done: eventIndex is still that event's.
    answer(delta) {
      pieces.add(answer.length, lineOf(eventIndex), blockOf(format, events[eventIndex]?.payload));
      answer += delta;
    },
  });
  for (const event of events) {
    take(channels.takeParsed(event.data, jsonOf(event)), lineOf(eventIndex));
    eventIndex++;
  }
  // Only Gemini's servers end a body with a bare JSON error after the last event (providers/gemini.ts).
  if (provider === 'gemini') {
    const tail = afterLastEvent(body);
    if (tail.trim() !== '') take(channels.takeTail(tail), lastLine);
  }
  const result = channels.result();

  const usage = new UsageTracker();
  const tools = new ProviderToolCalls();
  for (const event of events) {
    if (event.data === '[DONE]') facts.doneLines.push(event.line);
    else if (event.payload === undefined && event.data !== '') facts.notJson.push(event.line);
    if (!isObject(event.payload)) continue;
    usage.add(usageOf(format, event.payload), event.line);
    tools.take(format, event.payload, event.line);
  }
  const { ending } = result;
  const endingView: EndingView =
    ending.kind === 'cut'
      ? { kind: 'cut', event: '', reason: '', message: ending.error, line: null }
      : {
          kind: ending.kind,
          event: ending.event,
          reason: ending.reason,
          message: ending.message,
          line: ending.kind === 'failed' ? (facts.errorLines[0] ?? closingLine) : closingLine,
        };
  facts.pieces = pieces.list;
  return {
    turn: {
      answer: result.answer,
      reasoning: result.reasoning,
      toolCalls: tools.list(),
      ending: endingView,
      usage: usage.view(),
      routing: null,
      routingLine: null,
    },
    facts,
  };
}

/** `finish_reason` values (the Chat Completions reference) as the course's endings. */
const FINISH_REASONS: Readonly<Record<string, EndingKind>> = {
  stop: 'complete',
  tool_calls: 'complete',
  function_call: 'complete',
  length: 'token-limit',
  content_filter: 'refused',
};

/** A tool-call fragment of the first choice, with the line of its chunk. */
interface Fragment {
  fragment: Record<string, unknown>;
  line: number;
}

/**
 * Tool calls put together as readers of compatible servers do, for a stream where some fragments
 * have no `index` (Google's OpenAI-compatible endpoint sends each call whole, with its `id` and no
 * `index`) or where calls with different ids share one (Ollama numbers every call 0:
 * https://github.com/ollama/ollama/issues/15457): a fragment goes to the call of its `id`, else to the
 * latest call of its `index`, else to the latest call; a fragment that matches none opens a new call.
 * The order is the order the calls opened in. So vercel/ai's StreamingToolCallTracker places them
 * (packages/provider-utils/src/streaming-tool-call-tracker.ts at ed857f50, processDelta).
 */
function placeToolCalls(fragments: readonly Fragment[]): ToolCallView[] {
  const calls: ToolCallView[] = [];
  const byId = new Map<string, ToolCallView>();
  const byIndex = new Map<number, ToolCallView>();
  const otherType = new Set<ToolCallView>();
  let latest: ToolCallView | undefined;
  for (const { fragment, line } of fragments) {
    const id = text(fragment.id);
    const index = typeof fragment.index === 'number' ? fragment.index : null;
    let call = id !== '' ? byId.get(id) : index !== null ? byIndex.get(index) : latest;
    if (call === undefined) {
      call = { index, id: '', name: '', arguments: '', line };
      calls.push(call);
    }
    if (id !== '') {
      byId.set(id, call);
      if (call.id === '') call.id = id;
    }
    if (index !== null) byIndex.set(index, call);
    if ((fragment.type ?? 'function') !== 'function') otherType.add(call);
    const fn = isObject(fragment.function) ? fragment.function : {};
    if (call.name === '' && typeof fn.name === 'string') call.name = fn.name;
    if (typeof fn.arguments === 'string') call.arguments += fn.arguments;
    latest = call;
  }
  return calls.filter((call) => !otherType.has(call));
}

/**
 * A delta whose `content` is a list of chunks, as Mistral's reasoning models send it: `text` chunks
 * are the answer, `thinking` chunks (each a list of text chunks) the reasoning
 * (https://docs.mistral.ai/capabilities/reasoning/).
 */
function mistralChunks(content: readonly unknown[]): { text: string; thinking: string } {
  let answer = '';
  let thinking = '';
  for (const chunk of content) {
    if (!isObject(chunk)) continue;
    if (chunk.type === 'text') answer += text(chunk.text);
    else if (chunk.type === 'thinking' && Array.isArray(chunk.thinking))
      for (const part of chunk.thinking) if (isObject(part)) thinking += text(part.text);
  }
  return { text: answer, thinking };
}

/**
 * A Chat Completions stream, read chunk by chunk by the course's RoundReader, the tool calls by
 * `index` (assembleToolCalls), or by `id` where fragments come without an index (placeToolCalls).
 * The reasoning that DeepSeek, vLLM and OpenRouter add to the delta (`reasoning_content`, or
 * `reasoning`) is read as reasoning. As lessons-code's readChatChunks reads it, the turn is over only
 * at `data: [DONE]`: a stream that ends before it is cut, whatever `finish_reason` said; one that
 * reaches `[DONE]` without any `finish_reason` never said how the turn ended.
 */
function chatTurn(events: readonly InspectedEvent[], lastLine: number): { turn: TurnView; facts: TurnFacts } {
  const facts = emptyFacts();
  const pieces = new Pieces();
  const reader = new RoundReader();
  const usage = new UsageTracker();
  const toolChunks: ChatCompletionChunk[] = [];
  const fragments: Fragment[] = [];
  const firstLineOf = new Map<number, number>();
  const idOf = new Map<number, string>();
  let answer = '';
  let reasoning = '';
  let refusal = '';
  let finish: { reason: string; line: number } | null = null;
  let failure: { code: string; message: string; line: number } | null = null;

  for (const event of events) {
    if (event.data === '[DONE]') {
      facts.doneLines.push(event.line);
      continue;
    }
    const p = event.payload;
    if (p === undefined) {
      if (event.data !== '') facts.notJson.push(event.line);
      continue;
    }
    if (!isObject(p)) continue;
    if (p.error !== undefined && p.error !== null) {
      facts.errorLines.push(event.line);
      const error = isObject(p.error) ? p.error : { message: String(p.error) };
      failure ??= { code: text(error.code) || text(error.type), message: text(error.message), line: event.line };
      if (facts.errorLines.length === 1) facts.errorMessage = text(error.message) || text(error.code);
      continue;
    }
    usage.add(p.usage, event.line);
    if (!Array.isArray(p.choices)) continue;
    // A copy the reader can take whole: choices with a delta object, fragments with a numeric index.
    const choices = p.choices
      .filter((c) => isObject(c) && isObject(c.delta))
      .map((choice) => {
        const c = choice as Record<string, unknown> & { delta: Record<string, unknown> };
        const first = (c.index ?? 0) === 0;
        const chunks = Array.isArray(c.delta.content) ? mistralChunks(c.delta.content) : null;
        const all = Array.isArray(c.delta.tool_calls) ? c.delta.tool_calls.filter(isObject) : [];
        const indexed = all.filter((f) => typeof f.index === 'number');
        if (first) {
          if (indexed.length < all.length) facts.unindexed.push(event.line);
          for (const fragment of all) fragments.push({ fragment, line: event.line });
          for (const f of indexed) {
            const index = f.index as number;
            if (!firstLineOf.has(index)) firstLineOf.set(index, event.line);
            const id = text(f.id);
            if (id === '') continue;
            if (idOf.has(index) && idOf.get(index) !== id) facts.sharedIndex.push(event.line);
            idOf.set(index, id);
          }
          if (typeof c.delta.refusal === 'string') refusal += c.delta.refusal;
          // DeepSeek and vLLM name it reasoning_content, OpenRouter and later vLLM reasoning: one of them.
          const thought =
            typeof c.delta.reasoning_content === 'string' ? c.delta.reasoning_content : text(c.delta.reasoning);
          reasoning += thought + (chunks?.thinking ?? '');
        }
        const reason = typeof c.finish_reason === 'string' ? c.finish_reason : null;
        if (reason !== null && first) finish = { reason, line: event.line };
        return {
          index: typeof c.index === 'number' ? c.index : 0,
          delta: { ...c.delta, ...(chunks && { content: chunks.text }), tool_calls: indexed },
          finish_reason: reason,
        };
      });
    const chunk = { ...(p as object), choices } as unknown as ChatCompletionChunk;
    if (choices.some((c) => c.index === 0 && c.delta.tool_calls.length > 0)) toolChunks.push(chunk);
    const added = reader.take(chunk);
    if (added !== '') {
      pieces.add(answer.length, event.line);
      answer += added;
    }
  }
  const done = facts.doneLines.length > 0;
  const finished = finish as { reason: string; line: number } | null;
  let ending: EndingView;
  const failed = failure as { code: string; message: string; line: number } | null;
  if (failed !== null)
    ending = { kind: 'failed', event: 'error', reason: failed.code, message: failed.message, line: failed.line };
  else if (!done) ending = { kind: 'cut', event: '', reason: finished?.reason ?? '', message: '', line: null };
  else if (finished === null)
    ending = { kind: 'unknown', event: 'data: [DONE]', reason: '', message: '', line: facts.doneLines[0]! };
  else {
    const kind =
      refusal !== '' && finished.reason === 'stop'
        ? 'refused'
        : // The reason is the stream's: only FINISH_REASONS' own keys count (`__proto__` is no reason).
          Object.hasOwn(FINISH_REASONS, finished.reason)
          ? FINISH_REASONS[finished.reason]!
          : 'failed';
    ending = { kind, event: 'finish_reason', reason: finished.reason, message: refusal, line: finished.line };
  }
  let toolCalls: ToolCallView[];
  if (facts.unindexed.length > 0 || facts.sharedIndex.length > 0) toolCalls = placeToolCalls(fragments);
  else {
    const indices = [...firstLineOf.keys()].sort((a, b) => a - b);
    toolCalls = assembleToolCalls(toolChunks).map((call, i) => ({
      index: indices[i] ?? null,
      ...call,
      line: firstLineOf.get(indices[i] ?? -1) ?? lastLine,
    }));
  }
  facts.pieces = pieces.list;
  return {
    turn: { answer, reasoning, toolCalls, ending, usage: usage.view(), routing: null, routingLine: null },
    facts,
  };
}

/** GA's host stream, each event sorted by the course's classifier: routing, text, error or `[DONE]`. */
function gaTurn(events: readonly InspectedEvent[]): { turn: TurnView; facts: TurnFacts } {
  const facts = emptyFacts();
  const pieces = new Pieces();
  let answer = '';
  let routing: [string, string][] | null = null;
  let routingLine: number | null = null;
  for (const event of events) {
    const kind = classifyParsed(event.data, () => event.payload);
    if (kind.kind === 'done') facts.doneLines.push(event.line);
    else if (kind.kind === 'error') {
      facts.errorLines.push(event.line);
      if (facts.errorLines.length === 1) facts.errorMessage = kind.message;
    } else if (kind.kind === 'routing' && routing === null) {
      routingLine = event.line;
      routing = ['agentId', 'routingMethod', 'confidence']
        .filter((key) => kind.routing[key] !== undefined)
        .map((key) => [key, String(kind.routing[key])]);
    } else if (kind.kind === 'text') {
      pieces.add(answer.length, event.line);
      answer += event.data;
    }
  }
  let ending: EndingView;
  if (facts.errorLines.length > 0)
    ending = { kind: 'failed', event: 'error', reason: '', message: facts.errorMessage, line: facts.errorLines[0]! };
  else if (facts.doneLines.length > 0)
    ending = { kind: 'complete', event: '[DONE]', reason: '', message: '', line: facts.doneLines[0]! };
  else ending = { kind: 'cut', event: '', reason: '', message: '', line: null };
  facts.pieces = pieces.list;
  return { turn: { answer, reasoning: '', toolCalls: [], ending, usage: null, routing, routingLine }, facts };
}

/**
 * The turn in a stream read as `format`. `lastLine`: the number of the input's last line, where a
 * body that ends without its closing event stops.
 */
export function readTurn(
  format: FormatId,
  body: string,
  events: readonly InspectedEvent[],
  lastLine: number,
): { turn: TurnView; facts: TurnFacts } {
  const provider = PROVIDER_OF[format];
  if (provider !== undefined) return providerTurn(format, provider, body, events, lastLine);
  if (format === 'openai-chat') return chatTurn(events, lastLine);
  if (format === 'ga') return gaTurn(events);
  const facts = emptyFacts();
  for (const event of events) if (event.data === '[DONE]') facts.doneLines.push(event.line);
  return {
    turn: {
      answer: '',
      reasoning: '',
      toolCalls: [],
      ending: { kind: 'unknown', event: '', reason: '', message: '', line: null },
      usage: null,
      routing: null,
      routingLine: null,
    },
    facts,
  };
}
