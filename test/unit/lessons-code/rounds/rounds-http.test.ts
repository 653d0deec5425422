// The model replica over real HTTP on loopback (lessons-code/rounds/model-server.ts), its clock
// driven by the test: the same bytes as in the page, and a stop that really ends the generation on
// the server (its token count stops growing) whether the turn streams or probes, and with nothing
// but fetch and an AbortSignal.

import { afterEach, describe, expect, it } from 'vitest';
import {
  BillingLedger,
  CHAT_COMPLETIONS_PATH,
  DROP2_QUESTION,
  HELLO_QUESTION,
  TURN_HEADER,
  Transcript,
  VOICINGS_QUESTION,
  createFakeClock,
  readChatChunks,
  runPollThenStreamTurn,
  runStreamEveryRoundTurn,
  textTokens,
  type FakeClock,
  type FetchLike,
} from '../../../../lessons-code/index.ts';
import { startModelServer, type RunningModelServer } from '../../../../lessons-code/rounds/model-server.ts';
import { chatRequest, fakeReplica, record, streamed, until } from './rounds-helpers.ts';

let server: RunningModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(): Promise<{ clock: FakeClock; server: RunningModelServer; overHttp: FetchLike }> {
  const clock = createFakeClock();
  server = await startModelServer({ clock });
  const url = server.url;
  return { clock, server, overHttp: (path, init) => fetch(url + path, init) };
}

/** Moves the server's clock to its next timer once the server has one, and waits for `progress` to move. */
async function nextToken(clock: FakeClock, progress: () => number): Promise<void> {
  const before = progress();
  await until(() => clock.nextAt() !== null);
  clock.advanceTo(clock.nextAt()!);
  await until(() => progress() > before);
}

describe('over HTTP on loopback', () => {
  it('listens on 127.0.0.1 and sends the same bytes as the replica in the page', async () => {
    const { clock, server, overHttp } = await start();
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    for (const body of [streamed(VOICINGS_QUESTION), chatRequest(HELLO_QUESTION)]) {
      let response: Response | undefined;
      let text: string | undefined;
      void overHttp(CHAT_COMPLETIONS_PATH, {
        method: 'POST',
        headers: { [TURN_HEADER]: 'wire' },
        body: JSON.stringify(body),
      }).then(async (r) => {
        response = r;
        text = await r.text();
      });
      // The server's clock moves only when told to: move it to its next timer until the answer is in.
      await until(() => {
        const next = clock.nextAt();
        if (next !== null) clock.advanceTo(next);
        return text !== undefined;
      });
      const inPage = fakeReplica();
      // Same request order on a fresh replica: the same ids.
      if (body.stream !== true) await record(inPage.replica, inPage.clock, streamed(VOICINGS_QUESTION), 'wire');
      const expected = (await record(inPage.replica, inPage.clock, body, 'wire')).text;
      expect(text).toBe(expected);
      expect(response!.headers.get('content-type')).toBe(
        body.stream ? 'text/event-stream; charset=utf-8' : 'application/json',
      );
    }
    expect(server.replica.calls.count('wire')).toBe(2);
  });

  it(
    'stop: the signal aborts fetch, the server stops writing, its token count stops ' + 'growing; billed once',
    async () => {
      const { clock, server, overHttp } = await start();
      const ledger = new BillingLedger();
      const transcript = new Transcript();
      const stop = new AbortController();
      let pieces = 0;
      const turn = runStreamEveryRoundTurn({
        model: overHttp,
        question: DROP2_QUESTION,
        turnId: 'http stop',
        signal: stop.signal,
        ledger,
        transcript,
        onText: () => pieces++,
      });
      while (pieces < 8) await nextToken(clock, () => pieces);
      stop.abort();
      const report = await turn;
      const call = server.replica.calls.forTurn('http stop')[0]!;
      await until(() => call.state === 'stopped'); // the server saw the connection close
      const generated = call.generatedTokens;
      clock.advance(60_000); // a minute of the server's time: no token comes
      expect(call.generatedTokens).toBe(generated);
      expect(generated).toBe(8);
      expect(call.plannedTokens).toBeGreaterThan(100);
      expect(clock.pending()).toBe(0);
      expect(report.status).toBe('stopped');
      expect(ledger.forTurn('http stop')).toEqual([
        {
          turnId: 'http stop',
          harness: 'stream-every-round',
          inputTokens: call.promptTokens,
          outputTokens: 8,
          status: 'stopped',
        },
      ]);
      expect(transcript.entries).toEqual([
        { turnId: 'http stop', question: DROP2_QUESTION, text: report.text, status: 'stopped' },
      ]);
      expect(textTokens(report.text)).toHaveLength(8);
    },
  );

  it('stop during a probe without streaming: the server stops that generation too', async () => {
    const { clock, server, overHttp } = await start();
    const ledger = new BillingLedger();
    const stop = new AbortController();
    const turn = runPollThenStreamTurn({
      model: overHttp,
      question: DROP2_QUESTION,
      turnId: 'http probe',
      signal: stop.signal,
      ledger,
    });
    await until(() => server.replica.calls.count('http probe') === 1);
    const call = server.replica.calls.forTurn('http probe')[0]!;
    for (let i = 0; i < 6; i++) await nextToken(clock, () => call.generatedTokens);
    stop.abort();
    const report = await turn;
    await until(() => call.state === 'stopped');
    clock.advance(60_000);
    expect([call.stream, call.generatedTokens]).toEqual([false, 6]);
    expect(report.status).toBe('stopped');
    expect(report.text).toBe('');
    expect(ledger.entries).toHaveLength(1);
  });

  it(
    'fetch with an AbortSignal, nothing else: the read rejects with an AbortError ' +
      'and the server’s count stops growing',
    async () => {
      const { clock, server } = await start();
      const stop = new AbortController();
      const response = await fetch(server.url + CHAT_COMPLETIONS_PATH, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [TURN_HEADER]: 'plain fetch' },
        body: JSON.stringify(streamed(DROP2_QUESTION)),
        signal: stop.signal,
      });
      const call = server.replica.calls.forTurn('plain fetch')[0]!;
      const chunks = readChatChunks(response.body!, { signal: stop.signal });
      let texts = 0;
      const reading = (async () => {
        for await (const chunk of chunks) if (chunk.choices[0]?.delta.content) texts++;
      })();
      for (let i = 0; i < 5; i++) await nextToken(clock, () => call.generatedTokens);
      await until(() => texts === 5);
      stop.abort();
      await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
      await until(() => call.state === 'stopped'); // the server saw the connection close
      clock.advance(60_000);
      expect([call.generatedTokens, clock.pending()]).toEqual([5, 0]);
      expect(call.plannedTokens).toBeGreaterThan(100);
    },
  );

  it('a client that leaves its read loop (no signal): the body is cancelled and the server stops', async () => {
    const { clock, server, overHttp } = await start();
    const response = await overHttp(CHAT_COMPLETIONS_PATH, {
      method: 'POST',
      headers: { [TURN_HEADER]: 'leave' },
      body: JSON.stringify(streamed(DROP2_QUESTION)),
    });
    const call = server.replica.calls.forTurn('leave')[0]!;
    const reader = response.body!.getReader();
    let received = '';
    const pump = (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        received += new TextDecoder().decode(value);
      }
    })();
    for (let i = 0; i < 3; i++) await nextToken(clock, () => call.generatedTokens);
    await until(() => received.includes('"content":"voicing "'));
    await reader.cancel();
    await pump;
    await until(() => call.state === 'stopped');
    clock.advance(60_000);
    expect(call.generatedTokens).toBe(3);
  });
});
