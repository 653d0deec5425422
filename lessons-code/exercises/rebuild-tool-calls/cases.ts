// Exercise 06d-1: rebuild the tool calls of a streamed round from their fragments. The first case
// reads the model replica's chunks for the voicing question's first round (a sentence, two calls
// whose fragments are interleaved, the finish_reason chunk, the usage chunk with no choice: what the
// replica streams, computed by roundChunks); the others are chunks written here for one rule each.
// The learner's function gets the chunks as data. Each case shows those chunks when it fails, and
// names the wrong answers it recognizes by what they return (lessons-code/exercises/rebuild-tool-calls/mistakes/).

import {
  SEARCH_VOICINGS,
  assembleToolCalls,
  VOICINGS_QUESTION,
  roundChunks,
  type ChatCompletionChunk,
  type CheckTools,
  type Diagnosis,
  type ExerciseCase,
  type ExerciseDefinition,
  type Gen,
  type GeneratedCase,
  type Arbitrary,
  type Outcome,
  type Shown,
  type ToolCallFragment,
} from 'lessons-code';
// The file of the exercise is its reference solution: what a right answer gives on any chunks.
import * as reference from './exercise.ts';

interface Call {
  id: string;
  name: string;
  arguments: string;
}

const chunk = (fragments: ToolCallFragment[], content?: string): ChatCompletionChunk => ({
  id: 'chatcmpl-exercise',
  object: 'chat.completion.chunk',
  created: 1_767_225_600,
  model: 'ga-replica',
  choices: [{ index: 0, delta: content === undefined ? { tool_calls: fragments } : { content }, finish_reason: null }],
});
const finish: ChatCompletionChunk = { ...chunk([]), choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] };
const usage: ChatCompletionChunk = {
  ...chunk([]),
  choices: [],
  usage: { prompt_tokens: 150, completion_tokens: 12, total_tokens: 162 },
};
const first = (index: number, id: string, name: string, type = 'function'): ToolCallFragment => ({
  index,
  id,
  type,
  function: { name, arguments: '' },
});
const more = (index: number, args: string): ToolCallFragment => ({ index, function: { arguments: args } });

/** What a chunk carries besides its id, model and created: its first choice's delta and finish_reason, or its usage. */
function carries(c: ChatCompletionChunk, tools: CheckTools): string {
  const choice = c.choices[0];
  if (choice === undefined) return `choices: [], usage: ${tools.showValue(c.usage)}`;
  const delta = `delta: ${tools.showValue(choice.delta)}`;
  return choice.finish_reason === null ? delta : `${delta}, finish_reason: ${tools.showValue(choice.finish_reason)}`;
}

/** The chunks a case hands to the learner's function, one row each. */
const chunksShown = (chunks: readonly ChatCompletionChunk[], tools: CheckTools): Shown => ({
  kind: 'table',
  caption: tools.text('chunks.caption'),
  header: [tools.text('chunks.number'), tools.text('chunks.carries')],
  rows: chunks.map((c, i) => [String(i + 1), carries(c, tools)]),
});

/** Every fragment of the chunks, in arrival order. */
const fragmentsOf = (chunks: readonly ChatCompletionChunk[]): ToolCallFragment[] =>
  chunks.flatMap((c) => c.choices[0]?.delta.tool_calls ?? []);

/** The chunks with only the first fragment of each: what code that reads `tool_calls[0]` sees. */
const firstFragmentOnly = (chunks: readonly ChatCompletionChunk[]): ChatCompletionChunk[] =>
  chunks.map((c) =>
    c.choices[0]?.delta.tool_calls === undefined
      ? c
      : { ...c, choices: [{ ...c.choices[0], delta: { tool_calls: c.choices[0].delta.tool_calls.slice(0, 1) } }] },
  );

/** Every piece of arguments of the chunks, glued in arrival order, whatever call it belongs to. */
const allPieces = (chunks: readonly ChatCompletionChunk[]): string =>
  fragmentsOf(chunks)
    .map((f) => f.function?.arguments ?? '')
    .join('');

/** Per index, in order of index: the last non-empty piece of arguments that index received. */
const lastPieces = (chunks: readonly ChatCompletionChunk[]): string[] => {
  const last = new Map<number, string>();
  for (const f of fragmentsOf(chunks)) if (f.function?.arguments) last.set(f.index, f.function.arguments);
  return [...last.entries()].sort(([a], [b]) => a - b).map(([, piece]) => piece);
};

// What a diagnosis reads in an outcome: the calls returned, each as [id, name, arguments] (an entry
// that is not an object stays as it is), so that the order of a call's keys does not matter.
type Triple = [unknown, unknown, unknown] | unknown;
const triples = (outcome: Outcome<unknown>): Triple[] | null => {
  if (outcome.kind !== 'value' || !Array.isArray(outcome.value)) return null;
  return Array.from(outcome.value as unknown[], (c) =>
    typeof c === 'object' && c !== null ? [(c as Call).id, (c as Call).name, (c as Call).arguments] : c,
  );
};
const sameCalls = (outcome: Outcome<unknown>, calls: readonly Call[]): boolean =>
  JSON.stringify(triples(outcome)) === JSON.stringify(calls.map((c) => [c.id, c.name, c.arguments]));
