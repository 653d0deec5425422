// The four details of streaming every round (lessons-code/rounds/round-reader.ts), each with the
// naive version that fails on it, and assembleToolCalls against its contract.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CAPABILITIES_QUESTION,
  HELLO_QUESTION,
  VOICINGS_QUESTION,
  assembleToolCalls,
  assembleToolCallsByPosition,
  joinRounds,
  joinRoundsAsTheyCome,
  paragraphBreak,
  readRound,
  readRoundBlindly,
  readRoundSkippingEmptyDeltas,
  type ChatCompletionChunk,
  type ToolCallFragment,
} from '../../../../lessons-code/index.ts';
import { chatRequest, chunksOf, fakeReplica, record, streamed } from './rounds-helpers.ts';

/** A chunk holding tool-call fragments, as the replica or OpenAI sends them. */
const fragmentChunk = (...fragments: ToolCallFragment[]): ChatCompletionChunk => ({
  id: 'chatcmpl-x',
  object: 'chat.completion.chunk',
  created: 0,
  model: 'm',
  choices: [{ index: 0, delta: { tool_calls: fragments }, finish_reason: null }],
});
const usageChunk: ChatCompletionChunk = {
  id: 'chatcmpl-x',
  object: 'chat.completion.chunk',
  created: 0,
  model: 'm',
  choices: [],
  usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 },
};
const first = (index: number, id: string, name: string, args = ''): ToolCallFragment => ({
  index,
  id,
  type: 'function',
  function: { name, arguments: args },
});
const more = (index: number, args: string): ToolCallFragment => ({ index, function: { arguments: args } });

const { clock, replica } = fakeReplica();
const toolRound = chunksOf((await record(replica, clock, streamed(VOICINGS_QUESTION))).text);
const cutRound = chunksOf(
  (await record(replica, clock, streamed(CAPABILITIES_QUESTION, { max_completion_tokens: 10 }))).text,
);
const helloRound = chunksOf((await record(replica, clock, streamed(HELLO_QUESTION))).text);
const helloWithoutUsage = chunksOf((await record(replica, clock, chatRequest(HELLO_QUESTION, { stream: true }))).text);

describe('1. tool calls accumulated by index', () => {
  it('rebuilds both interleaved calls of the recording', () => {
    expect(assembleToolCalls(toolRound)).toEqual([
      { id: 'call_r1', name: 'search_voicings', arguments: '{"chord": "Cmaj7", "instrument": "guitar", "limit": 2}' },
      { id: 'call_r2', name: 'search_voicings', arguments: '{"chord": "Am7", "instrument": "guitar", "limit": 2}' },
    ]);
  });

  it('naive, by position in the array: one call, the last id, arguments of both mixed, not JSON', () => {
    const calls = assembleToolCallsByPosition(toolRound);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.id).toBe('call_r2');
    expect(calls[0]!.arguments).toContain('Cmaj7');
    expect(calls[0]!.arguments).toContain('Am7');
    expect(() => JSON.parse(calls[0]!.arguments)).toThrow(SyntaxError);
  });

  it('the naive version is right on one call alone: the failure is the interleaving', () => {
    const alone = [
      fragmentChunk(first(0, 'call_a', 'f')),
      fragmentChunk(more(0, '{"a":')),
      fragmentChunk(more(0, ' 1}')),
    ];
    expect(assembleToolCallsByPosition(alone)).toEqual(assembleToolCalls(alone));
  });
});

