// One round of the replica, recorded: the request a harness would send for a question, the bytes
// the replica answers, and the chunks those bytes carry. Recorded on a fake clock, so a recording
// takes no real time and has the same bytes every time (the l6d program, the page's demos of the
// four details and the exercises' cases all read recordings made here).

import { createFakeClock, runOnFakeClock, type FakeClock } from '../core/fake-clock.ts';
import { readStandard } from '../standard/parser.ts';
import {
  CHAT_COMPLETIONS_PATH,
  DONE_DATA,
  sseData,
  type ChatCompletionChunk,
  type ChatRequest,
} from './chat-format.ts';
import { COURSE_TOOLS, SYSTEM_PROMPT } from './tools.ts';
import { TURN_HEADER, startModelReplica, type ModelReplica } from './model-replica.ts';
import { REPLICA_MODEL, replicaChunks } from './replica-plan.ts';
import { expectArray, expectObject, expectOptions, expectString } from '../core/arguments.ts';

/** How a round is recorded: streamed or not, with usage or not, and the token limit. */
export interface RoundOptions {
  /** Streamed (the default) or one `chat.completion` object. */
  stream?: boolean;
  /** `stream_options.include_usage` (default true when streamed). */
  includeUsage?: boolean;
  /** `max_completion_tokens`. */
  maxTokens?: number;
}

/** The first call of a turn for `question`: the system prompt, the question and the course's tools. */
export function roundRequest(question: string, options: RoundOptions = {}): ChatRequest {
  expectString(question, 'roundRequest', 'question');
  expectOptions(options, 'roundRequest');
  const request: ChatRequest = {
    model: REPLICA_MODEL,
    messages: [
      { role: 'system', content: SYSTEM_PROMPT },
      { role: 'user', content: question },
    ],
    tools: COURSE_TOOLS.map((tool) => tool.definition),
  };
  if (options.stream ?? true) {
    request.stream = true;
    if (options.includeUsage ?? true) request.stream_options = { include_usage: true };
  }
  if (options.maxTokens !== undefined) request.max_completion_tokens = options.maxTokens;
  return request;
}

/** The chunks a streamed body carries, `[DONE]` left out. */
export function chunksOfWire(wire: string): ChatCompletionChunk[] {
  expectString(wire, 'chunksOfWire', 'wire');
  return readStandard(wire)
    .filter((data) => data !== DONE_DATA)
    .map((data) => JSON.parse(data) as ChatCompletionChunk);
}

/** A chunk's line with the fields every chunk repeats (id, object, created, model) cut to `…`. */
export function shortChunkLine(line: string): string {
  expectString(line, 'shortChunkLine', 'line');
  return line.replace(
    /^data: \{"id":"[^"]*","object":"chat\.completion\.chunk","created":\d+,"model":"[^"]*",/,
    'data: {…,',
  );
}

/** One call to a replica on a fake clock, its body read whole: the bytes a client receives. */
export function callOnFakeClock(
  clock: FakeClock,
  replica: ModelReplica,
  request: ChatRequest,
  turn: string,
): Promise<string> {
  expectObject(clock, 'callOnFakeClock', 'clock');
  expectObject(replica, 'callOnFakeClock', 'replica');
  expectObject(request, 'callOnFakeClock', 'request');
  expectString(turn, 'callOnFakeClock', 'turn');
  const work = replica
    .fetch(CHAT_COMPLETIONS_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [TURN_HEADER]: turn },
      body: JSON.stringify(request),
    })
    .then((response) => response.text());
  return runOnFakeClock(clock, work);
}

/** One call to the replica as recorded: the bytes on the wire and the chunks they hold. */
export interface RoundRecording {
  /** The body's bytes, as text. */
  wire: string;
  /** Its chunks (empty for a call that was not streamed). */
  chunks: ChatCompletionChunk[];
}

/** The first round of `question`, recorded from a fresh replica on a fake clock. */
export async function recordRound(question: string, options: RoundOptions = {}): Promise<RoundRecording> {
  expectString(question, 'recordRound', 'question');
  expectOptions(options, 'recordRound');
  const clock = createFakeClock();
  const wire = await callOnFakeClock(clock, startModelReplica({ clock }), roundRequest(question, options), 'recording');
  return { wire, chunks: options.stream === false ? [] : chunksOfWire(wire) };
}

/**
 * The same first round, computed instead of recorded (replicaChunks: what the replica streams when
 * nothing stops it): at once, and without the replica's pacing or its server. Equal to
 * recordRound's chunks (test/unit/lessons-code/rounds/rounds-replica.test.ts).
 */
export function roundChunks(question: string, options: Omit<RoundOptions, 'stream'> = {}): ChatCompletionChunk[] {
  expectString(question, 'roundChunks', 'question');
  expectOptions(options, 'roundChunks');
  return replicaChunks(roundRequest(question, options));
}

/** Chunks as the bytes of a stream: one `data:` event each, then `data: [DONE]`. */
export function wireOf(chunks: readonly ChatCompletionChunk[]): string {
  expectArray(chunks, 'wireOf', 'chunks');
  return chunks.map((chunk) => sseData(JSON.stringify(chunk))).join('') + sseData(DONE_DATA);
}