const callsOf = (outcome: Outcome<unknown>): Partial<Call>[] =>
  (triples(outcome) ?? []).flatMap((t) =>
    Array.isArray(t) ? [{ id: t[0] as string, name: t[1] as string, arguments: t[2] as string }] : [],
  );
const threw = (outcome: Outcome<unknown>, name: string, message = /./): boolean =>
  outcome.kind === 'threw' && outcome.name === name && message.test(outcome.message);

// ---- The replica's round: a sentence, then two calls whose fragments alternate.

const REPLICA = roundChunks(VOICINGS_QUESTION);
/** What the replica's two calls come to. */
const VOICING_CALLS: Call[] = [
  { id: 'call_r1', name: SEARCH_VOICINGS, arguments: '{"chord": "Cmaj7", "instrument": "guitar", "limit": 2}' },
  { id: 'call_r2', name: SEARCH_VOICINGS, arguments: '{"chord": "Am7", "instrument": "guitar", "limit": 2}' },
];

const replicaDiagnoses: Diagnosis<Call[]>[] = [
  // Every fragment filed at its position in the array: one call, every piece of both glued in it.
  {
    id: 'by-position',
    recognize: (o) => callsOf(o).length === 1 && callsOf(o)[0]!.arguments === allPieces(REPLICA),
  },
  // Each piece added to the call named last: both are named before any piece comes.
  {
    id: 'last-named-call',
    recognize: (o) => {
      const calls = callsOf(o);
      return calls.length === 2 && calls[0]!.arguments === '' && calls[1]!.arguments === allPieces(REPLICA);
    },
  },
  // Each piece replacing the arguments so far: every call keeps its last piece.
  {
    id: 'arguments-replaced',
    recognize: (o) => {
      const calls = callsOf(o);
      const last = lastPieces(REPLICA);
      return calls.length === last.length && calls.every((c, i) => c.arguments === last[i]);
    },
  },
];

// Two mistakes show wherever their cause is in the chunks, whichever case fails first:
// chunk.choices[0].delta read on a usage chunk (V8 says "(reading 'delta')", Firefox "chunk.choices[0]
// is undefined", Safari "(evaluating 'chunk.choices[0].delta')"), and JSON.parse of a piece such as
// "{", the only SyntaxError that code building strings can meet.
const unguardedChoices: Diagnosis<Call[]> = {
  id: 'unguarded-choices',
  recognize: (o) => threw(o, 'TypeError', /\bdelta\b|choices/),
};
const piecesParsed: Diagnosis<Call[]> = { id: 'pieces-parsed', recognize: (o) => threw(o, 'SyntaxError') };
const notJson = (piece: string): boolean => {
  try {
    JSON.parse(piece);
    return false;
  } catch {
    return true;
  }
};
/** The diagnoses every case with such chunks declares. */
const fromTheChunks = (chunks: readonly ChatCompletionChunk[]): Diagnosis<Call[]>[] => [
  ...(chunks.some((c) => c.choices.length === 0) ? [unguardedChoices] : []),
  ...(fragmentsOf(chunks).some((f) => f.function?.arguments && notJson(f.function.arguments)) ? [piecesParsed] : []),
];

// ---- Indices 1, 3 and 10: the first fragments come as 3, 1, 10, and one chunk carries two fragments.

const INDICES = [
  chunk([first(3, 'call_b', 'get_scale')]),
  chunk([first(1, 'call_a', 'get_chord')]),
  chunk([more(3, '{"mode": '), more(1, '{"chord": ')]),
  chunk([first(10, 'call_c', 'get_arpeggio'), more(1, '"G7"}')]),
  chunk([more(3, '"Dorian"}'), more(10, '{"chord": "G7"}')]),
  finish,
  usage,
];
const CALL_A: Call = { id: 'call_a', name: 'get_chord', arguments: '{"chord": "G7"}' };
const CALL_B: Call = { id: 'call_b', name: 'get_scale', arguments: '{"mode": "Dorian"}' };
const CALL_C: Call = { id: 'call_c', name: 'get_arpeggio', arguments: '{"chord": "G7"}' };

const indicesDiagnoses: Diagnosis<Call[]>[] = [
  // A Map's own order: the order in which each index was first seen.
  { id: 'arrival-order', recognize: (o) => sameCalls(o, [CALL_B, CALL_A, CALL_C]) },
  // sort() without a compare function: 1, 10, 3 as strings.
  { id: 'sorted-as-strings', recognize: (o) => sameCalls(o, [CALL_A, CALL_C, CALL_B]) },
  // An array indexed by `index`: 11 slots, the calls at 1, 3 and 10, the others empty.
  {
    id: 'array-with-holes',
    recognize: (o) => {
      const all = triples(o);
      if (all === null || all.length !== 11) return false;
      const filled = all.flatMap((t, i) => (t === undefined || t === null ? [] : [i]));
      return JSON.stringify(filled) === '[1,3,10]';
    },
  },
  // `tool_calls[0]` only: the second fragment of chunks 3, 4 and 5 lost, `call_a` and `call_c` left
  // with no arguments (what lessons-code's assembleToolCalls makes of the first fragments alone).
  {
    id: 'first-fragment-per-chunk',
    recognize: (o) => sameCalls(o, assembleToolCalls(firstFragmentOnly(INDICES))),
  },
];

