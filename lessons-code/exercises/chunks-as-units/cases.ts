// Exercise 4: #743 also splits where no sentence ends (after "e.g. ", after "3. " at the start of a
// line). The learner writes an answer that shows such a split and a client that treats chunks as
// units: appending the chunks stays exact, their client changes the text there. Many answers
// are right, so the cases judge them (`accept`) rather than compare them with one value. The client
// is judged where the two chunks meet: what it puts between their text, against what appending
// puts there; what it does at the ends of the text does not count. It may change whitespace only
// (trim, or a space or a line break between chunks): without whitespace, its text is the chunks'.
// The last case applies that rule to render() alone, wherever two chunks meet, on lists of two to
// five chunks generated as #743 cuts them (only the client's part has one right behaviour on every
// input: the answer is the learner's).

import {
  compare,
  readPage,
  splitAfter743,
  streamOf,
  writeGaChatbotEvent,
  type Arbitrary,
  type CheckTools,
  type ExerciseCase,
  type ExerciseDefinition,
  type Gen,
  type GeneratedCase,
  type Learner,
  type Outcome,
  type Shown,
} from 'lessons-code';

/**
 * A chunk that ends after an abbreviation that always has more of its sentence after it (`e.g.`,
 * `i.e.`, `vs.`, `cf.`, in any case) or after a list number alone at the start of a line: a split
 * where no sentence ends. An open list (`etc.`, `approx.`, `Dr.`) could not say so, as some of them
 * end a sentence as often as not; the texts name these four.
 */
const UNWANTED_END = /(?:(?:^|[^\p{L}\p{N}])(?:e\.g|i\.e|vs|cf)\.|(?:^|\n)[ \t]*\d+\.)[\f\n\r\t\v\x85\p{Z}]+$/iu;

/** The first place where #743 split and no sentence ended: the index of the chunk before it. */
export function unwantedSplit(chunks: readonly string[]): number | null {
  for (let i = 0; i + 1 < chunks.length; i++) if (UNWANTED_END.test(chunks[i]!)) return i;
  return null;
}

/** An abbreviation followed by no whitespace (`e.g.,`, `i.e.:`): #743 does not split after it. */
const ABBREVIATION_UNSPACED = /(?:^|[^\p{L}\p{N}])(?:e\.g|i\.e|vs|cf)\.(?=[^\f\n\r\t\v\x85\p{Z}])/iu;

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

// What a client may change: Unicode's White_Space (PropList.txt), which holds .NET's \s (U+0085
// included) and the line separators U+2028 and U+2029 (UAX #14 class BK, which CSS Text 3 § 5.1
// makes a forced line break). Not JavaScript's \s: it also matches U+FEFF, a zero-width no-break
// space, which is no whitespace and shows nothing, so a client that puts it between chunks changes
// the text without changing what the user sees.
const WHITESPACE = /\p{White_Space}/gu;

/** A text without any of its whitespace. */
export const withoutWhitespace = (text: string): string => text.replace(WHITESPACE, '');

const verdictShown = (verdict: unknown, tools: CheckTools): Shown => ({
  kind: 'code',
  text: typeof verdict === 'string' ? verdict : tools.showValue(verdict),
});

/** render()'s result for two neighbouring chunks. */
interface Rendered {
  pair: string[];
  rendered: unknown;
}