describe('assembleToolCalls, its contract', () => {
  it('orders by index, whatever the arrival order; indices may start at 1 and skip numbers', () => {
    const chunks = [
      fragmentChunk(first(5, 'call_b', 'g')),
      fragmentChunk(first(1, 'call_a', 'f')),
      fragmentChunk(more(5, '{}')),
      fragmentChunk(more(1, '[]')),
    ];
    expect(assembleToolCalls(chunks)).toEqual([
      { id: 'call_a', name: 'f', arguments: '[]' },
      { id: 'call_b', name: 'g', arguments: '{}' },
    ]);
  });

  it('takes id and function.name from the first fragment that carries them, never concatenated', () => {
    const chunks = [
      fragmentChunk({ index: 0, function: { arguments: '{"x"' } }), // no id, no name yet
      fragmentChunk({ index: 0, id: 'call_1', type: 'function', function: { name: 'f', arguments: ':' } }),
      fragmentChunk({ index: 0, id: 'call_2', function: { name: 'g', arguments: ' 1}' } }), // repeated: ignored
    ];
    expect(assembleToolCalls(chunks)).toEqual([{ id: 'call_1', name: 'f', arguments: '{"x": 1}' }]);
  });

  it('concatenates arguments in arrival order, several fragments in one chunk included', () => {
    const chunks = [
      fragmentChunk(first(0, 'a', 'f', '['), first(1, 'b', 'g', '(')),
      fragmentChunk(more(1, ')'), more(0, ']')),
    ];
    expect(assembleToolCalls(chunks)).toEqual([
      { id: 'a', name: 'f', arguments: '[]' },
      { id: 'b', name: 'g', arguments: '()' },
    ]);
  });

  it('skips chunks with choices: [] (the usage chunk) without failing', () => {
    const chunks = [fragmentChunk(first(0, 'a', 'f', '{')), usageChunk, fragmentChunk(more(0, '}'))];
    expect(assembleToolCalls(chunks)).toEqual([{ id: 'a', name: 'f', arguments: '{}' }]);
    expect(assembleToolCalls([usageChunk])).toEqual([]);
  });

  it('skips tool calls of a type other than function, with their later fragments', () => {
    const chunks = [
      fragmentChunk({ index: 0, id: 'c', type: 'custom', function: { name: 'free', arguments: 'x' } }),
      fragmentChunk(first(1, 'a', 'f', '{')),
      fragmentChunk(more(0, 'y')),
      fragmentChunk(more(1, '}')),
    ];
    expect(assembleToolCalls(chunks)).toEqual([{ id: 'a', name: 'f', arguments: '{}' }]);
  });

  it('reads a null id, name or type as not given: a later null type keeps a function call', () => {
    const chunks = [
      fragmentChunk({ index: 0, id: null, type: null, function: { name: null, arguments: '' } }),
      fragmentChunk({ index: 0, id: 'call_1', type: 'function', function: { name: 'f', arguments: '{' } }),
      fragmentChunk({ index: 0, id: null, type: null, function: { name: null, arguments: '}' } }),
      fragmentChunk({ index: 1, id: 'c', type: 'custom', function: { name: 'free', arguments: 'x' } }),
      fragmentChunk({ index: 1, id: null, type: null, function: { name: null, arguments: 'y' } }),
    ];
    expect(assembleToolCalls(chunks)).toEqual([{ id: 'call_1', name: 'f', arguments: '{}' }]);
  });

  it('returns a call cut short as it is: no name, no arguments, or arguments that are not JSON', () => {
    const chunks = [
      fragmentChunk(first(0, 'a', 'f', '{"x": ')),
      fragmentChunk({ index: 1, id: 'b', type: 'function' }),
      fragmentChunk(first(2, 'c', 'g')),
    ];
    expect(assembleToolCalls(chunks)).toEqual([
      { id: 'a', name: 'f', arguments: '{"x": ' },
      { id: 'b', name: '', arguments: '' },
      { id: 'c', name: 'g', arguments: '' },
    ]);
  });

  it(
    'property: any interleaving of any calls, cut anywhere, with any indices, gives ' + 'the calls back in index order',
    () => {
      const call = fc.record({
        id: fc.stringMatching(/^call_[a-z0-9]{1,8}$/),
        name: fc.stringMatching(/^[a-z_]{1,12}$/),
        arguments: fc.json(),
      });
      const scenario = fc
        .uniqueArray(fc.nat(50), { minLength: 1, maxLength: 4 })
        .chain((indices) =>
          fc.tuple(
            fc.constant(indices),
            fc.array(call, { minLength: indices.length, maxLength: indices.length }),
            fc.array(fc.array(fc.nat(), { maxLength: 6 }), { minLength: indices.length, maxLength: indices.length }),
            fc.array(fc.nat(), { maxLength: 60 }),
          ),
        );
      fc.assert(
        fc.property(scenario, ([indices, calls, cutsPerCall, order]) => {
          // Each call: its first fragment, then its arguments cut at the chosen places.
          const queues = calls.map((c, i) => {
            const cuts = [...new Set(cutsPerCall[i]!.map((n) => n % (c.arguments.length + 1)))].sort((a, b) => a - b);
            const pieces: string[] = [];
            let at = 0;
            for (const cut of [...cuts, c.arguments.length]) {
              pieces.push(c.arguments.slice(at, cut));
              at = cut;
            }
            return [first(indices[i]!, c.id, c.name), ...pieces.map((piece) => more(indices[i]!, piece))];
          });
          // Interleave: take from the queue `order` points at, keeping each call's own order.
          const chunks: ChatCompletionChunk[] = [];
          let step = 0;
          while (queues.some((q) => q.length > 0)) {
            const open = queues.filter((q) => q.length > 0);
            chunks.push(fragmentChunk(open[(order[step++] ?? 0) % open.length]!.shift()!));
          }
          const expected = calls
            .map((c, i) => ({ index: indices[i]!, id: c.id, name: c.name, arguments: c.arguments }))
            .sort((a, b) => a.index - b.index);
          expect(assembleToolCalls(chunks)).toEqual(
            expected.map(({ id, name, arguments: args }) => ({ id, name, arguments: args })),
          );
        }),
        { numRuns: 300 },
      );
    },
  );
});