// ---- A later fragment repeats the id and the name.

const NAME_REPEATED = [
  chunk([first(0, 'call_a', SEARCH_VOICINGS)]),
  chunk([{ index: 0, id: 'call_a', function: { name: SEARCH_VOICINGS, arguments: '{"chord": ' } }]),
  chunk([more(0, '"Dm7"}')]),
  finish,
];

// ---- A later fragment names the call otherwise: the first id and name stay. The lesson's streams
// name a call in its first fragment only; the exercise's statement, like lessons-code's
// assembleToolCalls (rounds/round-reader.ts), takes the id and the name from the first fragment that
// has them, and this case holds to it where taking the last would give another call.

const FIRST_NAMES = [
  chunk([first(0, 'call_a', 'get_chord')]),
  chunk([{ index: 0, id: 'call_b', function: { name: 'get_scale', arguments: '{"chord": "C"}' } }]),
  finish,
];

// ---- A call that comes whole in one fragment, beside one in pieces.

const ONE_FRAGMENT = [
  chunk([{ index: 0, id: 'call_a', type: 'function', function: { name: 'get_chord', arguments: '{"chord": "A7"}' } }]),
  chunk([first(1, 'call_b', SEARCH_VOICINGS)]),
  chunk([more(1, '{"chord": ')]),
  chunk([more(1, '"D9"}')]),
  finish,
  usage,
];

// ---- Every field of a fragment but `index` may be left out, `function` and its `arguments` too
// (ToolCallFragment in lessons-code/rounds/chat-format.ts, typed as OpenAI's TypeScript SDK types
// it): here the id, the name and the arguments each come in a fragment of their own.

const FIELDS_MISSING = [
  chunk([{ index: 0, id: 'call_a', type: 'function' }]),
  chunk([{ index: 0, function: { name: 'get_chord' } }]),
  chunk([more(0, '{"chord": "C"}')]),
  finish,
];

// ---- A call of another type at index 0 (OpenAI's custom tools): skipped, with all its fragments.

const OTHER_TYPE = [
  chunk([], 'Checking. '),
  chunk([{ index: 0, id: 'call_x', type: 'custom', function: { name: 'grammar', arguments: '' } }]),
  chunk([first(1, 'call_y', SEARCH_VOICINGS)]),
  chunk([more(0, 'x y z'), more(1, '{"chord": "E7"}')]),
  finish,
  usage,
];

// ---- A round that only answers.

const TEXT_ONLY = [
  chunk([], 'Hello! '),
  chunk([], 'Ask me about chords.'),
  { ...finish, choices: [{ index: 0, delta: {}, finish_reason: 'stop' as const }] },
  usage,
];

function toolCallsCase(
  id: string,
  chunks: ChatCompletionChunk[],
  expected: Call[],
  diagnoses: Diagnosis<Call[]>[] = [],
): ExerciseCase<Call[]> {
  return {
    id,
    uses: ['assembleToolCalls'],
    run: (learner) => learner.call('assembleToolCalls', chunks) as Promise<Call[]>,
    expected,
    input: (tools) => chunksShown(chunks, tools),
    diagnoses: [...diagnoses, ...fromTheChunks(chunks)],
  };
}

// ---- Generated rounds: up to four calls with any distinct indices from 0 to 12 and distinct ids in
// any order relative to them, each sent in one of the shapes the lesson's streams and OpenAI's types
// allow, their arguments cut into pieces anywhere between two characters (a multi-byte one
// included), the fragments of different calls interleaved in any order and two of them sharing a
// chunk now and then; a later fragment that repeats the id and the name, or names the call otherwise
// (the statement keeps the first); a call of another type now and then, its type on the fragment
// that opens it or on its last, and one whose fragments give no type (a function call, as the
// statement says); now and then a round whose server sends no id
// (each call keeps the id ''); a sentence before the calls, the `finish_reason`
// in a chunk of its own or in the chunk of the last fragment, and perhaps the usage chunk. Each chunk
// has one choice, of index 0, but the usage chunk: the statement's round asked for one answer (the
// harness's requests set no `n`: ChatRequest in lessons-code/rounds/chat-format.ts), and only a
// request for several makes OpenAI send choices of other indices. What a right answer gives is then
// fully determined, whether it reads `choices[0]`, the choice of index 0 or every choice.

/** How a call's first fragments come: OpenAI's (id, type and name, with empty arguments), the
 * first piece of the arguments with the name, the id and the name in fragments of their own, or
 * the type alone and then the id with the name. */
type Shape = 'empty-arguments' | 'first-piece' | 'name-later' | 'id-later';

interface GeneratedCall {
  index: number;
  id: string;
  name: string;
  /** Undefined: no fragment of the call carries a type, which makes it a function call. */
  type: string | undefined;
  /** Which fragment carries the type: the one that opens the call, or its last (when it has more than one). */
  typeAt: 'first' | 'last';
  arguments: string;
  /** Where the arguments are cut, in characters (code points), before they are reduced to their length. */
  cuts: number[];
  shape: Shape;
  /** Whether the fragment of the first piece after the name also carries an id and a name: the same, or others. */
  echo: 'none' | 'same' | 'other';
}

