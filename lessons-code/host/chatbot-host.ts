// A replica of GaChatbot.Api's two chat endpoints, written for the course: GA is a .NET host that
// cannot run in a browser or in this project. It follows Apps/GaChatbot.Api/Controllers/ChatbotController.cs
// at a826864
// (https://github.com/GuitarAlchemist/ga/blob/a826864f3a012cad88e415954bf57eca0ce12aa6/Apps/GaChatbot.Api/Controllers/ChatbotController.cs):
// status and headers before any work (line 39), the failure as one error event (lines 91–95), the
// writer (lines 449–474). It is written against the web's Request/Response types, so the same
// handler serves real HTTP (http-host.ts) and the page (in-page-host.ts).

import { expectOptions } from '../core/arguments.ts';
import { CHAT_PATH, json, problem, readChatRequest, refuseRequest } from './requests.ts';
import { VOICING_ANSWER } from '../ga/answers.ts';
import { splitPinned } from '../ga/chunkers.ts';
import { DONE_EVENT, writeGaChatbotEvent } from '../ga/writers.ts';

/** The model server the host calls when no guard answers. The replica is always run without one. */
export interface ModelClient {
  complete(message: string): Promise<string>;
}

export interface HostOptions {
  modelClient: ModelClient;
  /** Milliseconds, for the trace; performance.now by default. */
  now?: () => number;
  /** A fresh id for each request's trace; random by default. */
  newId?: () => string;
}

export type ChatHandler = (request: Request) => Promise<Response>;

export { CHAT_PATH, MAX_BODY_BYTES, STREAM_PATH } from './requests.ts';
/** The text GA's stream sends, as its only event, when answering fails (ChatbotController.cs lines 91–95). */
export const STREAM_FAILURE_MESSAGE = 'Failed to process message. Please try again.';
const EMPTY_MESSAGE = 'Message cannot be empty.';

interface TraceStep {
  name: string;
  elapsedMs: number;
}

interface Trace {
  traceId: string;
  protocol: string;
  steps: TraceStep[];
}

interface Routed {
  answer: string;
  agentId: string;
  confidence: number;
  routingMethod: string;
  grounding: { source: string; matches: number };
  trace: Trace;
  elapsedMs: number;
}

/** The questions the deterministic voicing guard takes: a chord symbol and the word "voicing(s)". */
const VOICING_QUESTION = /\bvoicings?\b/i;
const CHORD_SYMBOL = /\b([A-G][#b]?(?:maj|min|m|dim|aug|sus)?\d{0,2})\b/;

/**
 * The replica has no voicing index: GA searches one, the replica knows only what the lesson shows,
 * the two Cmaj7 voicings of VOICING_ANSWER. Other chords get an honest "none found".
 */
function voicingAnswer(chord: string): string {
  return chord === 'Cmaj7' ? VOICING_ANSWER : `Found 0 voicings matching chord ${chord}.`;
}

class NeedsModelError extends Error {}

/**
 * The course's replica of GaChatbot.Api's two chat endpoints as a request handler: `/chat` answers
 * with JSON, `/chat/stream` with GA's stream (a routing event, the sentence chunks, `[DONE]`, or a
 * single error event when answering fails). Voicing questions are answered without the model;
 * anything else asks `options.modelClient`.
 */
export function createChatbotHost(options: HostOptions): ChatHandler {
  expectOptions(options, 'createChatbotHost');
  if (typeof options?.modelClient?.complete !== 'function') {
    throw new TypeError('createChatbotHost: options.modelClient must have a complete(message) function');
  }
  const now = options.now ?? (() => performance.now());
  const newId = options.newId ?? (() => crypto.randomUUID().replaceAll('-', ''));

  // The orchestrator: guards first, then agent routing, which needs the model.
  async function answer(message: string): Promise<Routed> {
    const start = now();
    const steps: TraceStep[] = [];
    const step = (name: string, from: number): number => {
      const at = now();
      steps.push({ name, elapsedMs: Math.round((at - from) * 1000) / 1000 });
      return at;
    };
    let t = start;
    const voicing = VOICING_QUESTION.test(message) ? CHORD_SYMBOL.exec(message) : null;
    t = step('voicing-guard', t);
    if (voicing) {
      const text = voicingAnswer(voicing[1]!);
      t = step('voicing-search', t);
      splitPinned(text); // the stream cuts the answer later; measured here so the trace shows a real cost
      step('compose', t);
      return {
        answer: text,
        agentId: 'voicing',
        confidence: 0.92,
        routingMethod: 'deterministic-voicing-guard',
        grounding: { source: 'course replica of the voicing index', matches: text === VOICING_ANSWER ? 2 : 0 },
        trace: { traceId: newId(), protocol: 'ga-chat-replica', steps },
        elapsedMs: Math.round((now() - start) * 1000) / 1000,
      };
    }
    // Agent routing asks the model; without a model server this rejects, as in lesson 4.
    try {
      await options.modelClient.complete(message);
    } catch (cause) {
      throw new NeedsModelError('agent routing needs the model server', { cause });
    }
    throw new NeedsModelError('the replica has no agents behind the model');
  }

  async function chat(message: string): Promise<Response> {
    try {
      const routed = await answer(message);
      return json(200, {
        naturalLanguageAnswer: routed.answer,
        agentId: routed.agentId,
        confidence: routed.confidence,
        routingMethod: routed.routingMethod,
        grounding: routed.grounding,
        elapsedMs: routed.elapsedMs,
        traceId: routed.trace.traceId,
        trace: routed.trace,
      });
    } catch {
      // An unhandled exception in ASP.NET Core: a problem-details 500.
      return problem(
        500,
        'An error occurred while processing your request.',
        'https://tools.ietf.org/html/rfc9110#section-15.6.1',
      );
    }
  }

  function chatStream(message: string): Response {
    // Status and headers leave before any work starts (ChatbotController.cs line 39); the events
    // leave in one burst once the whole answer is known.
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        // The work starts on a later task, once the caller holds the status and headers (line 39):
        // without this, a guard's synchronous answer would be computed inside `new Response`.
        await new Promise((resolve) => setTimeout(resolve, 0));
        let events: string[];
        try {
          const routed = await answer(message);
          const routing = {
            type: 'routing',
            agentId: routed.agentId,
            confidence: routed.confidence,
            routingMethod: routed.routingMethod,
            trace: routed.trace,
            grounding: routed.grounding,
          };
          events = [writeGaChatbotEvent(JSON.stringify(routing))];
          for (const chunk of splitPinned(routed.answer)) events.push(writeGaChatbotEvent(chunk));
          events.push(DONE_EVENT);
        } catch {
          events = [writeGaChatbotEvent(JSON.stringify({ error: STREAM_FAILURE_MESSAGE }))];
        }
        for (const event of events) controller.enqueue(encoder.encode(event));
        controller.close();
      },
    });
    return new Response(body, {
      status: 200,
      headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', 'X-Accel-Buffering': 'no' },
    });
  }

  return async function handle(request: Request): Promise<Response> {
    const path = new URL(request.url).pathname.replace(/\/+$/, '');
    const refused = refuseRequest(path, request.method, request.headers.get('Content-Type'));
    if (refused !== null) {
      await request.body?.cancel().catch(() => undefined);
      return refused;
    }
    const parsed = await readChatRequest(request);
    if ('failure' in parsed) return parsed.failure;
    if (parsed.message.trim() === '') return json(400, { error: EMPTY_MESSAGE });
    return path === CHAT_PATH ? chat(parsed.message) : chatStream(parsed.message);
  };
}