describe('2. finish_reason comes in a chunk with an empty delta', () => {
  it('read carefully: a cut answer says length', () => {
    const round = readRound(cutRound);
    expect(round.finishReason).toBe('length');
    expect(round.tokensReceived).toBe(10);
  });

  it('naive, skipping empty deltas: the same text, and no finish_reason, so the cut goes unnoticed', () => {
    const naive = readRoundSkippingEmptyDeltas(cutRound);
    expect(naive.text).toBe(readRound(cutRound).text);
    expect(naive.finishReason).toBeNull();
    expect(readRoundSkippingEmptyDeltas(helloRound).finishReason).toBeNull(); // it never sees "stop" either
    expect(readRound(helloRound).finishReason).toBe('stop');
  });
});

describe('3. the usage comes last, in a chunk with choices: []', () => {
  it('read carefully: the usage of the turn', () => {
    expect(readRound(helloRound).usage).toEqual(helloRound[helloRound.length - 1]!.usage);
    expect(readRound(helloRound).usage!.completion_tokens).toBeGreaterThan(20);
  });

  it('naive chunk.choices[0].delta: throws a TypeError on exactly that chunk', () => {
    expect(() => readRoundBlindly(helloRound)).toThrow(TypeError);
    expect(() => readRoundBlindly(helloRound)).toThrow(/reading 'delta'/);
    expect(() => readRoundBlindly(helloRound.slice(0, -1))).not.toThrow(); // every chunk before it is fine
    expect(readRoundBlindly(helloWithoutUsage).usage).toBeNull(); // and without include_usage, no usage at all
  });
});

describe('4. a paragraph break between the text of two rounds', () => {
  const rounds = ['Let me look those up in the voicing index.', 'Here is what the voicing index holds.'];

  it('joined with a break: two paragraphs', () => {
    expect(joinRounds(rounds)).toBe(
      'Let me look those up in the voicing index.\n\nHere is what the voicing index holds.',
    );
  });

  it('naive, as they come: the two sentences run together on one line', () => {
    expect(joinRoundsAsTheyCome(rounds)).toBe(
      'Let me look those up in the voicing index.Here is what the voicing index holds.',
    );
  });

  it('no break before the first text, none after a round with no text, and only the line breaks missing', () => {
    expect(paragraphBreak('')).toBe('');
    expect(paragraphBreak('a.')).toBe('\n\n');
    expect(paragraphBreak('a.\n')).toBe('\n');
    expect(paragraphBreak('a.\n\n')).toBe('');
    expect(joinRounds(['', 'a.', '', 'b.'])).toBe('a.\n\nb.');
    expect(joinRounds(['- item\n', 'b.'])).toBe('- item\n\nb.');
  });

  it('a CRLF line end is one line break: one LF after it, none after a blank line written with CRLF', () => {
    expect(paragraphBreak('a.\r\n')).toBe('\n');
    expect(paragraphBreak('a.\r\n\r\n')).toBe('');
    expect(paragraphBreak('a.\n\r\n')).toBe('');
    expect(paragraphBreak('a.\r\n\n')).toBe('');
    expect(joinRounds(['- item\r\n', '', 'b.\r\n\r\n', 'c.'])).toBe('- item\r\n\nb.\r\n\r\nc.');
  });
});