// The last starts with a space, as the first piece of a call's arguments from vLLM may
// (https://github.com/openai/openai-python/issues/3201): JSON allows it, and it is kept.
const ARGUMENTS = [
  '{"chord": "Cmaj7"}',
  '{"chord": "Am7", "instrument": "guitar", "limit": 2}',
  '{}',
  '{"mode": "Dorian"}',
  '{"chord": "F#m7♭5", "note": "🎸"}',
  ' {"chord": "G7"}',
];

/**
 * The fragments of one call, in the order that call sends them. A call without a type leaves the
 * field out of every fragment, as Mistral's models on Azure send it
 * (https://github.com/vercel/ai/pull/12901). A call with a type gives it on the fragment that opens
 * it, or on its last: the chunk's schema makes every field of a tool-call fragment optional but
 * `index`, `type` included, whichever fragment it is (ChatCompletionChunk.Choice.Delta.ToolCall in
 * OpenAI's SDK: https://github.com/openai/openai-node/blob/7b7d6ca71130d37ec09792c50056b47861f2eccf/
 * src/resources/chat/completions/completions.ts#L972-L988).
 */
function fragmentsOfCall(call: GeneratedCall): ToolCallFragment[] {
  if (call.type === undefined || call.typeAt === 'first') return fragmentsWithType(call, call.type);
  const fragments = fragmentsWithType(call, undefined);
  const last = fragments.length - 1;
  if (last === 0) return fragmentsWithType(call, call.type);
  return fragments.map((fragment, i) => (i === last ? { ...fragment, type: call.type } : fragment));
}

/** The fragments of one call in the order it sends them, the one that opens it with this type if any. */
function fragmentsWithType(call: GeneratedCall, typeOfFirst: string | undefined): ToolCallFragment[] {
  const characters = Array.from(call.arguments);
  const cuts = [...new Set(call.cuts.map((cut) => 1 + (cut % Math.max(1, characters.length - 1))))]
    .filter((cut) => cut < characters.length)
    .sort((a, b) => a - b);
  const pieces = [0, ...cuts].map((from, i) => characters.slice(from, cuts[i] ?? characters.length).join(''));
  const { index, id, name } = call;
  const type = typeOfFirst === undefined ? {} : { type: typeOfFirst };
  const later = (call.shape === 'first-piece' ? pieces.slice(1) : pieces).map((piece) => more(index, piece));
  if (later[0] !== undefined && call.echo !== 'none') {
    const [otherId, otherName] = call.echo === 'same' ? [id, name] : ['call_other', 'get_other'];
    later[0] = { index, id: otherId, function: { name: otherName, arguments: later[0].function!.arguments! } };
  }
  if (call.shape === 'empty-arguments') return [{ index, id, ...type, function: { name, arguments: '' } }, ...later];
  if (call.shape === 'first-piece')
    return [{ index, id, ...type, function: { name, arguments: pieces[0]! } }, ...later];
  if (call.shape === 'id-later')
    return [{ index, ...type }, { index, id, function: { name, arguments: '' } }, ...later];
  return [{ index, id, ...type }, { index, function: { name } }, ...later];
}

const generatedCall = (gen: Gen): Arbitrary<GeneratedCall> =>
  gen
    .tuple(
      gen.nat(12),
      gen.string({ unit: gen.constantFrom('a', 'b', 'x', '1', '2'), minLength: 1, maxLength: 3 }),
      gen.constantFrom(SEARCH_VOICINGS, 'get_chord', 'get_scale'),
      // A call of another type one time in three, and one in six that gives no type (a function call).
      // The other types: OpenAI's custom tools, and a type no Chat Completions stream sends yet. OpenAI's
      // chunk schema says of `type` "Currently, only `function` is supported" (ChatCompletionMessageToolCallChunk,
      // https://github.com/openai/openai-openapi), yet custom calls came later; its Responses API has
      // other tool types, `web_search` among them. The statement skips every type but "function".
      gen.constantFrom<string | undefined>('function', 'function', 'function', undefined, 'custom', 'web_search'),
      gen.constantFrom(...ARGUMENTS),
      gen.array(gen.nat(60), { maxLength: 3 }),
      gen.constantFrom<Shape>('empty-arguments', 'first-piece', 'name-later', 'id-later'),
      gen.constantFrom<GeneratedCall['echo']>('none', 'none', 'same', 'other'),
      gen.constantFrom<GeneratedCall['typeAt']>('first', 'last'),
    )
    .map(([index, suffix, name, type, args, cuts, shape, echo, typeAt]) => ({
      index,
      id: `call_${suffix}`,
      name,
      type,
      typeAt,
      arguments: args,
      cuts,
      shape,
      echo,
    }));

/** The fragment without its id. */
const withoutId = (fragment: ToolCallFragment): ToolCallFragment =>
  Object.fromEntries(Object.entries(fragment).filter(([key]) => key !== 'id')) as ToolCallFragment;

