// Every byte cut of every stream the model replica writes reads back the same chunks: the streams of
// whole turns (each round of a turn, the round after the tools included), a token limit, a stream
// without usage, an answer off the script. Each stream is read one byte at a time (a cut at every
// byte at once) and in two reads cut at each byte; the longest, drop-2's 146 tokens, is cut at each
// byte of its first and last events (its middle repeats the same chunk shape), one byte at a time
// throughout.

import { describe, expect, it } from 'vitest';
import {
  CAPABILITIES_QUESTION,
  DROP2_QUESTION,
  HELLO_QUESTION,
  VOICINGS_QUESTION,
  readChatChunks,
  runOnFakeClock,
  runStreamEveryRoundTurn,
  type ChatCompletionChunk,
  type FetchLike,
} from '../../../../lessons-code/index.ts';
import { bytesIn } from '../../helpers/streams.ts';
import { chunksOf, fakeReplica, record, streamed } from './rounds-helpers.ts';

/** Every streamed body of a stream-every-round turn for `question`, in the order the rounds came. */
async function turnStreams(question: string, maxTokens?: number): Promise<string[]> {
  const { clock, replica } = fakeReplica();
  const wires: string[] = [];
  const recording: FetchLike = async (path, init) => {
    const response = await replica.fetch(path, init);
    const wire = await response.text();
    wires.push(wire);
    return new Response(wire, { status: response.status, headers: response.headers });
  };
  const report = await runOnFakeClock(
    clock,
    runStreamEveryRoundTurn({ model: recording, question, turnId: 'cuts', clock, maxTokens }),
  );
  expect(report.status, question).toBe(maxTokens === undefined ? 'complete' : 'cut');
  return wires;
}

async function readAll(body: ReadableStream<Uint8Array>): Promise<ChatCompletionChunk[]> {
  const chunks: ChatCompletionChunk[] = [];
  for await (const chunk of readChatChunks(body)) chunks.push(chunk);
  return chunks;
}

const streams: Record<string, string> = {};
const [hello] = await turnStreams(HELLO_QUESTION);
streams['hello (a character of three bytes, the usage)'] = hello!;
streams['what can you do?'] = (await turnStreams(CAPABILITIES_QUESTION))[0]!;
const [narrated, answered] = await turnStreams(VOICINGS_QUESTION);
streams['voicings, round 1: narration, two tool calls interleaved'] = narrated!;
streams['voicings, round 2: the answer from the tool, in markdown'] = answered!;
streams['cut by a token limit (finish_reason length)'] = (await turnStreams(CAPABILITIES_QUESTION, 9))[0]!;
{
  const { clock, replica } = fakeReplica();
  streams['hello without include_usage'] = (
    await record(replica, clock, streamed(HELLO_QUESTION, { stream_options: { include_usage: false } }))
  ).text;
  streams['a question off the script'] = (await record(replica, clock, streamed('What is the weather like?'))).text;
}
const drop2 = (await turnStreams(DROP2_QUESTION))[0]!;

/** The cuts that read back differently, of the given cut positions. */
async function differingCuts(bytes: Uint8Array, cuts: Iterable<number>, expected: string): Promise<number[]> {
  const differing: number[] = [];
  for (const cut of cuts)
    if (JSON.stringify(await readAll(bytesIn(bytes, [cut, bytes.length - cut]))) !== expected) differing.push(cut);
  return differing;
}

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);

describe('every byte cut of the replica’s streams reads back the same chunks', () => {
  it('the streams cover every kind of chunk the replica writes', () => {
    const all = Object.values(streams).join('');
    for (const shape of [
      '"role":"assistant"',
      '"content":"',
      '"tool_calls":[{"index":1',
      '"finish_reason":"stop"',
      '"finish_reason":"tool_calls"',
      '"finish_reason":"length"',
      '"choices":[],"usage":{',
      'data: [DONE]',
    ]) {
      expect(all, shape).toContain(shape);
    }
    expect(streams['hello without include_usage']).not.toContain('usage');
    expect(new TextEncoder().encode(hello!).length).toBeGreaterThan(hello!.length); // a character of several bytes
  });

  it.each(Object.entries(streams))('%s: two reads cut at every byte, and one byte at a time', async (_name, stream) => {
    const bytes = new TextEncoder().encode(stream);
    const whole = chunksOf(stream);
    expect(whole.length).toBeGreaterThan(3);
    const expected = JSON.stringify(whole);
    expect(await differingCuts(bytes, range(0, bytes.length + 1), expected)).toEqual([]);
    expect(await readAll(bytesIn(bytes, 1))).toEqual(whole);
  });

  it(
    'drop-2 (146 tokens): one byte at a time, and two reads cut at every byte of its ' + 'first and last events',
    async () => {
      const bytes = new TextEncoder().encode(drop2);
      const whole = chunksOf(drop2);
      expect(whole.length).toBeGreaterThan(146);
      expect(await readAll(bytesIn(bytes, 1))).toEqual(whole);
      const events = drop2.split('\n\n');
      const head = new TextEncoder().encode(events.slice(0, 4).join('\n\n')).length + 2;
      const tail = new TextEncoder().encode(events.slice(-5).join('\n\n')).length;
      expect(
        await differingCuts(
          bytes,
          [...range(0, head), ...range(bytes.length - tail, bytes.length + 1)],
          JSON.stringify(whole),
        ),
      ).toEqual([]);
    },
  );

  it('a stream cut before data: [DONE] throws: the answer is incomplete', async () => {
    const cut = new TextEncoder().encode(hello!.slice(0, hello!.indexOf('data: [DONE]')));
    await expect(readAll(bytesIn(cut, 64))).rejects.toThrow(/ended before data: \[DONE\]/);
    // A program tells the failures apart by their kind, not by their English message.
    await expect(readAll(bytesIn(cut, 64))).rejects.toMatchObject({ name: 'ModelStreamError', kind: 'incomplete' });
  });

  it('each way a stream breaks the format has its kind', async () => {
    const stream = (text: string) => readAll(bytesIn(new TextEncoder().encode(text), 64));
    await expect(stream('data: {oops\n\n')).rejects.toMatchObject({ kind: 'not-json' });
    await expect(stream('data: 7\n\n')).rejects.toMatchObject({ kind: 'not-object' });
    await expect(stream('data: {"error":{"message":"overloaded"}}\n\n')).rejects.toMatchObject({ kind: 'error-event' });
    await expect(stream('data: {}\n\n')).rejects.toMatchObject({ kind: 'no-choices' });
  });
});
