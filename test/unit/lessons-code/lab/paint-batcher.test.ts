// "The stream that doesn't stream" (06b, content/docs/ga-ai/06b-beyond-the-wire.mdx): the paint batcher's invariants on
// a fake
// clock, the paced host, and one request's timeline against the in-page host and the paced one.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  VOICING_ANSWER,
  VOICING_QUESTION,
  STREAM_PATH,
  createFakeClock,
  createInPageHost,
  createPacedHost,
  createBurstHost,
  createPaintBatcher,
  readStandard,
  runStreamTurn,
  runOnFakeClock,
  wordPieces,
  type PaintRecord,
} from '../../../../lessons-code/index.ts';

describe('the fake clock', () => {
  it('runs due timers in time order as it advances, and never runs a cleared one', () => {
    const clock = createFakeClock();
    const ran: string[] = [];
    clock.setTimeout(() => ran.push(`b@${clock.now()}`), 20);
    clock.setTimeout(() => ran.push(`a@${clock.now()}`), 10);
    const c = clock.setTimeout(() => ran.push('c'), 15);
    clock.clearTimeout(c);
    clock.advance(5);
    expect(ran).toEqual([]);
    clock.advance(100);
    expect(ran).toEqual(['a@10', 'b@20']);
    expect(clock.now()).toBe(105);
    expect(clock.pending()).toBe(0);
  });
});

/** Feeds deltas at the given times (ms), then finishes; returns the paint log and what the draft was at each paint. */
function run(times: number[], interval = 40) {
  const clock = createFakeClock();
  const painted: PaintRecord[] = [];
  const batcher = createPaintBatcher({
    clock,
    intervalMs: interval,
    paint: (text, reason) => painted.push({ t: clock.now(), text, reason }),
  });
  let aggregate = '';
  const aggregateAt: { t: number; text: string }[] = [];
  for (const [i, t] of times.entries()) {
    clock.advanceTo(t);
    aggregate += `w${i} `;
    aggregateAt.push({ t, text: aggregate });
    batcher.delta(aggregate);
  }
  const end = (times[times.length - 1] ?? 0) + 1;
  clock.advanceTo(end);
  const pendingBeforeFinish = clock.pending();
  batcher.finish(aggregate);
  clock.advance(1000); // a late timer must not paint over the final answer
  return { batcher, painted, aggregate, aggregateAt, pendingBeforeFinish, clock };
}

describe('the paint batcher', () => {
  it('stores every delta and paints at most once per 40 ms, the latest aggregate, the final answer last', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 30 }), { minLength: 1, maxLength: 200 }), (gaps) => {
        const times: number[] = [];
        let t = 0;
        for (const gap of gaps) times.push((t += gap));
        const { batcher, painted, aggregate, aggregateAt, pendingBeforeFinish } = run(times);
        expect(batcher.deltas).toBe(times.length);
        expect(batcher.paints).toBe(painted.length);
        const timerPaints = painted.filter((p) => p.reason === 'timer');
        // At most one paint per interval.
        for (let i = 1; i < timerPaints.length; i++)
          expect(timerPaints[i]!.t - timerPaints[i - 1]!.t).toBeGreaterThanOrEqual(40);
        // Each timer paint shows the latest aggregate at its time.
        for (const paint of timerPaints) {
          // deltas at the paint's own time come after it
          const latest = aggregateAt.filter((a) => a.t < paint.t).pop()!;
          expect(paint.text).toBe(latest.text);
        }
        // Every frame is a prefix of the final text; the final answer is painted last, once.
        for (const paint of painted) expect(aggregate.startsWith(paint.text)).toBe(true);
        expect(painted[painted.length - 1]).toMatchObject({ reason: 'final', text: aggregate });
        expect(painted.filter((p) => p.reason === 'final')).toHaveLength(1);
        // The pending paint, if any, was cancelled rather than left to fire over the final answer.
        expect(batcher.cancelled).toBe(pendingBeforeFinish);
        expect(batcher.paints).toBeLessThanOrEqual(batcher.deltas + 1);
        const span = times[times.length - 1]! - times[0]!;
        expect(timerPaints.length).toBeLessThanOrEqual(Math.floor(span / 40) + 1);
      }),
      { numRuns: 200 },
    );
  });

  it('a burst (every delta at once) paints nothing but the final answer', () => {
    const { batcher, painted } = run([5, 5, 5, 5, 5]);
    expect(batcher.deltas).toBe(5);
    expect(painted.map((p) => p.reason)).toEqual(['final']);
    expect(batcher.cancelled).toBe(1);
  });

  it('a steady stream, one delta every 10 ms for 400 ms, paints 10 times plus the final answer', () => {
    const times = Array.from({ length: 41 }, (_, i) => i * 10);
    const { batcher, painted } = run(times);
    expect(batcher.deltas).toBe(41);
    expect(painted.filter((p) => p.reason === 'timer').map((p) => p.t)).toEqual([
      40, 80, 120, 160, 200, 240, 280, 320, 360, 400,
    ]);
    expect(batcher.paints).toBe(11);
  });

  it('clearing the draft paints at once and cancels the pending paint; deltas after finish are ignored', () => {
    const clock = createFakeClock();
    const painted: string[] = [];
    const batcher = createPaintBatcher({ clock, paint: (text, reason) => painted.push(`${reason}:${text}`) });
    batcher.delta('Hel');
    clock.advance(10);
    batcher.clear();
    expect(painted).toEqual(['cleared:']);
    expect(batcher.cancelled).toBe(1);
    clock.advance(100);
    expect(painted).toEqual(['cleared:']);
    batcher.delta('Hi');
    batcher.finish('Hi!');
    batcher.delta('late');
    clock.advance(100);
    expect(painted).toEqual(['cleared:', 'final:Hi!']);
    expect(batcher.deltas).toBe(2);
    expect(batcher.draft).toBe('Hi!');
  });
});

