// The state of one turn, shared by the two harnesses (harnesses.ts): the conversation so far, the
// calls it made and their tokens, the text shown, and its ending (billed once, saved as seen).

import { type Clock, realClock } from '../core/fake-clock.ts';
import {
  CHAT_COMPLETIONS_PATH,
  type ChatCompletion,
  type ChatMessage,
  type ChatRequest,
  type Usage,
} from './chat-format.ts';
import { TURN_HEADER } from './model-replica.ts';
import { REPLICA_MODEL } from './replica-plan.ts';
import {
  ModelStreamError,
  RoundReader,
  paragraphBreak,
  readChatChunks,
  type AssembledToolCall,
  type RoundResult,
} from './round-reader.ts';
import { promptTokens } from './tokens.ts';
import { COURSE_TOOLS, DEFAULT_TOOL_MS, SYSTEM_PROMPT } from './tools.ts';
import type { HarnessName, HarnessTurnStatus, TurnOptions, TurnStep } from './turn-types.ts';

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
export class Turn {
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
    const request: ChatRequest = {
      model: REPLICA_MODEL,
      messages: [...this.messages],
      tools: (this.options.tools ?? COURSE_TOOLS).map((t) => t.definition),
    };
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
      throw new ModelStreamError(
        'http-status',
        `the model server answered HTTP ${response.status}${message ? `: ${message}` : ''}`,
      );
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
    if (response.body === null) throw new ModelStreamError('no-body', 'the model server sent no body');
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
    this.step({
      t: this.since(),
      kind: 'answered',
      call: this.calls,
      finishReason: round.finishReason,
      discarded: false,
    });
    return round;
  }

  /** One call without streaming: the whole answer at once. */
  async complete(request: ChatRequest): Promise<ChatCompletion> {
    const response = await this.send(request);
    const completion = (await response.json()) as ChatCompletion;
    if (!Array.isArray(completion.choices) || completion.choices[0] === undefined)
      throw new ModelStreamError('no-choice', 'the answer has no choice');
    this.close(completion.usage ?? null);
    return completion;
  }

  /** Runs the tool calls one after the other and adds the assistant's calls and the results to the conversation. */
  async runTools(text: string, calls: AssembledToolCall[]): Promise<void> {
    this.messages.push({
      role: 'assistant',
      content: text === '' ? null : text,
      tool_calls: calls.map((call) => ({
        id: call.id,
        type: 'function',
        function: { name: call.name, arguments: call.arguments },
      })),
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
    this.options.ledger?.bill({
      turnId: this.options.turnId,
      harness: this.harness,
      inputTokens: this.input,
      outputTokens: this.output,
      status: this.status,
    });
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
    this.options.transcript?.save({
      turnId: this.options.turnId,
      question: this.options.question,
      text: this.shown,
      status: this.status,
    });
    this.step({ t: this.since(), kind: 'end', status: this.status });
  }
}
