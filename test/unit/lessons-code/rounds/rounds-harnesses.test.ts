// The two harnesses (lessons-code/rounds/harnesses.ts) against the replica in the page, on a fake
// clock: calls per turn, tokens billed, time to the first character, and the stop: billed once in
// `finally`, nothing when billed after the loop, the replica really stopped, the answer saved.

import { describe, expect, it } from 'vitest';
import {
  BillingLedger,
  CAPABILITIES_QUESTION,
  DEFAULT_PACING,
  DEFAULT_TOOL_MS,
  DROP2_QUESTION,
  HELLO_QUESTION,
  Transcript,
  VOICINGS_QUESTION,
  runOnFakeClock,
  runPollThenStreamTurn,
  runStreamEveryRoundTurn,
  runTurn,
  startTurn,
  textTokens,
  type FetchLike,
  type HarnessName,
  type TurnOptions,
} from '../../../../lessons-code/index.ts';
import { fakeReplica } from './rounds-helpers.ts';

const { firstTokenMs, tokenMs } = DEFAULT_PACING;

function setup() {
  const { clock, replica } = fakeReplica();
  const ledger = new BillingLedger();
  const transcript = new Transcript();
  const run = (harness: HarnessName, question: string, extra: Partial<TurnOptions> = {}) =>
    runOnFakeClock(
      clock,
      runTurn(harness, {
        model: replica.fetch,
        question,
        turnId: `${harness}: ${question}`,
        clock,
        ledger,
        transcript,
        ...extra,
      }),
    );
  return { clock, replica, ledger, transcript, run };
}

describe.each([HELLO_QUESTION, CAPABILITIES_QUESTION])('a question that needs no tool: "%s"', async (question) => {
  const { replica, run } = setup();
  const poll = await run('poll-then-stream', question);
  const stream = await run('stream-every-round', question);
  const n = stream.outputTokens;

  it('both show the same complete answer', () => {
    expect(poll.status).toBe('complete');
    expect(stream.status).toBe('complete');
    expect(poll.text).toBe(stream.text);
    expect(textTokens(stream.text)).toHaveLength(n);
  });

  it('poll-then-stream calls the model twice, stream-every-round once (the replica counts)', () => {
    expect(replica.calls.count(poll.turnId)).toBe(2);
    expect(replica.calls.count(stream.turnId)).toBe(1);
    expect([poll.calls, stream.calls]).toEqual([2, 1]);
    expect(replica.calls.forTurn(poll.turnId).map((call) => call.stream)).toEqual([false, true]);
  });

  it('poll-then-stream is billed twice the input and twice the output', () => {
    expect(poll.inputTokens).toBe(2 * stream.inputTokens);
    expect(poll.outputTokens).toBe(2 * stream.outputTokens);
    expect(stream.inputTokens).toBe(replica.calls.forTurn(stream.turnId)[0]!.promptTokens);
  });

  it('the first character waits for a whole generation under poll-then-stream', () => {
    const generation = firstTokenMs + (n - 1) * tokenMs;
    expect(stream.firstCharacterMs).toBe(firstTokenMs);
    expect(poll.firstCharacterMs).toBe(generation + firstTokenMs);
    expect(stream.totalMs).toBe(generation);
    expect(poll.totalMs).toBe(2 * generation);
  });
});

