// Exercise 06d-1: rebuild the tool calls of a streamed round from their fragments. The first case
// reads the model replica's chunks for the voicing question's first round (a sentence, two calls
// whose fragments are interleaved, the finish_reason chunk, the usage chunk with no choice: what the
// replica streams, computed by roundChunks); the others are chunks written here for one rule each.
// The learner's function gets the chunks as data. Each case shows those chunks when it fails, and
// names the wrong answers it recognizes by what they return (lessons-code/exercises/rebuild-tool-calls/mistakes/).

import {
  SEARCH_VOICINGS,
  VOICINGS_QUESTION,
  roundChunks,
  type ChatCompletionChunk,
  type CheckTools,
  type Diagnosis,
  type ExerciseCase,
  type ExerciseDefinition,
  type Outcome,
  type Shown,
  type ToolCallFragment,
} from 'lessons-code';

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
          id: 'name-overwritten',
          recognize: (o) => callsOf(o).some((c) => c.id === 'call_b' || c.name === 'get_scale'),
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
          recognize: (o) => callsOf(o).some((c) => c.id !== 'call_x' && c.arguments === 'x y z'),
        },
      ],
    ),
    toolCallsCase('text-only', TEXT_ONLY, []),
  ],
};

export default definition;
