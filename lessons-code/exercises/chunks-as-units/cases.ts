// Exercise 4: #743 also splits where no sentence ends (after "e.g. ", after "3. " at the start of a
// line). The learner writes an answer that shows such a split and a client that treats chunks as
// units: appending the chunks stays exact, their client changes the text there. Many answers
// are right, so the cases judge them (`accept`) rather than compare them with one value. The client
// is judged where the two chunks meet: what it puts between their text, against what appending
// puts there; what it does at the ends of the text does not count. It may change whitespace only
// (trim, or a space or a line break between chunks): without whitespace, its text is the chunks'.

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
  type Learner,
  type Outcome,
  type Shown,
} from 'lessons-code';

/** A chunk that ends after an abbreviation (e.g., i.e.) or after a list number alone at the start of a line. */
const UNWANTED_END = /(?:(?:^|[^\p{L}\p{N}])(?:e\.g|i\.e)\.|(?:^|\n)[ \t]*\d+\.)[\f\n\r\t\v\x85\p{Z}]+$/iu;

/** The first place where #743 split and no sentence ended: the index of the chunk before it. */
export function unwantedSplit(chunks: readonly string[]): number | null {
  for (let i = 0; i + 1 < chunks.length; i++) if (UNWANTED_END.test(chunks[i]!)) return i;
  return null;
}

/** An abbreviation followed by no whitespace (`e.g.,`, `i.e.:`): #743 does not split after it. */
const ABBREVIATION_UNSPACED = /(?:^|[^\p{L}\p{N}])(?:e\.g|i\.e)\.(?=[^\f\n\r\t\v\x85\p{Z}])/iu;

// Whitespace as .NET's \s, the chunker's (lessons-code/ga/chunkers.ts).
const EDGES = /^[\f\n\r\t\v\x85\p{Z}]+|[\f\n\r\t\v\x85\p{Z}]+$/gu;

/**
 * What `text` holds between the text of the two chunks of `pair` (each without the whitespace at its
 * ends), found in that order: for the chunks appended, the whitespace #743 kept at the split. Null
 * when the chunks' own text is not there.
 */
export function seamIn(text: string, pair: readonly string[]): string | null {
  const left = (pair[0] ?? '').replace(EDGES, '');
  const right = (pair[1] ?? '').replace(EDGES, '');
  const start = text.indexOf(left);
  if (start < 0) return null;
  const end = text.indexOf(right, start + left.length);
  return end < 0 ? null : text.slice(start + left.length, end);
}

// Whitespace as String.prototype.trim sees it, and .NET's \s besides (U+0085): what a client may change.
const WHITESPACE = /[\s\x85]/gu;

/** A text without any of its whitespace. */
export const withoutWhitespace = (text: string): string => text.replace(WHITESPACE, '');

const verdictShown = (verdict: unknown, tools: CheckTools): Shown => ({
  kind: 'code',
  text: typeof verdict === 'string' ? verdict : tools.showValue(verdict),
});

interface AtTheSplit {
  pair: string[] | null;
  rendered: unknown;
}

interface Seams {
  /** The two chunks appended. */
  appended: string;
  /** What lies between the two chunks' text once appended: the whitespace #743 kept at the split. */
  whenAppended: string | null;
  /** What lies there in render()'s result; null when that is no text, or lacks the chunks' own text. */
  yours: string | null;
}

/** Where the two chunks meet, appended and in render()'s result; null when there is no pair. */
function seams({ pair, rendered }: AtTheSplit): Seams | null {
  if (pair === null) return null;
  const appended = pair.join('');
  return {
    appended,
    whenAppended: seamIn(appended, pair),
    yours: typeof rendered === 'string' ? seamIn(rendered, pair) : null,
  };
}

/**
 * True when render() gave a text other than the chunks appended that holds, where the two chunks
 * meet, what appending holds there, and that `made` recognizes.
 */
function sameAtTheSplit(at: AtTheSplit, made: (rendered: string, pair: string[]) => boolean): boolean {
  const found = seams(at);
  return (
    found !== null &&
    typeof at.rendered === 'string' &&
    at.rendered !== found.appended &&
    found.yours !== null &&
    found.yours === found.whenAppended &&
    made(at.rendered, at.pair!)
  );
}

/** A diagnosis of render-changes, recognized from what the case gave: the pair and render()'s result. */
const atTheSplit =
  (test: (at: AtTheSplit) => boolean) =>
  (outcome: Outcome<AtTheSplit>): boolean =>
    outcome.kind === 'value' && outcome.value !== null && typeof outcome.value === 'object' && test(outcome.value);

/**
 * The two chunks on either side of the first split of the learner's answer where no sentence ends,
 * and render()'s result for them.
 */
async function atTheFirstSplit(learner: Learner): Promise<AtTheSplit> {
  const chunks = splitAfter743(learner.value('answer') as string);
  const at = unwantedSplit(chunks);
  if (at === null) return { pair: null, rendered: null };
  const pair = [chunks[at]!, chunks[at + 1]!];
  return { pair, rendered: await learner.call('render', pair) };
}