describe('a question that needs a tool: "Show me Cmaj7 and Am7 voicings"', async () => {
  const { replica, run } = setup();
  const poll = await run('poll-then-stream', VOICINGS_QUESTION);
  const stream = await run('stream-every-round', VOICINGS_QUESTION);

  it('poll-then-stream: three calls (probe, probe, stream); stream-every-round: two (one per round)', () => {
    expect(replica.calls.forTurn(poll.turnId).map((c) => [c.stream, c.finishReason])).toEqual([
      [false, 'tool_calls'],
      [false, 'stop'],
      [true, 'stop'],
    ]);
    expect(replica.calls.forTurn(stream.turnId).map((c) => [c.stream, c.finishReason])).toEqual([
      [true, 'tool_calls'],
      [true, 'stop'],
    ]);
  });

  it('stream-every-round shows the narration, a paragraph break, then the answer from the tool', () => {
    expect(stream.roundTexts).toHaveLength(2);
    expect(stream.text).toBe(`${stream.roundTexts[0]}\n\n${stream.roundTexts[1]}`);
    expect(stream.text).toMatch(/^Let me look those up in the voicing index\.\n\nHere is what the voicing index holds/);
    expect(stream.text).toContain('- **Cmaj7**: `3-0-x-2-3-x`, `3-0-0-2-3-x`');
    expect(stream.text).toContain('- **Am7**: `x-0-2-0-1-0`, `5-7-5-5-5-5`');
  });

  it('poll-then-stream shows only the answer (the narration went out with the probe), generated twice', () => {
    expect(poll.text).toBe(stream.roundTexts[1]);
    const [, probe, streamed] = replica.calls.forTurn(poll.turnId);
    expect(probe!.generatedTokens).toBe(streamed!.generatedTokens);
    expect(poll.outputTokens - stream.outputTokens).toBe(streamed!.generatedTokens);
  });

  it('the first character: the narration at once, against two generations and the tools', () => {
    const [round1, round2] = replica.calls.forTurn(stream.turnId);
    const length = (tokens: number) => firstTokenMs + (tokens - 1) * tokenMs;
    expect(stream.firstCharacterMs).toBe(firstTokenMs);
    expect(poll.firstCharacterMs).toBe(
      length(round1!.generatedTokens) + 2 * DEFAULT_TOOL_MS + length(round2!.generatedTokens) + firstTokenMs,
    );
    expect(stream.totalMs).toBe(
      length(round1!.generatedTokens) + 2 * DEFAULT_TOOL_MS + length(round2!.generatedTokens),
    );
  });

  it('every call of a turn carries its turn id; the two turns never mix', () => {
    expect(replica.calls.all().map((c) => c.turn)).toEqual([
      poll.turnId,
      poll.turnId,
      poll.turnId,
      stream.turnId,
      stream.turnId,
    ]);
  });
});

describe('stop', () => {
  /** Runs the drop-2 question and aborts once `pieces` pieces of text are on screen. */
  async function stopAfter(pieces: number, billIn: TurnOptions['billIn'] = 'finally') {
    const s = setup();
    const stop = new AbortController();
    let shown = 0;
    let onScreen = '';
    const report = await s.run('stream-every-round', DROP2_QUESTION, {
      signal: stop.signal,
      billIn,
      onText: (_piece, text) => {
        onScreen = text;
        if (++shown === pieces) stop.abort();
      },
    });
    const call = s.replica.calls.forTurn(report.turnId)[0]!;
    return { ...s, report, call, onScreen };
  }

  it('the replica stops generating: its token count stops growing', async () => {
    const { clock, call } = await stopAfter(12);
    expect(call.state).toBe('stopped');
    expect(call.generatedTokens).toBe(12);
    expect(call.plannedTokens).toBeGreaterThan(100);
    clock.advance(60_000);
    expect(call.generatedTokens).toBe(12);
  });

  it('billed in finally: exactly once, with the tokens spent so far', async () => {
    const { ledger, report, call } = await stopAfter(12);
    expect(report.status).toBe('stopped');
    expect(ledger.forTurn(report.turnId)).toEqual([
      {
        turnId: report.turnId,
        harness: 'stream-every-round',
        inputTokens: call.promptTokens,
        outputTokens: 12,
        status: 'stopped',
      },
    ]);
  });

  it('billed after the loop (the naive version): a stopped turn bills nothing', async () => {
    const { ledger, report, call } = await stopAfter(12, 'after-the-loop');
    expect(call.generatedTokens).toBe(12);
    expect(ledger.entries).toEqual([]);
    expect([report.inputTokens, report.outputTokens]).toEqual([0, 0]);
  });

  it('the stopped answer is saved as the user saw it, marked stopped', async () => {
    const { transcript, report, onScreen } = await stopAfter(12);
    expect(transcript.forTurn(report.turnId)).toEqual([
      { turnId: report.turnId, question: DROP2_QUESTION, text: onScreen, status: 'stopped' },
    ]);
    expect(textTokens(onScreen)).toHaveLength(12);
    expect(report.text).toBe(onScreen);
  });

  it('a complete turn is billed once too, in either place', async () => {
    for (const billIn of ['finally', 'after-the-loop'] as const) {
      const { ledger, run } = setup();
      const report = await run('stream-every-round', HELLO_QUESTION, { billIn });
      expect(ledger.forTurn(report.turnId)).toHaveLength(1);
      expect(ledger.entries[0]!.status).toBe('complete');
    }
  });

  it(
    "leaving the for await loop early (no signal at all) runs the generator's finally: " +
      'billed once, the model stopped',
    async () => {
      const { clock, replica, ledger, transcript } = setup();
      const turn = startTurn('stream-every-round', {
        model: replica.fetch,
        question: DROP2_QUESTION,
        turnId: 'break',
        clock,
        ledger,
        transcript,
      });
      let seen = '';
      await runOnFakeClock(
        clock,
        (async () => {
          let n = 0;
          for await (const piece of turn.pieces) {
            if (++n === 5) break; // the client went away: this piece is not written
            seen += piece;
          }
        })(),
      );
      const call = replica.calls.forTurn('break')[0]!;
      expect([call.state, call.generatedTokens]).toEqual(['stopped', 5]);
      expect(ledger.forTurn('break')).toHaveLength(1);
      expect(ledger.forTurn('break')[0]!.outputTokens).toBe(5); // received, so paid for
      // four pieces: what was written
      expect(transcript.forTurn('break')[0]).toMatchObject({ status: 'stopped', text: seen });
      expect(textTokens(seen)).toHaveLength(4);
      expect(turn.report().status).toBe('stopped');
    },
  );

  it('during the tool run: the first round is billed with its usage, once; no second call is made', async () => {
    const { replica, ledger, run, clock } = setup();
    const stop = new AbortController();
    const subscription = replica.calls.subscribe((call) => {
      // mid-tool
      if (call.state === 'done' && call.finishReason === 'tool_calls') clock.setTimeout(() => stop.abort(), 50);
    });
    const report = await run('stream-every-round', VOICINGS_QUESTION, { signal: stop.signal });
    subscription();
    expect(report.status).toBe('stopped');
    expect(replica.calls.count(report.turnId)).toBe(1);
    const round1 = replica.calls.forTurn(report.turnId)[0]!;
    expect(ledger.forTurn(report.turnId)).toEqual([
      {
        turnId: report.turnId,
        harness: 'stream-every-round',
        inputTokens: round1.promptTokens,
        outputTokens: round1.generatedTokens,
        status: 'stopped',
      },
    ]);
  });

  it(
    'poll-then-stream stopped during its probe: nothing was on screen, the probe is ' + 'stopped and billed once',
    async () => {
      const { replica, ledger, run, clock } = setup();
      const stop = new AbortController();
      clock.setTimeout(() => stop.abort(), firstTokenMs + 9 * tokenMs + 1); // just after the 10th token
      const report = await run('poll-then-stream', HELLO_QUESTION, { signal: stop.signal });
      const probe = replica.calls.forTurn(report.turnId)[0]!;
      expect(report.status).toBe('stopped');
      expect(report.text).toBe('');
      expect([probe.stream, probe.state, probe.generatedTokens]).toEqual([false, 'stopped', 10]);
      // The app never received the probe's tokens: it bills the prompt it sent and nothing of the output.
      expect(ledger.forTurn(report.turnId)).toEqual([
        {
          turnId: report.turnId,
          harness: 'poll-then-stream',
          inputTokens: probe.promptTokens,
          outputTokens: 0,
          status: 'stopped',
        },
      ]);
    },
  );
});

