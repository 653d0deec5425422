// Exercise 06d-3: a paragraph break between the texts of two rounds. Each case hands the learner's
// joinRounds the texts of one turn's rounds; the expected message is what lessons-code's joinRounds
// (rounds/round-reader.ts) makes of them.

import { joinRounds, type ExerciseCase, type ExerciseDefinition } from 'lessons-code';

const ROUNDS: Record<string, string[]> = {
  // The voicing question, as the replica answers it: a sentence, the tool, then the answer.
  'narrate-then-answer': [
    'Let me look those up in the voicing index.',
    'Here is what the voicing index holds, lowest string first:\n\n- **Cmaj7**: `3-0-x-2-3-x`',
  ],
  'tool-only-first': ['', 'Cmaj7 in the index: `3-0-x-2-3-x`.'],
  'tool-only-between': ['Let me check the index.', '', 'Found it: `x-0-2-0-1-0`.'],
  'ends-with-line-break': ['Two shapes:\n- `3-0-x-2-3-x`\n', 'Want the other inversions?'],
  'ends-with-blank-line': ['Two shapes.\n\n', 'Want more?'],
  'one-round': ['Hello! Ask me about chords.'],
};

const definition: ExerciseDefinition = {
  exports: { joinRounds: 'function' },
  cases: Object.entries(ROUNDS).map(
    ([id, texts]) =>
      ({
        id,
        uses: ['joinRounds'],
        run: (learner) => learner.call('joinRounds', texts) as Promise<string>,
        expected: joinRounds(texts),
      }) satisfies ExerciseCase<string>,
  ),
};

export default definition;