/** The fragment with every field it leaves out written as null, `function.arguments` too: what a
 * server writes from a model whose fields default to None (LiteLLM's ChatCompletionDeltaToolCall,
 * https://github.com/BerriAI/litellm/blob/001c64f24845167b8fcd01f3e48152923627d4c7/litellm/types/utils.py;
 * SGLang's argument fragments carry "id":null and "name":null, https://github.com/sgl-project/sglang/pull/35542;
 * OpenAI's Python SDK types a fragment's arguments `Optional[str] = None` (ChoiceDeltaToolCallFunction,
 * https://github.com/openai/openai-python/blob/main/src/openai/types/chat/chat_completion_chunk.py), and a
 * proxy that writes such a model without leaving out its None fields sends `"arguments": null`).
 * lessons-code's ToolCallFragment does not list null for the arguments, hence the cast. The statement
 * reads null as not given. */
const withNulls = (f: ToolCallFragment): ToolCallFragment => ({
  index: f.index,
  id: f.id ?? null,
  type: f.type ?? null,
  function: { name: f.function?.name ?? null, arguments: f.function?.arguments ?? null },
});

/** The fragment with its piece of arguments cut after `keep` characters (code points). */
function cutPiece(f: ToolCallFragment, keep: number): ToolCallFragment {
  const piece = f.function?.arguments;
  if (piece === undefined || piece === null) return f;
  const characters = Array.from(piece);
  return { ...f, function: { ...f.function, arguments: characters.slice(0, keep % (characters.length + 1)).join('') } };
}

/** Where a round that hit its token limit stops: after how many fragments, and how many characters
 * of the last one's piece of arguments it keeps. */
type Cut = readonly [fragments: number, characters: number];

/** A round's chunks: the calls' fragments in the order `order` gives (the k-th time a call's
 * position appears, its k-th fragment), a fragment sharing the chunk before when `shares` says so
 * and that chunk holds one fragment, of another call or of the same one (vLLM with speculative
 * decoding sends the fragment that opens a call and its first piece of arguments in one chunk:
 * https://github.com/openai/openai-python/issues/3201); the `finish_reason` in the last fragments'
 * chunk when `finishShared` says so; no id in any fragment unless `withIds` says so. A server may
 * send no id at all: vLLM streams calls without one (https://github.com/vllm-project/vllm/issues/18412),
 * and the statement then keeps the id ''. With `nulls`, every field a fragment leaves out is null
 * (its missing arguments ''). With a `cut`, the round stops early, as one that hits
 * `max_completion_tokens` does, with `finish_reason: "length"` (the chunk object's finish_reason,
 * https://platform.openai.com/docs/api-reference/chat-streaming/streaming): a call may then have
 * no name yet, no arguments, or arguments that are not JSON. */
function roundOf(
  calls: readonly GeneratedCall[],
  order: readonly number[],
  shares: readonly boolean[],
  sentence: string | undefined,
  withUsage: boolean,
  finishShared: boolean,
  withIds: boolean,
  nulls = false,
  cut?: Cut,
): ChatCompletionChunk[] {
  const queues = calls.map((call) => fragmentsOfCall(call).map((f) => (withIds ? f : withoutId(f))));
  const kept = cut === undefined ? order.length : 1 + (cut[0] % Math.max(1, order.length));
  const lists: ToolCallFragment[][] = [];
  order.slice(0, kept).forEach((position, i) => {
    const whole = queues[position]!.shift()!;
    const shortened = cut !== undefined && i === kept - 1 ? cutPiece(whole, cut[1]) : whole;
    const fragment = nulls ? withNulls(shortened) : shortened;
    const last = lists.at(-1);
    if (shares[i] === true && last?.length === 1) last.push(fragment);
    else lists.push([fragment]);
  });
  const reason =
    cut !== undefined && calls.length > 0
      ? ('length' as const)
      : calls.length > 0
        ? ('tool_calls' as const)
        : ('stop' as const);
  const chunks = lists.map((fragments) => chunk(fragments));
  const last = chunks.at(-1);
  if (finishShared && last !== undefined) chunks[chunks.length - 1] = finishing(last, reason);
  else chunks.push(finishing(finish, reason));
  return [...(sentence === undefined ? [] : [chunk([], sentence)]), ...chunks, ...(withUsage ? [usage] : [])];
}

const generatedRound = (gen: Gen): Arbitrary<ChatCompletionChunk[]> =>
  gen.uniqueArray(generatedCall(gen), { maxLength: 4, selector: (call) => call.index }).chain((calls) => {
    const positions = calls.flatMap((call, position) => fragmentsOfCall(call).map(() => position));
    return gen
      .tuple(
        gen.shuffledSubarray(positions, { minLength: positions.length, maxLength: positions.length }),
        gen.array(gen.boolean(), { minLength: positions.length, maxLength: positions.length }),
        gen.option(gen.constantFrom('Let me look those up. ', 'One moment…'), { nil: undefined }),
        gen.boolean(),
        gen.boolean(),
        // One round in five from a server that sends no id.
        gen.constantFrom(true, true, true, true, false),
        // One round in three from a server that writes the fields it leaves out as null.
        gen.constantFrom(false, false, true),
        // One round in three cut short by the token limit.
        gen
          .tuple(gen.constantFrom(false, false, true), gen.nat(40), gen.nat(40))
          .map(([cut, fragments, characters]): Cut | undefined => (cut ? [fragments, characters] : undefined)),
        // One round in three from a server that gives every call the same id: some providers reuse
        // one id for the calls of a round (DeepSeek and Zhipu's GLM, as
        // https://github.com/HKUDS/nanobot/pull/3943 reports). An id names a call; the index tells
        // the calls apart.
        gen.constantFrom(false, false, true),
      )
      .map(([order, shares, sentence, withUsage, finishShared, withIds, nulls, cut, oneId]) =>
        roundOf(
          oneId ? calls.map((call) => ({ ...call, id: calls[0]!.id })) : calls,
          order,
          shares,
          sentence,
          withUsage,
          finishShared,
          withIds,
          nulls,
          cut,
        ),
      );
  });

