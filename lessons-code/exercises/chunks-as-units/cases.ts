// Exercise 4: #743 also splits where no sentence ends (after "e.g. ", after "3. " at the start of a
// line). The learner writes an answer that shows such a split and a client that treats chunks as
// units: appending the chunks stays exact, their client changes the text there. Many answers
// are right, so the cases judge them (`accept`) rather than compare them with one value.

import {
  compare,
  readPage,
  show,
  splitAfter743,
  streamOf,
  writeGaChatbotEvent,
  type CheckTools,
  type ExerciseCase,
  type ExerciseDefinition,
  type Shown,
} from 'lessons-code';

/** A chunk that ends after an abbreviation (e.g., i.e.) or after a list number alone at the start of a line. */
const UNWANTED_END = /(?:(?:^|[^\p{L}\p{N}])(?:e\.g|i\.e)\.|(?:^|\n)[ \t]*\d+\.)[\f\n\r\t\v\x85\p{Z}]+$/iu;

/** The first place where #743 split and no sentence ended: the index of the chunk before it. */
export function unwantedSplit(chunks: readonly string[]): number | null {
  for (let i = 0; i + 1 < chunks.length; i++) if (UNWANTED_END.test(chunks[i]!)) return i;
  return null;
}

const verdictShown = (verdict: unknown, tools: CheckTools): Shown => ({
  kind: 'code',
  text: typeof verdict === 'string' ? verdict : tools.showValue(verdict),
});

interface AtTheSplit {
  pair: string[] | null;
  rendered: unknown;
}

const definition: ExerciseDefinition = {
  exports: { answer: 'string', render: 'function' },
  cases: [
    {
      id: 'unwanted-split',
      uses: ['answer'],
      run: (learner) => splitAfter743(learner.value('answer') as string),
      accept: (chunks) => unwantedSplit(chunks) !== null,
      expectedShown: (tools) => ({ kind: 'note', text: tools.text('unwanted.expected') }),
    } satisfies ExerciseCase<string[]>,
    {
      id: 'append-exact',
      uses: ['answer'],
      run: (learner) => {
        const answer = learner.value('answer') as string;
        return compare(answer, splitAfter743(answer).join(''));
      },
      expected: 'exact',
      show: verdictShown,
    },
    {
      id: 'render-changes',
      uses: ['answer', 'render'],
      run: async (learner) => {
        const chunks = splitAfter743(learner.value('answer') as string);
        const at = unwantedSplit(chunks);
        if (at === null) return { pair: null, rendered: null };
        const pair = [chunks[at]!, chunks[at + 1]!];
        return { pair, rendered: await learner.call('render', pair) };
      },
      accept: ({ pair, rendered }) => pair !== null && typeof rendered === 'string' && rendered !== pair.join(''),
      expectedShown: (tools) => ({ kind: 'note', text: tools.text('render.expected') }),
      show: ({ pair, rendered }, tools): Shown =>
        pair === null
          ? { kind: 'note', text: tools.text('render.noCut') }
          : {
              kind: 'fields',
              fields: [
                { label: tools.text('render.pair'), text: tools.showValue(pair) },
                { label: tools.text('render.appended'), text: show(pair.join('')) },
                { label: tools.text('render.yours'), text: tools.showValue(rendered) },
              ],
            },
    } satisfies ExerciseCase<AtTheSplit>,
    {
      id: 'page-exact',
      uses: ['answer'],
      // The writer drops every CR, so the answer is compared without its CRs.
      run: (learner) => {
        const answer = learner.value('answer') as string;
        return compare(answer.replaceAll('\r', ''), readPage(streamOf(writeGaChatbotEvent, splitAfter743(answer))));
      },
      expected: 'exact',
      show: verdictShown,
    },
  ],
};

export default definition;