describe('the paced host', () => {
  it('cuts the answer into words that join back to it exactly', () => {
    expect(wordPieces('a b\n\nc  d ')).toEqual(['a ', 'b\n\n', 'c  ', 'd ']);
    expect(wordPieces(VOICING_ANSWER).join('')).toBe(VOICING_ANSWER);
    expect(wordPieces('')).toEqual([]);
  });

  it('leaves the in-page host as it is: routing, one chunk, [DONE]', async () => {
    const host = createInPageHost();
    const response = await host(STREAM_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ message: VOICING_QUESTION }),
    });
    const events = readStandard(await response.text());
    expect(events).toHaveLength(3);
    expect(events[1]).toBe(VOICING_ANSWER);
  });

  it('sends the routing event at once and one word every pieceMs, then [DONE]: the same answer', async () => {
    const clock = createFakeClock();
    const host = createPacedHost({ clock, pieceMs: 12 });
    const timeline = await runOnFakeClock(clock, runStreamTurn({ host, message: VOICING_QUESTION, clock }));
    const pieces = wordPieces(VOICING_ANSWER);
    expect(timeline.final).toBe(VOICING_ANSWER);
    expect(timeline.done).toBe(true);
    expect(timeline.deltas).toBe(pieces.length);
    const reads = timeline.entries.filter((e) => e.kind === 'read');
    expect(reads[0]!.events).toEqual(['routing']);
    expect(reads[0]!.t).toBe(0);
    expect(reads.slice(1).map((r) => r.t)).toEqual(
      pieces.map((_, i) => (i + 1) * 12).flatMap((t, i) => (i === pieces.length - 1 ? [t, t] : [t])),
    );
    expect(timeline.prefixes).toBe(true);
    expect(timeline.finalLast).toBe(true);
    // One paint per 40 ms while the words come, then the final answer.
    // The same times fed straight to a batcher give the same paints.
    const alone = run(pieces.map((_, i) => (i + 1) * 12));
    expect(timeline.timerPaints).toBe(alone.painted.filter((p) => p.reason === 'timer').length);
    expect(timeline.paints.filter((p) => p.reason === 'timer').map((p) => p.t)).toEqual(
      alone.painted.filter((p) => p.reason === 'timer').map((p) => p.t),
    );
    expect(timeline.timerPaints).toBeLessThan(timeline.deltas);
    expect(timeline.paints).toHaveLength(timeline.timerPaints + 1);
  });

  it('a paced failure is still one error event, at once', async () => {
    const clock = createFakeClock();
    const host = createPacedHost({ clock });
    const timeline = await runOnFakeClock(
      clock,
      runStreamTurn({ host, message: 'which arpeggio fits Am F C G', clock }),
    );
    expect(timeline.error).toBe('Failed to process message. Please try again.');
    expect(timeline.deltas).toBe(0);
    expect(timeline.done).toBe(false);
  });
});