/** The chunk with its first choice's finish_reason set. */
const finishing = (c: ChatCompletionChunk, reason: 'tool_calls' | 'stop' | 'length'): ChatCompletionChunk => ({
  ...c,
  choices: c.choices.map((choice) => ({ ...choice, finish_reason: reason })),
});

/** The reference's calls with the index of each: the indices of calls of type function, sorted. */
function referenceByIndex(chunks: ChatCompletionChunk[]): [number, Call][] {
  const types = new Map<number, string>();
  for (const f of fragmentsOf(chunks)) if (!types.has(f.index) || f.type != null) types.set(f.index, f.type ?? '');
  const others = new Set(fragmentsOf(chunks).flatMap((f) => ((f.type ?? 'function') !== 'function' ? [f.index] : [])));
  const indices = [...types.keys()].filter((index) => !others.has(index)).sort((a, b) => a - b);
  const calls = reference.assembleToolCalls(chunks);
  return indices.map((index, i) => [index, calls[i]!]);
}

/** The calls with the name only from each call's first fragment ('' when that fragment has none). */
function nameFromFirstFragment(chunks: ChatCompletionChunk[]): Call[] {
  const firsts = new Map<number, ToolCallFragment>();
  for (const f of fragmentsOf(chunks)) if (!firsts.has(f.index)) firsts.set(f.index, f);
  return referenceByIndex(chunks).map(([index, call]) => ({ ...call, name: firsts.get(index)?.function?.name ?? '' }));
}

/** The calls with the id only from each call's first fragment ('' when that fragment has none). */
function idFromFirstFragment(chunks: ChatCompletionChunk[]): Call[] {
  const firsts = new Map<number, ToolCallFragment>();
  for (const f of fragmentsOf(chunks)) if (!firsts.has(f.index)) firsts.set(f.index, f);
  return referenceByIndex(chunks).map(([index, call]) => ({ ...call, id: firsts.get(index)?.id ?? '' }));
}

/** The calls kept only when a fragment of theirs says `type: 'function'`: a call with no type dropped. */
const typelessDropped = (chunks: ChatCompletionChunk[]): Call[] =>
  referenceByIndex(chunks)
    .filter(([index]) => fragmentsOf(chunks).some((f) => f.index === index && f.type === 'function'))
    .map(([, call]) => call);

/**
 * The calls in the order their first fragments arrived, then sorted by id: localeCompare, as such code
 * is usually written (on these ids it orders as the code units do), a stable sort that keeps the
 * order of arrival between calls of the same id ('' in a round whose server sends none).
 */
function sortedById(chunks: ChatCompletionChunk[]): Call[] {
  const arrival = [...new Set(fragmentsOf(chunks).map((f) => f.index))];
  return referenceByIndex(chunks)
    .sort(([a], [b]) => arrival.indexOf(a) - arrival.indexOf(b))
    .map(([, call]) => call)
    .sort((a, b) => a.id.localeCompare(b.id));
}

/** The chunks with every type but "custom" made "function": what code that skips only the custom calls reads. */
const onlyCustomSkipped = (chunks: ChatCompletionChunk[]): Call[] =>
  reference.assembleToolCalls(
    chunks.map((c) => ({
      ...c,
      choices: c.choices.map((choice) => ({
        ...choice,
        delta: {
          ...choice.delta,
          ...(choice.delta.tool_calls && {
            tool_calls: choice.delta.tool_calls.map((f) =>
              f.type == null || f.type === 'custom' ? f : { ...f, type: 'function' },
            ),
          }),
        },
      })),
    })),
  );

/**
 * The chunks with the type left only on the fragment that opens each call (of choice 0): what code
 * that reads `type` on that fragment alone sees.
 */
function typeOnOpeningOnly(chunks: ChatCompletionChunk[]): ChatCompletionChunk[] {
  const opened = new Set<number>();
  return chunks.map((c) => ({
    ...c,
    choices: c.choices.map((choice) =>
      choice.index !== 0 || !choice.delta.tool_calls
        ? choice
        : {
            ...choice,
            delta: {
              ...choice.delta,
              tool_calls: choice.delta.tool_calls.map((f) => {
                if (!opened.has(f.index)) {
                  opened.add(f.index);
                  return f;
                }
                const { type: _type, ...rest } = f;
                return rest;
              }),
            },
          },
    ),
  }));
}

/**
 * The calls with the id and the name copied from every fragment while the call has none that is
 * truthy: where no fragment gave one, what the last fragment carried, `undefined` or `null`.
 */
const missingCopied = (chunks: ChatCompletionChunk[]): Call[] => copiedWhile(chunks, (value) => !value);

