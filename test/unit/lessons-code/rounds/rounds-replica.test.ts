// The model replica (lessons-code/rounds/model-replica.ts) in the page: the shapes of OpenAI's Chat
// Completions format, pacing on a fake clock, the call log, a client that goes away. Every byte cut
// of its streams: rounds-cuts.test.ts.

import { describe, expect, it } from 'vitest';
import {
  CAPABILITIES_QUESTION,
  CallLog,
  DROP2_QUESTION,
  GREETING_ANSWER,
  HELLO_QUESTION,
  MAX_REQUEST_BYTES,
  VOICINGS_QUESTION,
  createFakeClock,
  readChatChunks,
  runOnFakeClock,
  startModelReplica,
  textTokens,
  type ChatCompletion,
} from '../../../../lessons-code/index.ts';
import { chatRequest, chunksOf, eventsOf, fakeReplica, post, record, streamed, until } from './rounds-helpers.ts';

describe('a streamed answer with no tool ("hello")', async () => {
  const { clock, replica } = fakeReplica();
  const { response, text } = await record(replica, clock, streamed(HELLO_QUESTION));
  const events = eventsOf(text);
  const chunks = chunksOf(text);
  const tokens = textTokens(GREETING_ANSWER);

  it('is an event stream of data: lines, each event one line and a blank line', () => {
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(text).toMatch(/^(data: [^\n]+\n\n)+$/);
  });

  it('opens with the role, then one chunk per token in choices[0].delta.content', () => {
    expect(chunks[0]!.choices).toEqual([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]);
    const contents = chunks.slice(1, 1 + tokens.length).map((chunk) => chunk.choices[0]!.delta);
    expect(contents).toEqual(tokens.map((content) => ({ content })));
    expect(contents.map((delta) => delta.content).join('')).toBe(GREETING_ANSWER);
  });

  it('sends finish_reason "stop" in a chunk of its own, with an empty delta', () => {
    const finish = chunks[1 + tokens.length]!;
    expect(finish.choices).toEqual([{ index: 0, delta: {}, finish_reason: 'stop' }]);
    expect(chunks.slice(0, 1 + tokens.length).every((chunk) => chunk.choices[0]!.finish_reason === null)).toBe(true);
  });

  it('with include_usage: a last chunk with choices [] and the usage, every other chunk usage: null', () => {
    const last = chunks[chunks.length - 1]!;
    expect(last.choices).toEqual([]);
    expect(last.usage).toEqual({
      prompt_tokens: last.usage!.prompt_tokens,
      completion_tokens: tokens.length,
      total_tokens: last.usage!.prompt_tokens + tokens.length,
    });
    expect(last.usage!.prompt_tokens).toBeGreaterThan(100); // the system prompt and its help summary
    expect(chunks.slice(0, -1).every((chunk) => chunk.usage === null)).toBe(true);
  });

  it('ends with data: [DONE], after the usage chunk', () => {
    expect(events[events.length - 1]).toBe('[DONE]');
    expect(chunks).toHaveLength(tokens.length + 3);
    expect(text.endsWith('data: [DONE]\n\n')).toBe(true);
  });

  it('repeats the same id, object, created and model in every chunk', () => {
    for (const chunk of chunks) {
      expect(chunk.object).toBe('chat.completion.chunk');
      expect(chunk.id).toBe(chunks[0]!.id);
      expect(chunk.created).toBe(chunks[0]!.created);
      expect(chunk.model).toBe('ga-replica');
    }
    expect(chunks[0]!.id).toMatch(/^chatcmpl-/);
  });
});

describe('without include_usage', () => {
  it('sends no usage field and no usage chunk', async () => {
    const { clock, replica } = fakeReplica();
    const { text } = await record(replica, clock, chatRequest(HELLO_QUESTION, { stream: true }));
    const chunks = chunksOf(text);
    expect(chunks.every((chunk) => !('usage' in chunk))).toBe(true);
    expect(chunks[chunks.length - 1]!.choices[0]!.finish_reason).toBe('stop');
  });
});