describe('one request to the in-page host: headers, then every event in one burst', () => {
  it(
    'on a fake clock: every read at the same time, one delta, no draft painted, the ' + 'pending paint cancelled',
    async () => {
      const clock = createFakeClock();
      const timeline = await runStreamTurn({ host: createInPageHost(), message: VOICING_QUESTION, clock });
      expect(timeline.entries.map((e) => e.kind)).toEqual(['sent', 'headers', 'read', 'read', 'read', 'end']);
      expect(timeline.entries.filter((e) => e.kind === 'read').flatMap((e) => e.events)).toEqual([
        'routing',
        'text',
        'done',
      ]);
      expect(new Set(timeline.entries.map((e) => e.t))).toEqual(new Set([0]));
      expect(timeline.deltas).toBe(1);
      expect(timeline.timerPaints).toBe(0);
      expect(timeline.cancelled).toBe(1);
      expect(timeline.paints).toEqual([{ t: 0, text: VOICING_ANSWER, reason: 'final' }]);
      expect(timeline.finalLast && timeline.prefixes).toBe(true);
    },
  );

  it('on the real clock: headers first, the body after, the same answer', async () => {
    const timeline = await runStreamTurn({ host: createInPageHost(), message: VOICING_QUESTION });
    const headers = timeline.entries.find((e) => e.kind === 'headers')!;
    const reads = timeline.entries.filter((e) => e.kind === 'read');
    expect(headers.status).toBe(200);
    expect(reads.every((r) => r.t >= headers.t)).toBe(true);
    expect(timeline.final).toBe(VOICING_ANSWER);
  });
});

describe('a model behind the host: the same answer time, a burst against a stream (06b timeline)', () => {
  const LATENCY = 1000;
  const run = (host: ReturnType<typeof createBurstHost>, clock: ReturnType<typeof createFakeClock>) =>
    runOnFakeClock(clock, runStreamTurn({ host, message: VOICING_QUESTION, clock }));

  it("GA's shape: headers at once, nothing until the whole answer is written, then every event", async () => {
    const clock = createFakeClock();
    const timeline = await run(createBurstHost({ clock, latencyMs: LATENCY }), clock);
    expect(timeline.headersAt).toBe(0);
    expect(timeline.entries.filter((e) => e.kind === 'read').every((e) => e.t === LATENCY)).toBe(true);
    expect(timeline.firstTextAt).toBe(LATENCY);
    expect(timeline.final).toBe(VOICING_ANSWER);
    expect(timeline.done).toBe(true);
    expect(timeline.paints.filter((p) => p.reason !== 'final')).toEqual([]);
  });

  it(
    'the streaming host spreads the words over the same time: first text after one ' + 'word, the last at the end',
    async () => {
      const clock = createFakeClock();
      const timeline = await run(createPacedHost({ clock, totalMs: LATENCY }), clock);
      const words = wordPieces(VOICING_ANSWER).length;
      expect(timeline.deltas).toBe(words);
      expect(timeline.firstTextAt).toBeCloseTo(LATENCY / words, 2);
      expect(timeline.lastReadAt).toBeCloseTo(LATENCY, 2);
      expect(timeline.final).toBe(VOICING_ANSWER);
      expect(timeline.paints.filter((p) => p.reason === 'timer').length).toBeGreaterThan(1);
    },
  );

  it('an abort settles the turn even while a read waits, and cancels the body', async () => {
    let cancelled = false;
    const inner = createBurstHost({ latencyMs: 3_600_000 }); // never delivers within the test
    const host: typeof inner = async (input, init) => {
      const response = await inner(input, init);
      const reader = response.body!.getReader();
      const body = new ReadableStream<Uint8Array>({
        pull: async (controller) => {
          const { done, value } = await reader.read();
          if (done) controller.close();
          else controller.enqueue(value);
        },
        cancel: (reason) => {
          cancelled = true;
          return reader.cancel(reason);
        },
      });
      return new Response(body, { status: response.status, headers: response.headers });
    };
    const controller = new AbortController();
    const painted: string[] = [];
    const turn = runStreamTurn({
      host,
      message: VOICING_QUESTION,
      signal: controller.signal,
      paint: (text) => painted.push(text),
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    controller.abort();
    await expect(turn).rejects.toThrow();
    expect(cancelled).toBe(true);
    expect(painted).toEqual([]);
  });
});