/** The calls with the id and the name copied from the first fragment where they are not `undefined`: a `null` too. */
const nullCopied = (chunks: ChatCompletionChunk[]): Call[] =>
  copiedWhile(chunks, (value) => value === undefined).map((call) => ({
    ...call,
    id: call.id === undefined ? '' : call.id,
    name: call.name === undefined ? '' : call.name,
  }));

/**
 * The reference's calls, each with its id and name copied from each fragment while `open` says so
 * of the value so far.
 */
function copiedWhile(chunks: ChatCompletionChunk[], open: (value: unknown) => boolean): Call[] {
  return referenceByIndex(chunks).map(([index, call]) => {
    let id: unknown = undefined;
    let name: unknown = undefined;
    let first = true;
    for (const f of fragmentsOf(chunks)) {
      if (f.index !== index) continue;
      if (first || open(id)) id = f.id;
      if (first || open(name)) name = f.function?.name;
      first = false;
    }
    return { ...call, id, name } as Call;
  });
}

/** The chunks with every `type: null` written as a string: what code that reads null as another type sees. */
const nullTypeAsString = (chunks: ChatCompletionChunk[]): ChatCompletionChunk[] =>
  chunks.map((c) => ({
    ...c,
    choices: c.choices.map((choice) => ({
      ...choice,
      delta: {
        ...choice.delta,
        ...(choice.delta.tool_calls && {
          tool_calls: choice.delta.tool_calls.map((f) => (f.type === null ? { ...f, type: 'null' } : f)),
        }),
      },
    })),
  }));

/**
 * The chunks with every `"arguments": null` written as a string: what code that appends any value
 * but undefined sees.
 */
const nullArgumentsAsText = (chunks: ChatCompletionChunk[]): ChatCompletionChunk[] =>
  chunks.map((c) => ({
    ...c,
    choices: c.choices.map((choice) => ({
      ...choice,
      delta: {
        ...choice.delta,
        ...(choice.delta.tool_calls && {
          tool_calls: choice.delta.tool_calls.map((f) =>
            f.function?.arguments === null ? { ...f, function: { ...f.function, arguments: 'null' } } : f,
          ),
        }),
      },
    })),
  }));

/** The chunks with each chunk's fragments in the other order: what code that walks them from the last reads. */
const fragmentsReversed = (chunks: ChatCompletionChunk[]): ChatCompletionChunk[] =>
  chunks.map((c) => ({
    ...c,
    choices: c.choices.map((choice) => ({
      ...choice,
      delta: {
        ...choice.delta,
        ...(choice.delta.tool_calls && { tool_calls: [...choice.delta.tool_calls].reverse() }),
      },
    })),
  }));

/** The reference's calls with only the first of those that share an id (an empty id shared by none). */
function repeatedIdDropped(chunks: ChatCompletionChunk[]): Call[] {
  const seen = new Set<string>();
  return reference.assembleToolCalls(chunks).filter((call) => {
    if (call.id === '') return true;
    if (seen.has(call.id)) return false;
    seen.add(call.id);
    return true;
  });
}

/** Whether a text is JSON. */
const isJson = (text: string): boolean => !notJson(text);

/** The calls with each id and name made of every fragment's, glued. */
function namesGlued(chunks: ChatCompletionChunk[]): Call[] {
  const ids = new Map<number, string>();
  const names = new Map<number, string>();
  const add = (map: Map<number, string>, index: number, value: string | null | undefined) => {
    if (value) map.set(index, (map.get(index) ?? '') + value);
  };
  for (const f of fragmentsOf(chunks)) {
    add(ids, f.index, f.id);
    add(names, f.index, f.function?.name);
  }
  return referenceByIndex(chunks).map(([index, call]) => ({
    ...call,
    id: ids.get(index) ?? '',
    name: names.get(index) ?? '',
  }));
}

