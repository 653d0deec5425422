// Exercise 06d-2: bill in finally. The learner's generator reads one streamed round of the model
// replica (its bytes, computed by roundChunks and wireOf) and is driven by the page's loop, exported beside it, which
// leaves early after a number of pieces as a click on Stop does. `bill` and `save` are recorders:
// the case sees every call they got, so a turn billed twice, or not at all, shows.

import {
  DROP2_ANSWER,
  DROP2_QUESTION,
  GREETING_ANSWER,
  HELLO_QUESTION,
  roundChunks,
  textTokens,
  wireOf,
  type ExerciseCase,
  type ExerciseDefinition,
  type Learner,
} from 'lessons-code';

interface Turn {
  /** What the page showed. */
  shown: string;
  /** Every call of bill(tokens), and of save(text, status). */
  bills: unknown[][];
  saves: unknown[][];
  /** Whether the page's loop ended with an exception. */
  threw: boolean;
}

/** The wire in reads of 97 bytes, cut anywhere, as a network delivers it. */
function reads(wire: string): Uint8Array[] {
  const bytes = new TextEncoder().encode(wire);
  const out: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += 97) out.push(bytes.slice(at, at + 97));
  return out;
}

/** The events of a wire up to the `count`-th: a stream that breaks before `[DONE]`. */
const firstEvents = (wire: string, count: number) => wire.split('\n\n').slice(0, count).join('\n\n') + '\n\n';

async function turn(learner: Learner, wire: string, stopAfter: number | null): Promise<Turn> {
  const bill = learner.recorder();
  const save = learner.recorder();
  let shown = '';
  let threw = false;
  try {
    shown = (await learner.call('showAnswer', learner.stream(reads(wire)), stopAfter, bill, save)) as string;
  } catch {
    threw = true;
  }
  return { shown, bills: bill.calls, saves: save.calls, threw };
}

const HELLO = wireOf(roundChunks(HELLO_QUESTION));
const DROP2 = wireOf(roundChunks(DROP2_QUESTION));
/** The first `n` pieces of text of an answer, as the replica sends them (one token each). */
const firstPieces = (answer: string, n: number) => textTokens(answer).slice(0, n).join('');

const BROKEN_AFTER = 8; // events: the role chunk, then 7 tokens, then nothing
const BROKEN_TOKENS = BROKEN_AFTER - 1;

const definition: ExerciseDefinition = {
  exports: { streamAnswer: 'function', showAnswer: 'function' },
  cases: [
    {
      id: 'complete',
      uses: ['showAnswer'],
      run: (learner) => turn(learner, HELLO, null),
      expected: {
        shown: GREETING_ANSWER,
        bills: [[textTokens(GREETING_ANSWER).length]],
        saves: [[GREETING_ANSWER, 'complete']],
        threw: false,
      },
    } satisfies ExerciseCase<Turn>,
    {
      id: 'stopped',
      uses: ['showAnswer'],
      run: (learner) => turn(learner, DROP2, 3),
      expected: {
        shown: firstPieces(DROP2_ANSWER, 3),
        bills: [[3]],
        saves: [[firstPieces(DROP2_ANSWER, 3), 'stopped']],
        threw: false,
      },
    } satisfies ExerciseCase<Turn>,
    {
      id: 'stopped-first',
      uses: ['showAnswer'],
      run: (learner) => turn(learner, DROP2, 1),
      expected: {
        shown: firstPieces(DROP2_ANSWER, 1),
        bills: [[1]],
        saves: [[firstPieces(DROP2_ANSWER, 1), 'stopped']],
        threw: false,
      },
    } satisfies ExerciseCase<Turn>,
    {
      id: 'broken',
      uses: ['showAnswer'],
      run: (learner) => turn(learner, firstEvents(DROP2, BROKEN_AFTER), null),
      expected: {
        shown: '',
        bills: [[BROKEN_TOKENS]],
        saves: [[firstPieces(DROP2_ANSWER, BROKEN_TOKENS), 'failed']],
        threw: true,
      },
    } satisfies ExerciseCase<Turn>,
  ],
};

export default definition;
