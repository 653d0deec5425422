// The GaChatbot page's submit handler (Apps/GaChatbot.Api/wwwroot/index.html lines 940–1005 at a826864), around a
// replaceable consumeSseStream.

import type { FetchLike } from '../host/in-page-host.ts';
import { STREAM_PATH } from '../host/chatbot-host.ts';
import { readPageStream, type PageRouting } from './page-reader.ts';
import { expectArray, expectBody, expectFunction, expectString } from '../core/arguments.ts';

/** One turn of `history`, as the page keeps it and sends it back as `conversationHistory`. */
export interface HistoryTurn {
  role: 'user' | 'assistant';
  content: string;
}

/** A message bubble the page shows; `meta` is the line `agentId via routingMethod` under a routed answer. */
export interface PageBubble {
  role: 'user' | 'assistant';
  text: string;
  meta: string | null;
}

/** What the consume step hands back to the submit handler: consumeSseStream's `{ answer, routing }`. */
export interface PageConsumeResult {
  answer: string;
  routing?: PageRouting | null;
}

/**
 * The page's consumeSseStream, replaceable (exercise 3 passes a learner's port). It reads the
 * response body; it may call `onText` with the answer so far each time text arrives, which is when
 * the page creates and re-renders the assistant's bubble; it may throw, and the handler catches.
 */
export type PageConsume = (
  body: ReadableStream<Uint8Array>,
  onText?: (answer: string, routing: PageRouting | null) => void,
) => Promise<PageConsumeResult>;

/** What one submit did. */
export interface PageSubmission {
  /** The trimmed message. */
  message: string;
  /** The JSON body the page posted: `{message, conversationHistory: history}`. */
  requestBody: string;
  /** The response's status, or null when the request itself failed. */
  status: number | null;
  /** The bubbles this submit added: the user's, then the assistant's (one or two). */
  bubbles: PageBubble[];
  /** `answer || '(empty response)'` when consume returned; null when something threw. */
  finalAnswer: string | null;
  routing: PageRouting | null;
  /** The caught error's message, or null. */
  error: string | null;
  /** True when the two turns were pushed into the history. */
  pushed: boolean;
}

const meta = (routing: PageRouting): string =>
  `${routing.agentId || 'unknown'} via ${routing.routingMethod || 'unknown'}`;

/**
 * The page's own consumeSseStream (the course's port, readPageStream), reporting the answer so far
 * after each read that added text. The page re-renders after every text event; reporting per read
 * shows the same final bubble (the replica never sends an empty text event, the one case where the
 * page would show an empty bubble this port does not).
 */
export const consumePageStream: PageConsume = async (body, onText) => {
  expectBody(body, 'consumePageStream');
  const { answer, routing } = await readPageStream(body, { onAnswer: onText });
  return { answer, routing };
};

/**
 * One submit of the page: posts the message with the history so far, consumes the stream, then
 * pushes the two turns (line 984) only if nothing threw; on an exception shows `Request failed: `
 * and the `message` of what was thrown in a new assistant bubble and pushes nothing. `history` is changed in place, as
 * the page's `const history = []` is. Returns null for a blank message: the page sends nothing.
 * (The page's Stop button and its 190-second timeout, which abort the request, are not ported.)
 */
export async function submitPageMessage(
  host: FetchLike,
  input: string,
  history: HistoryTurn[],
  consume: PageConsume = consumePageStream,
): Promise<PageSubmission | null> {
  expectFunction(host, 'submitPageMessage', 'host');
  expectString(input, 'submitPageMessage', 'input');
  expectArray(history, 'submitPageMessage', 'history');
  expectFunction(consume, 'submitPageMessage', 'consume');
  const message = input.trim();
  if (!message) return null;
  const bubbles: PageBubble[] = [{ role: 'user', text: message, meta: null }];
  const requestBody = JSON.stringify({ message, conversationHistory: history });
  const submission: PageSubmission = {
    message,
    requestBody,
    status: null,
    bubbles,
    finalAnswer: null,
    routing: null,
    error: null,
    pushed: false,
  };
  let streamed: PageBubble | null = null;
  try {
    const response = await host(STREAM_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: requestBody,
    });
    submission.status = response.status;
    if (!response.ok) {
      const body = await response.text();
      throw new Error(body || `HTTP ${response.status}`);
    }
    // A stream response always has a body; an empty one stands in for the impossible null.
    const body = response.body ?? new ReadableStream<Uint8Array>({ start: (controller) => controller.close() });
    const { answer, routing = null } = await consume(body, (text, routingSoFar) => {
      if (!streamed) {
        streamed = { role: 'assistant', text: '', meta: null };
        bubbles.push(streamed);
      }
      streamed.text = text;
      if (routingSoFar) streamed.meta = meta(routingSoFar);
    });
    // A consume that never reports text still rendered it on the page while reading: show it too.
    if (!streamed && answer) bubbles.push({ role: 'assistant', text: answer, meta: routing ? meta(routing) : null });
    const finalAnswer = answer || '(empty response)';
    submission.finalAnswer = finalAnswer;
    submission.routing = routing;
    history.push({ role: 'user', content: message }, { role: 'assistant', content: finalAnswer });
    submission.pushed = true;
  } catch (error) {
    // The page's catch (index.html lines 985–993 at a826864) shows `Request failed: ${error.message}`,
    // the message of whatever was thrown: an Error's, and `undefined` for a thrown string or number.
    // (A thrown null or undefined makes that catch throw a TypeError of its own, as it does here.)
    const text = `${(error as { message?: unknown }).message}`;
    submission.error = text;
    bubbles.push({ role: 'assistant', text: `Request failed: ${text}`, meta: null });
  }
  return submission;
}

/** The page as a whole: its bubbles and its history across submits. */
export interface PageChat {
  readonly bubbles: PageBubble[];
  readonly history: HistoryTurn[];
  submit(input: string): Promise<PageSubmission | null>;
}

/**
 * The GaChatbot page's chat: each submit posts the message and the history to `host`, reads the
 * stream with `consume` (the page's consumeSseStream by default) and keeps bubbles and history as
 * the page does, a failed turn's raw error JSON included.
 *
 * @param host - Where requests go: the in-page host, or fetch to a real one.
 * @param consume - The stream reader; replaceable to try a fixed one.
 */
export function createPageChat(host: FetchLike, consume: PageConsume = consumePageStream): PageChat {
  expectFunction(host, 'createPageChat', 'host');
  expectFunction(consume, 'createPageChat', 'consume');
  const bubbles: PageBubble[] = [];
  const history: HistoryTurn[] = [];
  return {
    bubbles,
    history,
    async submit(input) {
      const submission = await submitPageMessage(host, input, history, consume);
      if (submission) bubbles.push(...submission.bubbles);
      return submission;
    },
  };
}