const generatedCase = {
  kind: 'generated',
  id: 'generated-rounds',
  uses: ['assembleToolCalls'],
  inputs: generatedRound,
  // One call of the learner's function each: 40 rounds keep the case within a few hundred ms.
  runs: 40,
  run: (learner, chunks) => learner.call('assembleToolCalls', chunks) as Promise<Call[]>,
  // lessons-code's assembleToolCalls, as for the chosen cases: exercise.ts gives the same on every input
  // (the tests check it), and a mutant of exercise.ts, which mutation testing runs in this same process
  // (test/mutation/in-process-learner.ts), is then compared with the harness's reader, not with itself.
  expected: (chunks) => assembleToolCalls(chunks),
  input: (chunks, tools) => chunksShown(chunks, tools),
  // Only mistakes whose sentence holds for any input (arrival-order's and sorted-as-strings' quote
  // the indices 1, 3 and 10 of their case, name-overwritten's the ids of its own).
  diagnoses: [
    { id: 'sorted-by-id', like: sortedById },
    { id: 'first-fragment-per-chunk', like: (chunks) => reference.assembleToolCalls(firstFragmentOnly(chunks)) },
    { id: 'name-from-first-fragment', like: nameFromFirstFragment },
    { id: 'name-concatenated', like: namesGlued },
    { id: 'id-from-first-fragment', like: idFromFirstFragment },
    { id: 'typeless-call-dropped', like: typelessDropped },
    { id: 'only-custom-skipped', like: onlyCustomSkipped },
    { id: 'type-on-opening-fragment', like: (chunks) => reference.assembleToolCalls(typeOnOpeningOnly(chunks)) },
    { id: 'missing-id-undefined', like: missingCopied },
    { id: 'null-copied', like: nullCopied },
    { id: 'null-type-other', like: (chunks) => reference.assembleToolCalls(nullTypeAsString(chunks)) },
    { id: 'null-arguments-appended', like: (chunks) => reference.assembleToolCalls(nullArgumentsAsText(chunks)) },
    { id: 'repeated-id-dropped', like: repeatedIdDropped },
    { id: 'chunk-read-backwards', like: (chunks) => reference.assembleToolCalls(fragmentsReversed(chunks)) },
    {
      id: 'arguments-trimmed',
      like: (chunks) =>
        reference.assembleToolCalls(chunks).map((call) => ({ ...call, arguments: call.arguments.trim() })),
    },
    {
      id: 'nameless-dropped',
      like: (chunks) => reference.assembleToolCalls(chunks).filter((call) => call.name !== ''),
    },
    {
      id: 'not-json-dropped',
      like: (chunks) => reference.assembleToolCalls(chunks).filter((call) => isJson(call.arguments)),
    },
    {
      id: 'empty-arguments-filled',
      like: (chunks) =>
        reference.assembleToolCalls(chunks).map((call) => ({ ...call, arguments: call.arguments || '{}' })),
    },
    // The chunk that carries the finish_reason read no further, the fragments it may carry too.
    {
      id: 'finish-chunk-skipped',
      like: (chunks) =>
        reference.assembleToolCalls(
          chunks.filter((c) => !c.choices.find((choice) => choice.index === 0)?.finish_reason),
        ),
    },
  ],
} satisfies GeneratedCase<ChatCompletionChunk[], Call[]>;

const definition: ExerciseDefinition = {
  exports: { assembleToolCalls: 'function' },
  cases: [
    toolCallsCase('replica', REPLICA, VOICING_CALLS, replicaDiagnoses),
    toolCallsCase('indices-from-one', INDICES, [CALL_A, CALL_B, CALL_C], indicesDiagnoses),
    toolCallsCase(
      'name-repeated',
      NAME_REPEATED,
      [{ id: 'call_a', name: SEARCH_VOICINGS, arguments: '{"chord": "Dm7"}' }],
      [
        {
          id: 'name-concatenated',
          recognize: (o) => callsOf(o).some((c) => c.name === SEARCH_VOICINGS.repeat(2) || c.id === 'call_acall_a'),
        },
      ],
    ),
    toolCallsCase(
      'first-id-and-name',
      FIRST_NAMES,
      [{ id: 'call_a', name: 'get_chord', arguments: '{"chord": "C"}' }],
      [
        {
          // One call, renamed: code that starts a second call for the second id does not overwrite.
          id: 'name-overwritten',
          recognize: (o) =>
            callsOf(o).length === 1 && callsOf(o).some((c) => c.id === 'call_b' || c.name === 'get_scale'),
        },
        {
          id: 'name-concatenated',
          recognize: (o) => callsOf(o).some((c) => c.id === 'call_acall_b' || c.name === 'get_chordget_scale'),
        },
      ],
    ),
    toolCallsCase(
      'one-fragment',
      ONE_FRAGMENT,
      [
        { id: 'call_a', name: 'get_chord', arguments: '{"chord": "A7"}' },
        { id: 'call_b', name: SEARCH_VOICINGS, arguments: '{"chord": "D9"}' },
      ],
      [
        {
          id: 'first-arguments-dropped',
          recognize: (o) => callsOf(o).some((c) => c.id === 'call_a' && c.arguments === ''),
        },
      ],
    ),
    toolCallsCase(
      'fields-missing',
      FIELDS_MISSING,
      [{ id: 'call_a', name: 'get_chord', arguments: '{"chord": "C"}' }],
      [
        // V8: "(reading 'name')"; Firefox: "fragment.function is undefined"; Safari: "(evaluating
        // 'fragment.function.name')".
        { id: 'function-unguarded', recognize: (o) => threw(o, 'TypeError', /\bfunction\b|\b(name|arguments)\b/) },
        // The name read only from the call's first fragment, which carries none here.
        {
          id: 'name-from-first-fragment',
          recognize: (o) => sameCalls(o, [{ id: 'call_a', name: '', arguments: '{"chord": "C"}' }]),
        },
        // A missing piece appended as it is: `+=` writes it as "undefined".
        {
          id: 'undefined-appended',
          recognize: (o) =>
            callsOf(o).some((c) => typeof c.arguments === 'string' && c.arguments.includes('undefined')),
        },
      ],
    ),
    toolCallsCase(
      'other-type',
      OTHER_TYPE,
      [{ id: 'call_y', name: SEARCH_VOICINGS, arguments: '{"chord": "E7"}' }],
      [
        { id: 'other-type-kept', recognize: (o) => callsOf(o).some((c) => c.id === 'call_x') },
        {
          id: 'other-type-later-fragments',
          // A call of their own: no id, no name (filed with another call, they are another mistake).
          recognize: (o) => callsOf(o).some((c) => c.id === '' && c.name === '' && c.arguments === 'x y z'),
        },
      ],
    ),
    toolCallsCase('text-only', TEXT_ONLY, []),
    generatedCase,
  ],
};

export default definition;
