// Two ways to run one turn of a chatbot that has tools, against a model that speaks the Chat
// Completions format (the replica, in the page or over HTTP):
//
// poll-then-stream: a non-streamed call decides whether the model wants a tool; while it does, run
//   the tools and call again; once it answers, throw that answer away and ask the same question
//   again, streamed, to forward its text. A plain answer is generated twice, and nothing reaches
//   the screen before the first generation is over.
// stream-every-round: every call is streamed; text is forwarded as it comes, tool calls are rebuilt
//   from their fragments, and a round that asked for tools is followed by the next one. One call
//   per round, and the turn can be stopped: there is exactly one generation going on, the one the
//   user is watching.
//
// Each harness is an async generator that yields the text to forward, bills the turn in its
// `finally` (so a turn that ends early is billed once, like one that completes), and saves what the
// user saw. `runTurn` drives one to the end and reports what the turn cost.

import { Turn } from './turn.ts';
import type { HarnessName, TurnOptions, TurnReport } from './turn-types.ts';
import { expectObject, expectOneOf } from '../core/arguments.ts';

/** A harness: an async generator of the text to forward, over a turn's state. */
type Harness = (turn: Turn) => AsyncGenerator<string, void, undefined>;

// #region stream-every-round
/** Stream every round: one call per round; text forwarded as it comes; tool calls rebuilt from fragments. */
async function* streamEveryRound(turn: Turn): AsyncGenerator<string, void, undefined> {
  for (;;) {
    const round = yield* turn.streamRound(turn.request(true));
    if (round.finishReason === 'tool_calls' && round.toolCalls.length > 0) {
      await turn.runTools(round.text, round.toolCalls);
      continue;
    }
    turn.status = round.finishReason === 'length' ? 'cut' : 'complete';
    return;
  }
}
// #endregion

// #region poll-then-stream
/** Poll, then stream: non-streamed probes until the model answers, then the same question again, streamed. */
async function* pollThenStream(turn: Turn): AsyncGenerator<string, void, undefined> {
  for (;;) {
    const completion = await turn.complete(turn.request(false));
    const choice = completion.choices[0]!;
    const calls = choice.message.tool_calls ?? [];
    const toolRound = choice.finish_reason === 'tool_calls' && calls.length > 0;
    turn.step({
      t: turn.since(),
      kind: 'answered',
      call: turn.calls,
      finishReason: choice.finish_reason,
      discarded: !toolRound,
    });
    if (!toolRound) break; // an answer: it is thrown away and asked for again, streamed
    await turn.runTools(
      choice.message.content ?? '',
      calls.map((call) => ({ id: call.id, name: call.function.name, arguments: call.function.arguments })),
    );
  }
  const round = yield* turn.streamRound(turn.request(true));
  turn.status = round.finishReason === 'length' ? 'cut' : 'complete';
}
// #endregion

// #region ending
/**
 * A harness's rounds inside the turn's ending: the text passes through as it comes, and `finally`
 * runs however the turn ends (complete, failed, or left early by its consumer, whose `return()`
 * reaches here through `yield*`): it bills the turn once and saves what the user saw. The naive
 * version bills after the loop instead, a line that an early exit never reaches.
 */
async function* withEnding(
  turn: Turn,
  rounds: AsyncGenerator<string, void, undefined>,
): AsyncGenerator<string, void, undefined> {
  let completed = false;
  let failure: unknown;
  try {
    yield* rounds;
    completed = true;
    if (turn.options.billIn === 'after-the-loop') turn.bill();
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    turn.finish(completed, failure);
  }
}
// #endregion

const HARNESS_GENERATORS: Record<HarnessName, Harness> = {
  'poll-then-stream': pollThenStream,
  'stream-every-round': streamEveryRound,
};

/**
 * A turn as the server runs it: an async generator of the text to forward to the browser. Leaving
 * the `for await` loop early (break, return, throw) calls its `return()`, which runs its `finally`:
 * the turn is billed there, once, and the answer is saved as the user saw it. Its `report()` tells
 * what the turn came to, once it has ended.
 */
export function startTurn(
  harness: HarnessName,
  options: TurnOptions,
  where = 'startTurn',
): { pieces: AsyncGenerator<string, void, undefined>; report(): TurnReport } {
  expectOneOf(harness, Object.keys(HARNESS_GENERATORS), where, 'harness');
  expectObject(options, where, 'options');
  const turn = new Turn(harness, options);
  return {
    pieces: withEnding(turn, HARNESS_GENERATORS[harness](turn)),
    report: () => ({
      harness,
      turnId: options.turnId,
      question: options.question,
      text: turn.shown,
      roundTexts: [...turn.roundTexts],
      status: turn.status,
      calls: turn.calls,
      inputTokens: turn.billed ? turn.input : 0,
      outputTokens: turn.billed ? turn.output : 0,
      firstCharacterMs: turn.firstCharacterMs,
      totalMs: turn.since(),
      steps: turn.steps,
      error: turn.error,
    }),
  };
}

/**
 * Runs one turn with a harness to its end and reports it:
 *   runTurn(harness, { model, question, turnId, clock?, signal?, tools?, toolMs?, maxTokens?,
 *                      ledger?, transcript?, billIn?, onText?, onStep? }) → Promise<TurnReport>
 * It forwards each piece of text to `onText` and leaves the loop as soon as `signal` is aborted
 * (the user pressed stop). It never throws: a failure is reported with `status: 'failed'`.
 */
export async function runTurn(harness: HarnessName, options: TurnOptions, where = 'runTurn'): Promise<TurnReport> {
  const turn = startTurn(harness, options, where);
  let shown = '';
  try {
    for await (const piece of turn.pieces) {
      if (options.signal?.aborted) break; // the client is gone: stop writing; return() runs the harness's finally
      shown += piece;
      options.onText?.(piece, shown);
    }
  } catch {
    // already in the report: stopped (an abort) or failed (with its message)
  }
  return turn.report();
}

/** `runTurn` with poll-then-stream. */
export const runPollThenStreamTurn = (options: TurnOptions): Promise<TurnReport> =>
  runTurn('poll-then-stream', options, 'runPollThenStreamTurn');
/** `runTurn` with stream-every-round. */
export const runStreamEveryRoundTurn = (options: TurnOptions): Promise<TurnReport> =>
  runTurn('stream-every-round', options, 'runStreamEveryRoundTurn');

/** The two harnesses by name, each with its turn function. */
export const HARNESSES: readonly { name: HarnessName; runTurn: (options: TurnOptions) => Promise<TurnReport> }[] = [
  { name: 'poll-then-stream', runTurn: runPollThenStreamTurn },
  { name: 'stream-every-round', runTurn: runStreamEveryRoundTurn },
];