describe('failures end the turn with a clear status, billed once', () => {
  it("an HTTP error from the model: failed, with the server's message", async () => {
    const { clock, replica } = fakeReplica();
    const ledger = new BillingLedger();
    const broken: FetchLike = (input, init) => replica.fetch(input, { ...init, body: '{"model": ' });
    const report = await runOnFakeClock(
      clock,
      runStreamEveryRoundTurn({ model: broken, question: HELLO_QUESTION, turnId: 't', clock, ledger }),
    );
    expect(report.status).toBe('failed');
    expect(report.error).toBe('the model server answered HTTP 400: The request body is not valid JSON.');
    expect(ledger.entries).toHaveLength(1);
  });

  it('a stream that ends before [DONE]: failed, the text so far kept and billed', async () => {
    const { clock, replica } = fakeReplica();
    const ledger = new BillingLedger();
    const transcript = new Transcript();
    const cutting: FetchLike = async (input, init) => {
      const response = await replica.fetch(input, init);
      const reader = response.body!.getReader();
      let reads = 0;
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const { done, value } = await reader.read();
          if (done || ++reads > 4) {
            await reader.cancel();
            controller.close();
          } else controller.enqueue(value);
        },
      });
      return new Response(body, { headers: response.headers });
    };
    const report = await runOnFakeClock(
      clock,
      runPollThenStreamTurn({ model: cutting, question: HELLO_QUESTION, turnId: 'cut', clock, ledger, transcript }),
    );
    expect(report.status).toBe('failed');
    expect(report.error).toMatch(/ended before data: \[DONE\]/);
    expect(transcript.entries[0]).toMatchObject({ status: 'failed', text: report.text });
    expect(report.text.length).toBeGreaterThan(0);
    expect(ledger.entries).toHaveLength(1);
  });
});
