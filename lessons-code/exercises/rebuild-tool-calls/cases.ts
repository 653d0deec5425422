// Exercise 06d-1: rebuild the tool calls of a streamed round from their fragments. The first case
// reads the model replica's chunks for the voicing question's first round (a sentence, two calls
// whose fragments are interleaved, the finish_reason chunk, the usage chunk with no choice: what the
// replica streams, computed by roundChunks); the others are chunks written here for one rule each.
// The learner's function gets the chunks as data.

import {
  SEARCH_VOICINGS,
  VOICINGS_QUESTION,
  roundChunks,
  type ChatCompletionChunk,
  type ToolCallFragment,
  type ExerciseCase,
  type ExerciseDefinition,
  type Learner,
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

/** What the replica's two calls come to. */
const VOICING_CALLS: Call[] = [
  { id: 'call_r1', name: SEARCH_VOICINGS, arguments: '{"chord": "Cmaj7", "instrument": "guitar", "limit": 2}' },
  { id: 'call_r2', name: SEARCH_VOICINGS, arguments: '{"chord": "Am7", "instrument": "guitar", "limit": 2}' },
];

const call = (learner: Learner, chunks: ChatCompletionChunk[]) =>
  learner.call('assembleToolCalls', chunks) as Promise<Call[]>;

const definition: ExerciseDefinition = {
  exports: { assembleToolCalls: 'function' },
  cases: [
    {
      id: 'replica',
      uses: ['assembleToolCalls'],
      run: (learner) => call(learner, roundChunks(VOICINGS_QUESTION)),
      expected: VOICING_CALLS,
    } satisfies ExerciseCase<Call[]>,
    {
      id: 'indices-from-one',
      uses: ['assembleToolCalls'],
      // Indices 1 and 3; in the third chunk, both calls' fragments, index 3 first in the array.
      run: (learner) =>
        call(learner, [
          chunk([first(3, 'call_b', 'get_scale')]),
          chunk([first(1, 'call_a', 'get_chord')]),
          chunk([more(3, '{"mode": '), more(1, '{"chord": ')]),
          chunk([more(1, '"G7"}')]),
          chunk([more(3, '"Dorian"}')]),
          finish,
          usage,
        ]),
      expected: [
        { id: 'call_a', name: 'get_chord', arguments: '{"chord": "G7"}' },
        { id: 'call_b', name: 'get_scale', arguments: '{"mode": "Dorian"}' },
      ],
    } satisfies ExerciseCase<Call[]>,
    {
      id: 'name-repeated',
      uses: ['assembleToolCalls'],
      // A later fragment repeats the id and the name: they are the call's, not more of it.
      run: (learner) =>
        call(learner, [
          chunk([first(0, 'call_a', SEARCH_VOICINGS)]),
          chunk([{ index: 0, id: 'call_a', function: { name: SEARCH_VOICINGS, arguments: '{"chord": ' } }]),
          chunk([more(0, '"Dm7"}')]),
          finish,
        ]),
      expected: [{ id: 'call_a', name: SEARCH_VOICINGS, arguments: '{"chord": "Dm7"}' }],
    } satisfies ExerciseCase<Call[]>,
    {
      id: 'other-type',
      uses: ['assembleToolCalls'],
      // Index 0 is a call of another type (OpenAI's custom tools): skipped, with all its fragments.
      run: (learner) =>
        call(learner, [
          chunk([], 'Checking. '),
          chunk([{ index: 0, id: 'call_x', type: 'custom', function: { name: 'grammar', arguments: '' } }]),
          chunk([first(1, 'call_y', SEARCH_VOICINGS)]),
          chunk([more(0, 'x y z'), more(1, '{"chord": "E7"}')]),
          finish,
          usage,
        ]),
      expected: [{ id: 'call_y', name: SEARCH_VOICINGS, arguments: '{"chord": "E7"}' }],
    } satisfies ExerciseCase<Call[]>,
    {
      id: 'text-only',
      uses: ['assembleToolCalls'],
      run: (learner) =>
        call(learner, [
          chunk([], 'Hello! '),
          chunk([], 'Ask me about chords.'),
          { ...finish, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] },
          usage,
        ]),
      expected: [],
    } satisfies ExerciseCase<Call[]>,
  ],
};

export default definition;