describe('a round that calls two tools ("Show me Cmaj7 and Am7 voicings")', async () => {
  const { clock, replica } = fakeReplica();
  const { text } = await record(replica, clock, streamed(VOICINGS_QUESTION));
  const chunks = chunksOf(text);
  const fragments = chunks.flatMap((chunk) => chunk.choices[0]?.delta.tool_calls ?? []);

  it('narrates first, in content', () => {
    const narration = chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('');
    expect(narration).toBe('Let me look those up in the voicing index.');
  });

  it('sends one fragment per chunk; the first of each call carries index, id, type and function.name', () => {
    expect(chunks.every((chunk) => (chunk.choices[0]?.delta.tool_calls?.length ?? 0) <= 1)).toBe(true);
    expect(fragments[0]).toEqual({
      index: 0,
      id: 'call_r1',
      type: 'function',
      function: { name: 'search_voicings', arguments: '' },
    });
    expect(fragments[1]).toEqual({
      index: 1,
      id: 'call_r2',
      type: 'function',
      function: { name: 'search_voicings', arguments: '' },
    });
  });

  it('later fragments carry only index and the next piece of function.arguments, the two calls interleaved', () => {
    const later = fragments.slice(2);
    expect(later.length).toBeGreaterThanOrEqual(8);
    for (const fragment of later) expect(Object.keys(fragment).sort()).toEqual(['function', 'index']);
    for (const fragment of later) expect(Object.keys(fragment.function!)).toEqual(['arguments']);
    expect(later.map((fragment) => fragment.index)).toEqual(later.map((_, i) => i % 2));
    const argumentsOf = (index: number) =>
      later
        .filter((f) => f.index === index)
        .map((f) => f.function!.arguments)
        .join('');
    expect(JSON.parse(argumentsOf(0))).toEqual({ chord: 'Cmaj7', instrument: 'guitar', limit: 2 });
    expect(JSON.parse(argumentsOf(1))).toEqual({ chord: 'Am7', instrument: 'guitar', limit: 2 });
  });

  it('ends the round with finish_reason "tool_calls" in an empty-delta chunk, then the usage', () => {
    expect(chunks[chunks.length - 2]!.choices).toEqual([{ index: 0, delta: {}, finish_reason: 'tool_calls' }]);
    expect(chunks[chunks.length - 1]!.choices).toEqual([]);
    expect(chunks[chunks.length - 1]!.usage!.completion_tokens).toBe(fragments.length + 9); // 9 words of narration
  });
});

describe('a token limit', () => {
  it.each([['max_completion_tokens'], ['max_tokens']])(
    '%s cuts the answer there, with finish_reason "length"',
    async (field) => {
      const { clock, replica } = fakeReplica();
      const { text } = await record(replica, clock, streamed(CAPABILITIES_QUESTION, { [field]: 7 }));
      const chunks = chunksOf(text);
      const content = chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('');
      expect(content).toBe(textTokens(content).slice(0, 7).join(''));
      expect(textTokens(content)).toHaveLength(7);
      expect(chunks[chunks.length - 2]!.choices[0]).toEqual({ index: 0, delta: {}, finish_reason: 'length' });
      expect(chunks[chunks.length - 1]!.usage!.completion_tokens).toBe(7);
    },
  );
});

describe('a call without streaming', () => {
  it('answers one chat.completion object once the whole answer is generated', async () => {
    const { clock, replica } = fakeReplica({ firstTokenMs: 100, tokenMs: 10 });
    const sent = clock.now();
    const { response, text } = await record(replica, clock, chatRequest(HELLO_QUESTION));
    const completion = JSON.parse(text) as ChatCompletion;
    const n = textTokens(GREETING_ANSWER).length;
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(completion.object).toBe('chat.completion');
    expect(completion.choices).toEqual([
      {
        index: 0,
        message: { role: 'assistant', content: GREETING_ANSWER, refusal: null },
        logprobs: null,
        finish_reason: 'stop',
      },
    ]);
    expect(completion.usage.completion_tokens).toBe(n);
    expect(clock.now() - sent).toBe(100 + (n - 1) * 10); // the whole generation, then the answer
  });

  it('gives complete tool calls in message.tool_calls', async () => {
    const { clock, replica } = fakeReplica();
    const completion = JSON.parse(
      (await record(replica, clock, chatRequest(VOICINGS_QUESTION))).text,
    ) as ChatCompletion;
    const choice = completion.choices[0]!;
    expect(choice.finish_reason).toBe('tool_calls');
    expect(choice.message.content).toBe('Let me look those up in the voicing index.');
    expect(choice.message.tool_calls).toEqual([
      {
        id: 'call_r1',
        type: 'function',
        function: { name: 'search_voicings', arguments: '{"chord": "Cmaj7", "instrument": "guitar", "limit": 2}' },
      },
      {
        id: 'call_r2',
        type: 'function',
        function: { name: 'search_voicings', arguments: '{"chord": "Am7", "instrument": "guitar", "limit": 2}' },
      },
    ]);
  });
});

