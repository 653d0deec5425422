// A stream that stops short: the connection drops after some byte. What each of the lesson's
// readers keeps, whether `[DONE]` arrived, and what a client should make of the turn.

import type { StreamReadResult } from '../core/events.ts';
import { STREAM_FAILURE_MESSAGE, STREAM_PATH } from '../host/chatbot-host.ts';
import type { FetchLike } from '../host/in-page-host.ts';
import type { HistoryTurn } from '../ga/page-chat.ts';
import { writeGaChatbotEvent } from '../ga/writers.ts';
import { mapStream } from './cuts/map.ts';
import { bodyOf, IMPROVISATION_STREAM_743 } from './cuts/streams.ts';
import {
  readChatServiceStreamResult,
  readPageStreamResult,
  readStandardEventsResult,
  readStandardStreamResult,
  type StreamReader,
} from './stream-readers.ts';
import {
  expectArray,
  expectBytes,
  expectFunction,
  expectNumber,
  expectObject,
  expectString,
} from '../core/arguments.ts';

/**
 * The whole body of GA's stream when answering fails: one error event, no `[DONE]` (ChatbotController.cs lines 91–95 at
 * a826864).
 */
export const FAILURE_STREAM = writeGaChatbotEvent(JSON.stringify({ error: STREAM_FAILURE_MESSAGE }));

/** A stream the stop-short demo drops: the lesson's answer, or GA's failure stream. */
export interface DropStream {
  id: 'answer' | 'failure';
  stream: string;
  bytes: Uint8Array;
}

/** The two streams of the stop-short demo: the answer, then the failure. */
export const DROP_STREAMS: readonly DropStream[] = [
  { id: 'answer', stream: IMPROVISATION_STREAM_743, bytes: new TextEncoder().encode(IMPROVISATION_STREAM_743) },
  { id: 'failure', stream: FAILURE_STREAM, bytes: new TextEncoder().encode(FAILURE_STREAM) },
];

/** A reader the stop-short demo tries on a stream dropped at some byte. */
export interface DropReader {
  id: 'standard' | 'page' | 'chatService';
  /** GA's or the standard's name for the reader: never translated. */
  label: string;
  read: StreamReader;
}

/** The lesson's three readers, reading bytes as they arrive. */
export const DROP_READERS: readonly DropReader[] = [
  { id: 'standard', label: 'HTML standard', read: readStandardEventsResult },
  { id: 'page', label: 'GaChatbot page', read: readPageStreamResult },
  { id: 'chatService', label: 'ga-client chatService', read: readChatServiceStreamResult },
];

/** A stream dropped at one byte: what arrived, and what each reader made of it. */
export interface DropView {
  /** Bytes received before the drop, and in the whole stream. */
  received: number;
  total: number;
  /** Whole events received (closed by their blank line), and in the whole stream. */
  eventsReceived: number;
  eventsTotal: number;
  /** The bytes of the event left open by the drop, decoded (what the standard discards); '' at an event boundary. */
  unfinished: string;
  results: { reader: DropReader; result: StreamReadResult }[];
}

/** The connection drops after byte `at`: the body simply ends there (the read loop gets `done`). */
export async function dropAt(bytes: Uint8Array, at: number): Promise<DropView> {
  expectBytes(bytes, 'dropAt', 'bytes');
  expectNumber(at, 'dropAt', 'at');
  const k = Math.max(0, Math.min(bytes.length, Math.trunc(at)));
  const map = mapStream(bytes);
  const closed = map.eventEnds.filter((end) => end <= k);
  const lastEnd = closed.length > 0 ? closed[closed.length - 1]! : 0;
  const results: DropView['results'] = [];
  for (const reader of DROP_READERS) results.push({ reader, result: await reader.read(bodyOf([bytes.slice(0, k)])) });
  return {
    received: k,
    total: bytes.length,
    eventsReceived: closed.length,
    eventsTotal: map.eventEnds.length,
    unfinished: new TextDecoder().decode(bytes.subarray(lastEnd, k)),
    results,
  };
}

// ---------------------------------------------------------------------------------------------
// What a client does with the turn

/** How a turn ended for a careful client: the whole answer, an answer cut short, or a failure. */
export type TurnStatus = 'complete' | 'truncated' | 'failed';

/** How a careful client settles a turn from what its reader got. */
export interface TurnOutcome {
  status: TurnStatus;
  /** The text left in the bubble: the answer, or the partial text under a cut-off notice; '' when it failed. */
  shown: string;
  /** The server's message when an error event came. */
  error: string | null;
  /** Whether the turn joins the conversation history sent with the next request. */
  keepInHistory: boolean;
  /** Whether the bubble offers to try again. */
  offerRetry: boolean;
}

/**
 * The client's policy: only a turn that ended with its end marker is an answer. An error event
 * fails the turn; a turn without `[DONE]` is truncated, however complete its text looks. Neither
 * joins the history; both offer a retry.
 */
export function settleTurn(result: StreamReadResult): TurnOutcome {
  expectObject(result, 'settleTurn', 'result');
  if (result.error !== null)
    return { status: 'failed', shown: '', error: result.error, keepInHistory: false, offerRetry: true };
  if (!result.done)
    return { status: 'truncated', shown: result.text, error: null, keepInHistory: false, offerRetry: true };
  return { status: 'complete', shown: result.text, error: null, keepInHistory: true, offerRetry: false };
}

/** The history after a turn: the question and the answer join it only when the turn is kept. */
export function recordTurn(history: readonly HistoryTurn[], question: string, outcome: TurnOutcome): HistoryTurn[] {
  expectArray(history, 'recordTurn', 'history');
  expectString(question, 'recordTurn', 'question');
  expectObject(outcome, 'recordTurn', 'outcome');
  if (!outcome.keepInHistory) return [...history];
  return [...history, { role: 'user', content: question }, { role: 'assistant', content: outcome.shown }];
}

/** A host whose stream endpoint answers 200 with the stream's first `at` bytes, then the connection drops. */
export function droppingHost(bytes: Uint8Array, at: number): FetchLike {
  expectBytes(bytes, 'droppingHost', 'bytes');
  expectNumber(at, 'droppingHost', 'at');
  const k = Math.max(0, Math.min(bytes.length, Math.trunc(at)));
  return async () =>
    new Response(bodyOf([bytes.slice(0, k)]), {
      status: 200,
      headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' },
    });
}

/** One turn of a careful client: the standard reader, then settleTurn; the history is returned, not changed. */
export async function submitCarefully(
  host: FetchLike,
  question: string,
  history: readonly HistoryTurn[],
): Promise<{ outcome: TurnOutcome; result: StreamReadResult; history: HistoryTurn[] }> {
  expectFunction(host, 'submitCarefully', 'host');
  expectString(question, 'submitCarefully', 'question');
  expectArray(history, 'submitCarefully', 'history');
  const response = await host(STREAM_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ message: question, conversationHistory: history }),
  });
  const result = response.body ? await readStandardStreamResult(response.body) : { text: '', done: false, error: null };
  const outcome = settleTurn(result);
  return { outcome, result, history: recordTurn(history, question, outcome) };
}