interface AtTheSplit {
  pair: string[] | null;
  rendered: unknown;
  /**
   * render()'s result for every two neighbouring chunks of the answer, in order (`null` where it
   * threw): what the diagnoses that name a way of writing render() rest on.
   */
  everyPair?: Rendered[];
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
function seams({ pair, rendered }: { pair: string[] | null; rendered: unknown }): Seams | null {
  if (pair === null) return null;
  const appended = pair.join('');
  return {
    appended,
    whenAppended: seamIn(appended, pair),
    yours: typeof rendered === 'string' ? seamIn(rendered, pair) : null,
  };
}

/** A way of writing render(), as a diagnosis names it. */
type Render = (pair: readonly string[]) => unknown;

const trimmed = (pair: readonly string[]): string[] => pair.map((chunk) => chunk.trim());
const appended = (pair: readonly string[]): string => pair.join('');
/** Every run of whitespace made one space, as `replace(/\s+/g, ' ')` does. */
const collapsed = (pair: readonly string[]): string => appended(pair).replace(/\s+/g, ' ');

/**
 * The ways of writing render() that each diagnosis below names by what it does (trims, joins with a
 * space, collapses whitespace). Such a diagnosis is shown only when render() gives what one of its
 * ways gives for every two neighbouring chunks of the answer, and no way of another diagnosis
 * does: on an answer where two of them give the same text, neither is named.
 */
const WAYS: Readonly<Record<'trimmed-then-spaced' | 'trimmed-whole-text' | 'collapses-whitespace', Render[]>> = {
  // Every chunk trimmed (or only its end), then a space between them (or after, or before, each).
  'trimmed-then-spaced': [
    (pair) => trimmed(pair).join(' '),
    (pair) => pair.map((text) => text.trimEnd()).join(' '),
    (pair) =>
      trimmed(pair)
        .map((text) => `${text} `)
        .join(''),
    (pair) =>
      trimmed(pair)
        .map((text) => ` ${text}`)
        .join(''),
  ],
  // Appended, then the whole text trimmed: only its ends change.
  'trimmed-whole-text': [
    (pair) => appended(pair).trim(),
    (pair) => appended(pair).trimEnd(),
    (pair) => appended(pair).trimStart(),
  ],
  // Every run of whitespace made one space (the text trimmed or not).
  'collapses-whitespace': [
    (pair) => collapsed(pair),
    (pair) => collapsed(pair).trim(),
    (pair) => collapsed(pair).trimEnd(),
  ],
};

type Way = keyof typeof WAYS;

/** True when render() gave what `way` gives on every pair of the answer. */
const givesAsOneOf = (ways: readonly Render[], everyPair: readonly Rendered[]): boolean =>
  ways.some((way) => everyPair.every(({ pair, rendered }) => rendered === way(pair)));

/**
 * A diagnosis that names a way of writing render(): render() changed the two chunks at the first
 * split where no sentence ends, and gave, for every two neighbouring chunks of the answer, what a
 * way of `id` gives and what no way of another diagnosis gives.
 */
const written =
  (id: Way) =>
  (outcome: Outcome<AtTheSplit>): boolean => {
    if (outcome.kind !== 'value' || outcome.value === null || typeof outcome.value !== 'object') return false;
    const { pair, rendered, everyPair } = outcome.value;
    if (pair === null || typeof rendered !== 'string' || rendered === pair.join('')) return false;
    if (!Array.isArray(everyPair) || everyPair.length === 0) return false;
    return (
      givesAsOneOf(WAYS[id], everyPair) &&
      (Object.keys(WAYS) as Way[]).every((other) => other === id || !givesAsOneOf(WAYS[other], everyPair))
    );
  };

/** A diagnosis of render-changes, recognized from what the case gave: the pair and render()'s result. */
const atTheSplit =
  (test: (at: AtTheSplit) => boolean) =>
  (outcome: Outcome<AtTheSplit>): boolean =>
    outcome.kind === 'value' && outcome.value !== null && typeof outcome.value === 'object' && test(outcome.value);

/**
 * The two chunks on either side of the first split of the learner's answer where no sentence ends,
 * and render()'s result for them; then render()'s result for every two neighbouring chunks.
 */
async function atTheFirstSplit(learner: Learner): Promise<AtTheSplit> {
  const chunks = splitAfter743(learner.value('answer') as string);
  const at = unwantedSplit(chunks);
  if (at === null) return { pair: null, rendered: null, everyPair: [] };
  const pairs = chunks.slice(1).map((chunk, i) => [chunks[i]!, chunk]);
  const pair = pairs[at]!;
  const rendered = await learner.call('render', pair);
  const render = await learner.memo(
    'render',
    pairs.map((p) => [p]),
  );
  const everyPair = pairs.map((p) => {
    try {
      return { pair: p, rendered: render(p) };
    } catch {
      return { pair: p, rendered: null };
    }
  });
  return { pair, rendered, everyPair };
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

/**
 * What `text` holds between the texts of each two neighbouring chunks (each without the whitespace
 * at its ends), found in order, as `seamIn` finds it for two: null from the first chunk whose text
 * is not there on.
 */
function seamsIn(text: string, chunks: readonly string[]): (string | null)[] {
  const texts = chunks.map((chunk) => chunk.replace(EDGES, ''));
  const seams: (string | null)[] = [];
  let at = text.indexOf(texts[0] ?? '');
  for (let i = 1; i < texts.length; i++) {
    const next = at < 0 ? -1 : text.indexOf(texts[i]!, at + texts[i - 1]!.length);
    seams.push(next < 0 ? null : text.slice(at + texts[i - 1]!.length, next));
    at = next;
  }
  return seams;
}

/** What a client did with some chunks, judged by the rule: `RIGHT`, or what it gave and where it breaks the rule. */
type Judged =
  | typeof RIGHT
  | {
      chunks: string[];
      rendered: unknown;
      appended: string;
      /** The first place where two chunks meet as they do appended, or whose text is not found (from 0). */
      at: number | null;
      whenAppended: string | null;
      yours: string | null;
      textKept: boolean;
    };

/** What any right client gives, whichever of the right ways it takes. */
const RIGHT = 'follows the rule';

/**
 * render()'s result for some chunks, judged by the rule of render-changes and render-keeps-text,
 * applied where each two neighbouring chunks meet: a text that holds each chunk's own text, in
 * order, with something other than what appending puts between any two of them, and that is the
 * chunks' text appended once whitespace is left out. Many results are right; each is `RIGHT`.
 */
function judged(chunks: readonly string[], rendered: unknown): Judged {
  const appended = chunks.join('');
  const textKept = typeof rendered === 'string' && withoutWhitespace(rendered) === withoutWhitespace(appended);
  const whenAppended = seamsIn(appended, chunks);
  const yours = typeof rendered === 'string' ? seamsIn(rendered, chunks) : whenAppended.map(() => null);
  const at = yours.findIndex((seam, i) => seam === null || seam === whenAppended[i]);
  if (textKept && at < 0) return RIGHT;
  return {
    chunks: [...chunks],
    rendered,
    appended,
    at: at < 0 ? null : at,
    whenAppended: at < 0 ? null : whenAppended[at]!,
    yours: at < 0 ? null : yours[at]!,
    textKept,
  };
}

/**
 * Letters (of one, two and four bytes in UTF-8), punctuation that ends no sentence, whitespace of
 * every kind; an `e` and a combining acute accent (NFD text, as macOS file names and some keyboards
 * give it: https://www.unicode.org/reports/tr15/), which a client must not compose into one `é`; and
 * NUL, which a JSON string carries as `\u0000` (RFC 8259, section 7) and an event stream's `data:`
 * line may hold (`any-char`: https://html.spec.whatwg.org/multipage/server-sent-events.html#parsing-an-event-stream).
 */
const TEXT_UNITS = ['a', 'b', 'é', '🎸', ',', ':', ' ', '  ', '\n', '\r\n', '\t', '\u00a0', 'e\u0301', '\u0000'];

const textOf = (gen: Gen): Arbitrary<string> => gen.string({ unit: gen.constantFrom(...TEXT_UNITS), maxLength: 4 });

/**
 * The whitespace after a split's `.`, `!` or `?`, which #743 keeps at the end of the chunk: any run
 * its `\s+` sits on (lessons-code/ga/chunkers.ts). A model's answer holds one space, two (as some
 * type after a full stop), a line break (a list item's end), a blank line (a paragraph's end), a
 * line break after two spaces (markdown's hard break), CRLF, a tab, and the no-break spaces of French
 * typography (U+00A0, U+202F), which JavaScript's `\s` matches as .NET's does.
 */
const SPLIT_SPACES = [' ', '  ', '\n', '\n\n', '  \n', '\r\n', '\t', '\u00a0', '\u202f'];

/** Where #743 splits: `e.g.`, a list number at the start of a line, or a sentence's end, then whitespace. */
const splitEnd = (gen: Gen): Arbitrary<[string, string]> =>
  gen
    .tuple(
      gen.oneof(
        gen.tuple(gen.constantFrom(' ', '(', ', '), gen.constantFrom('e.g.', 'i.e.', 'E.g.')),
        gen.tuple(gen.constantFrom('\n', '\r\n'), gen.constantFrom('3.', '12.')),
        gen.tuple(gen.constantFrom(' ', ''), gen.constantFrom('ok.', 'no!', 'why?')),
      ),
      gen.constantFrom(...SPLIT_SPACES),
    )
    .map(([[before, end], space]) => [before, end + space]);

/** A character no chunk after a split starts with whitespace: #743 splits only before one. */
const FIRST = ['a', 'é', '🎸', 'P', '('];

/**
 * The first chunk of an answer, as #743 cuts one: perhaps whitespace at its start, some text, then
 * the end of a split.
 */
const firstChunk = (gen: Gen): Arbitrary<string> =>
  gen
    .tuple(gen.constantFrom('', ' ', '\n'), textOf(gen), splitEnd(gen))
    .map(([lead, text, [before, end]]) => lead + text + (text === '' ? '' : before) + end);

/** A chunk between two splits: no whitespace at its start, some text, then the end of a split. */
const middleChunk = (gen: Gen): Arbitrary<string> =>
  gen
    .tuple(gen.constantFrom(...FIRST), textOf(gen), splitEnd(gen))
    .map(([first, text, [before, end]]) => first + text + before + end);

/** The last chunk: no whitespace at its start, then perhaps a sentence's end and a line break. */
const lastChunk = (gen: Gen): Arbitrary<string> =>
  gen
    .tuple(gen.constantFrom(...FIRST), textOf(gen), gen.constantFrom('', '.', '.\n', ' ', '\n', '!\r\n', '.\n\n'))
    .map(([first, text, end]) => first + text + end);

/**
 * Two to five chunks exactly as #743 cuts their text, so one to four places where two of them meet.
 * Half the time a chunk between two splits comes twice in a row: an answer may say the same short
 * sentence twice (`Yes. Yes. `), and each is a chunk of its own that the user must see.
 */
const chunkList = (gen: Gen): Arbitrary<string[]> =>
  gen
    .tuple(firstChunk(gen), gen.array(middleChunk(gen), { maxLength: 2 }), lastChunk(gen), gen.boolean())
    .map(([first, middle, last, repeat]) => [first, ...(repeat ? middle.slice(0, 1) : []), ...middle, last])
    .filter((chunks) => {
      const cut = splitAfter743(chunks.join(''));
      return cut.length === chunks.length && cut.every((chunk, i) => chunk === chunks[i]);
    });

/**
 * Three or four lists, each given to render() on its own: several per input, so that the inputs
 * tried before a difference (often the first, then smaller ones) tell apart the ways of writing
 * render() that a diagnosis names. Half the time, when it has three chunks or more, the first list
 * comes first with its first two chunks as one: the same text cut at one place fewer (a client may
 * get an answer whole, replayed from a conversation's history, and the same answer streamed), so two
 * calls in a row get the same text cut differently, and each must be judged on its own chunks.
 */
const chunkLists = (gen: Gen): Arbitrary<string[][]> =>
  gen.tuple(gen.array(chunkList(gen), { minLength: 3, maxLength: 4 }), gen.boolean()).map(([lists, fewerCuts]) => {
    const [chunks] = lists;
    if (!fewerCuts || chunks === undefined || chunks.length < 3) return lists;
    return [[chunks.slice(0, 2).join(''), ...chunks.slice(2)], ...lists];
  });

/** render()'s result for each list (one call each, made at once), judged. */
async function judgedByLearner(learner: Learner, input: readonly string[][]): Promise<Judged[]> {
  const render = await learner.memo(
    'render',
    input.map((chunks) => [chunks]),
  );
  return input.map((chunks) => judged(chunks, render(chunks)));
}

/** The first list whose result breaks the rule, with what render() gave and where; else a note. */
const showJudged = (values: Judged[], tools: CheckTools): Shown => {
  const value = values.find((judgement) => judgement !== RIGHT);
  if (value === undefined || typeof value === 'string') return { kind: 'note', text: tools.text('generated.expected') };
  const chunks = { label: tools.text('generated.chunks'), text: tools.showValue(value.chunks) };
  const yours = { label: tools.text('render.yours'), text: tools.showValue(value.rendered) };
  if (typeof value.rendered !== 'string') return { kind: 'fields', fields: [chunks, yours] };
  const fields = [chunks, yours, { label: tools.text('render.appended'), text: tools.showValue(value.appended) }];
  if (value.at !== null) {
    const which = { first: value.at + 1, second: value.at + 2 };
    fields.push(
      { label: tools.text('generated.meetAppended', which), text: tools.showValue(value.whenAppended) },
      {
        label: tools.text('generated.meetYours', which),
        text: value.yours === null ? tools.text('generated.notFound') : tools.showValue(value.yours),
      },
    );
  }
  if (!value.textKept)
    fields.push(
      { label: tools.text('keeps.appended'), text: tools.showValue(withoutWhitespace(value.appended)) },
      { label: tools.text('keeps.yours'), text: tools.showValue(withoutWhitespace(value.rendered)) },
    );
  return { kind: 'fields', fields };
};

/** A diagnosis of the generated case: what render() written that way gives, judged. */
const like = (id: string, render: Render) => ({
  id,
  like: (input: string[][]) => input.map((chunks) => judged(chunks, render(chunks))),
});

const generatedCases = [
  {
    kind: 'generated',
    id: 'render-generated',
    uses: ['render'],
    inputs: chunkLists,
    run: judgedByLearner,
    // Every list judged RIGHT: what any right client gives, the reference included (exercises.test.ts
    // checks that it passes). Not the reference's own result judged: a mutant of exercise.ts, which
    // mutation testing runs in this same process (test/mutation/in-process-learner.ts), would then be
    // compared with itself.
    expected: (input) => input.map(() => RIGHT),
    input: (input, tools) => ({
      kind: 'code',
      text: input.map((chunks) => `render(${tools.showValue(chunks)})`).join('\n'),
    }),
    show: showJudged,
    diagnoses: [
      like('render-unchanged', appended),
      like('trimmed-then-spaced', (chunks) => trimmed(chunks).join(' ')),
      // Every chunk trimmed, then a line break between them: where #743 kept one line break, it is back.
      like('trimmed-then-line-break', (chunks) => trimmed(chunks).join('\n')),
      // A chunk equal to the one before it dropped, the others trimmed: a sentence said twice shows once.
      like('drops-repeated-chunk', (chunks) => trimmed(chunks.filter((chunk, i) => chunk !== chunks[i - 1])).join('')),
      // Every chunk trimmed and composed (NFC): an `e` and a combining accent become one `é`.
      like('normalizes-text', (chunks) => trimmed(chunks.map((chunk) => chunk.normalize('NFC'))).join('')),
      like('trimmed-whole-text', (chunks) => appended(chunks).trimEnd()),
      like('collapses-whitespace', (chunks) => collapsed(chunks).trim()),
      like('render-not-text', trimmed),
      like('render-adds-text', (chunks) => trimmed(chunks).join(' / ')),
      // Written for two chunks: the first two trimmed and joined, the others never read.
      like('first-two-chunks', (chunks) => trimmed(chunks.slice(0, 2)).join('')),
      // `replace(/^\s+|\s+$/, '')` without the g flag: a chunk that starts with whitespace keeps its end's.
      like('trims-one-end', (chunks) => chunks.map((chunk) => chunk.replace(/^\s+|\s+$/, '')).join('')),
      // One space taken off each chunk's end, and nothing else: a line break, a tab or a no-break space stays.
      like('removes-one-space', (chunks) =>
        chunks.map((chunk) => (chunk.endsWith(' ') ? chunk.slice(0, -1) : chunk)).join(''),
      ),
      // The text split again where spaces follow `.`, `!` or `?`, the pieces joined by line breaks.
      like('resplits-at-spaces', (chunks) =>
        appended(chunks)
          .split(/(?<=[.!?]) +/)
          .join('\n'),
      ),
    ],
  } satisfies GeneratedCase<string[][], Judged[]>,
];

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
            { label: tools.text('render.appended'), text: tools.showValue(found.appended) },
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
        // Every chunk trimmed, then a space between them: the space #743 kept after `e.g.` is back.
        { id: 'trimmed-then-spaced', recognize: written('trimmed-then-spaced') },
        // Appended, then the whole text trimmed: only its ends change.
        { id: 'trimmed-whole-text', recognize: written('trimmed-whole-text') },
        // Every run of whitespace made one space: the one space #743 kept stays.
        { id: 'collapses-whitespace', recognize: written('collapses-whitespace') },
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
    ...generatedCases,
  ],
};

export default definition;