describe('pacing on the injected clock', () => {
  it('sends the first token after firstTokenMs, then one every tokenMs, each in its own read', async () => {
    const { clock, replica } = fakeReplica({ firstTokenMs: 200, tokenMs: 25 });
    const times: number[] = [];
    await runOnFakeClock(
      clock,
      (async () => {
        const response = await post(replica, streamed(HELLO_QUESTION));
        for await (const chunk of readChatChunks(response.body!))
          if (chunk.choices[0]?.delta.content) times.push(clock.now());
      })(),
    );
    const n = textTokens(GREETING_ANSWER).length;
    expect(times).toEqual(Array.from({ length: n }, (_, i) => 200 + i * 25));
    const call = replica.calls.all()[0]!;
    expect(call.firstTokenAt).toBe(200);
    expect(call.endedAt).toBe(200 + (n - 1) * 25);
  });
});

describe('the call log', () => {
  it('counts calls per turn, one line each, with the turn id the client sent', async () => {
    const { clock, replica } = fakeReplica();
    await record(replica, clock, chatRequest(HELLO_QUESTION), 'turn A');
    await record(replica, clock, streamed(HELLO_QUESTION), 'turn A');
    await record(replica, clock, streamed(HELLO_QUESTION), 'turn B');
    expect(replica.calls.count('turn A')).toBe(2);
    expect(replica.calls.count('turn B')).toBe(1);
    expect(replica.calls.count('turn C')).toBe(0);
    expect(replica.calls.forTurn('turn A').map((c) => [c.n, c.stream, c.state, c.finishReason])).toEqual([
      [1, false, 'done', 'stop'],
      [2, true, 'done', 'stop'],
    ]);
    expect(replica.calls.all().map((c) => c.seq)).toEqual([1, 2, 3]);
  });

  it('tells a subscriber about every token, and stops when unsubscribed', async () => {
    const calls = new CallLog();
    const seen: number[] = [];
    const unsubscribe = calls.subscribe((record) => seen.push(record.generatedTokens));
    const clock = createFakeClock();
    const logged = startModelReplica({ clock, calls });
    await record(logged, clock, streamed(HELLO_QUESTION));
    const n = textTokens(GREETING_ANSWER).length;
    expect(seen[0]).toBe(0); // opened
    expect(seen).toContain(n);
    expect(seen.filter((value, i) => i > 0 && value === seen[i - 1]! + 1)).toHaveLength(n);
    unsubscribe();
    const before = seen.length;
    await record(logged, clock, streamed(HELLO_QUESTION));
    expect(seen).toHaveLength(before);
  });
});