/** True when render() gave a text that holds more than the pair's text, once whitespace is left out of both. */
const addsText = ({ pair, rendered }: AtTheSplit): boolean => {
  if (pair === null || typeof rendered !== 'string') return false;
  const left = withoutWhitespace(pair[0] ?? '');
  const right = withoutWhitespace(pair[1] ?? '');
  const yours = withoutWhitespace(rendered);
  return yours.length > left.length + right.length && yours.startsWith(left) && yours.endsWith(right);
};

/** render() as a text: a list of chunks is not one. */
const renderNotText = atTheSplit(({ pair, rendered }) => pair !== null && Array.isArray(rendered));

const definition: ExerciseDefinition = {
  exports: { answer: 'string', render: 'function' },
  cases: [
    {
      id: 'unwanted-split',
      uses: ['answer'],
      run: (learner) => splitAfter743(learner.value('answer') as string),
      accept: (chunks) => unwantedSplit(chunks) !== null,
      expectedShown: (tools) => ({ kind: 'note', text: tools.text('unwanted.expected') }),
      diagnoses: [
        // `e.g.,` or `i.e.:`: the full stop is followed by a comma or a colon, not by whitespace.
        {
          id: 'abbreviation-without-space',
          recognize: (outcome) =>
            outcome.kind === 'value' &&
            Array.isArray(outcome.value) &&
            unwantedSplit(outcome.value) === null &&
            ABBREVIATION_UNSPACED.test(outcome.value.join('')),
        },
      ],
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
      run: atTheFirstSplit,
      accept: (at) => {
        const found = seams(at);
        return found !== null && found.yours !== null && found.yours !== found.whenAppended;
      },
      expectedShown: (tools) => ({ kind: 'note', text: tools.text('render.expected') }),
      show: (at, tools): Shown => {
        const found = seams(at);
        if (at.pair === null || found === null) return { kind: 'note', text: tools.text('render.noCut') };
        return {
          kind: 'fields',
          fields: [
            { label: tools.text('render.pair'), text: tools.showValue(at.pair) },
            { label: tools.text('render.appended'), text: show(found.appended) },
            { label: tools.text('render.yours'), text: tools.showValue(at.rendered) },
            { label: tools.text('render.splitAppended'), text: tools.showValue(found.whenAppended) },
            {
              label: tools.text('render.splitYours'),
              text: found.yours === null ? tools.text('render.notFound') : tools.showValue(found.yours),
            },
          ],
        };
      },
      input: (tools) => ({ kind: 'note', text: tools.text('render.input') }),
      diagnoses: [
        // render() returns the chunks as they came (appended, or each trimmed at its start only).
        {
          id: 'render-unchanged',
          recognize: atTheSplit(({ pair, rendered }) => pair !== null && rendered === pair.join('')),
        },
        // Every chunk trimmed, then a space between them (or after, or before, each): the space #743
        // kept after `e.g.` is back.
        {
          id: 'trimmed-then-spaced',
          recognize: atTheSplit((at) =>
            sameAtTheSplit(at, (rendered, pair) => {
              const trimmed = pair.map((chunk) => chunk.trim());
              const spaced = [
                trimmed.join(' '),
                trimmed.map((t) => `${t} `).join(''),
                trimmed.map((t) => ` ${t}`).join(''),
              ];
              return spaced.includes(rendered);
            }),
          ),
        },
        // Appended, then the whole text trimmed: only its ends change.
        {
          id: 'trimmed-whole-text',
          recognize: atTheSplit((at) =>
            sameAtTheSplit(at, (rendered, pair) => {
              const appended = pair.join('');
              return [appended.trim(), appended.trimEnd(), appended.trimStart()].includes(rendered);
            }),
          ),
        },
        // The chunks returned as a list (each trimmed, say), never joined into one text.
        { id: 'render-not-text', recognize: renderNotText },
      ],
    } satisfies ExerciseCase<AtTheSplit>,
    {
      id: 'render-keeps-text',
      uses: ['answer', 'render'],
      run: atTheFirstSplit,
      accept: ({ pair, rendered }) =>
        pair !== null &&
        typeof rendered === 'string' &&
        withoutWhitespace(rendered) === withoutWhitespace(pair.join('')),
      expectedShown: (tools) => ({ kind: 'note', text: tools.text('keeps.expected') }),
      show: ({ pair, rendered }, tools): Shown => {
        if (pair === null) return { kind: 'note', text: tools.text('render.noCut') };
        return {
          kind: 'fields',
          fields: [
            { label: tools.text('render.pair'), text: tools.showValue(pair) },
            { label: tools.text('render.yours'), text: tools.showValue(rendered) },
            { label: tools.text('keeps.appended'), text: tools.showValue(withoutWhitespace(pair.join(''))) },
            {
              label: tools.text('keeps.yours'),
              text: tools.showValue(typeof rendered === 'string' ? withoutWhitespace(rendered) : rendered),
            },
          ],
        };
      },
      input: (tools) => ({ kind: 'note', text: tools.text('render.input') }),
      diagnoses: [
        // Something other than whitespace put between the chunks (` | `, ` / `, `…`): the user reads it.
        { id: 'render-adds-text', recognize: atTheSplit(addsText) },
        // The chunks returned as a list, as in render-changes.
        { id: 'render-not-text', recognize: renderNotText },
      ],
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