describe('a client that goes away', () => {
  it('an aborted signal before the call: fetch rejects with an AbortError and nothing is logged', async () => {
    const { replica } = fakeReplica();
    await expect(post(replica, streamed(HELLO_QUESTION), { signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(replica.calls.all()).toHaveLength(0);
  });

  it('aborted mid-stream: reads reject, the replica stops, and its token count stops growing', async () => {
    const { clock, replica } = fakeReplica();
    const stop = new AbortController();
    let received = 0;
    const reading = runOnFakeClock(
      clock,
      (async () => {
        const response = await post(replica, streamed(DROP2_QUESTION), { signal: stop.signal });
        for await (const chunk of readChatChunks(response.body!)) {
          if (chunk.choices[0]?.delta.content && ++received === 10) stop.abort();
        }
      })(),
    );
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
    const call = replica.calls.all()[0]!;
    expect(call.state).toBe('stopped');
    expect(call.generatedTokens).toBe(10);
    expect(call.plannedTokens).toBeGreaterThan(100);
    clock.advance(60_000);
    expect(call.generatedTokens).toBe(10);
    expect(clock.pending()).toBe(0); // no timer left behind
  });

  it('a reader that cancels the body (leaving its loop) stops the replica too', async () => {
    const { clock, replica } = fakeReplica();
    await runOnFakeClock(
      clock,
      (async () => {
        const response = await post(replica, streamed(DROP2_QUESTION));
        let n = 0;
        for await (const chunk of readChatChunks(response.body!))
          if (chunk.choices[0]?.delta.content && ++n === 3) break;
      })(),
    );
    const call = replica.calls.all()[0]!;
    expect([call.state, call.generatedTokens]).toEqual(['stopped', 3]);
  });

  it('a call without streaming aborted while generating: the replica stops too', async () => {
    const { clock, replica } = fakeReplica({ firstTokenMs: 100, tokenMs: 10 });
    const stop = new AbortController();
    const call = post(replica, chatRequest(DROP2_QUESTION), { signal: stop.signal });
    const settled = call.then(
      () => 'answered',
      (error: Error) => error.name,
    );
    await until(() => clock.pending() > 0); // the replica has read the request and started generating
    clock.advance(100 + 9 * 10); // 10 tokens
    stop.abort();
    expect(await settled).toBe('AbortError');
    const logged = replica.calls.all()[0]!;
    expect([logged.state, logged.generatedTokens]).toEqual(['stopped', 10]);
    clock.advance(60_000);
    expect(logged.generatedTokens).toBe(10);
  });
});

describe("bad requests get an error in OpenAI's error shape", () => {
  const { replica } = fakeReplica();
  it.each([
    ['a body that is not JSON', '{"model":', 400, /not valid JSON/],
    ['no model', { messages: [{ role: 'user', content: 'hi' }] }, 400, /model/],
    ['no messages', { model: 'ga-replica', messages: [] }, 400, /messages/],
    [
      'an unknown role',
      { model: 'ga-replica', messages: [{ role: 'robot', content: 'hi' }] },
      400,
      /role must be one of/,
    ],
    [
      'a body over the limit',
      { model: 'ga-replica', messages: [{ role: 'user', content: 'x'.repeat(MAX_REQUEST_BYTES) }] },
      413,
      /larger than/,
    ],
  ])('%s: HTTP %s', async (_name, body, status, message) => {
    const response = await post(replica, body);
    expect(response.status).toBe(status);
    const json = (await response.json()) as { error: { message: string; type: string } };
    expect(json.error.message).toMatch(message);
    expect(json.error.type).toBe('invalid_request_error');
  });

  it('another path: 404; another method: 405 with Allow', async () => {
    expect((await replica.fetch('/v1/completions', { method: 'POST', body: '{}' })).status).toBe(404);
    const get = await replica.fetch('/v1/chat/completions');
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });
});

describe('the replica’s chunks computed without running it (replicaChunks, roundChunks)', () => {
  it('are, byte for byte, what a fresh replica streams for the same first call', async () => {
    const {
      CAPABILITIES_QUESTION,
      DROP2_QUESTION,
      HELLO_QUESTION,
      VOICINGS_QUESTION,
      recordRound,
      roundChunks,
      wireOf,
    } = await import('../../../../lessons-code/index.ts');
    const cases = [
      [HELLO_QUESTION, {}],
      [HELLO_QUESTION, { includeUsage: false }],
      [CAPABILITIES_QUESTION, { maxTokens: 12 }],
      [VOICINGS_QUESTION, {}],
      [VOICINGS_QUESTION, { maxTokens: 3 }],
      [DROP2_QUESTION, {}],
      ['an off-topic question', { maxTokens: 1 }],
    ] as const;
    for (const [question, options] of cases) {
      const recorded = await recordRound(question, options);
      expect(roundChunks(question, options), `${question} ${JSON.stringify(options)}`).toEqual(recorded.chunks);
      expect(wireOf(roundChunks(question, options))).toBe(recorded.wire);
    }
  });
});
