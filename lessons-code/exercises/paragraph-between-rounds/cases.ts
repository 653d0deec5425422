// Exercise 06d-3: a paragraph break between the texts of two rounds. Each case hands the learner's
// joinRounds the texts of one turn's rounds; the expected message is what lessons-code's joinRounds
// (rounds/round-reader.ts) makes of them. The wrong answers each case recognizes by the message they
// give are lessons-code/exercises/paragraph-between-rounds/mistakes/.

import {
  joinRounds,
  type Arbitrary,
  type Diagnosis,
  type ExerciseCase,
  type ExerciseDefinition,
  type Gen,
  type GeneratedCase,
} from 'lessons-code';

const ROUNDS: Record<string, string[]> = {
  // The voicing question, as the replica answers it: a sentence, the tool, then the answer.
  'narrate-then-answer': [
    'Let me look those up in the voicing index.',
    'Here is what the voicing index holds, lowest string first:\n\n- **Cmaj7**: `3-0-x-2-3-x`',
  ],
  'tool-only-first': ['', 'Cmaj7 in the index: `3-0-x-2-3-x`.'],
  'tool-only-between': ['Let me check the index.', '', 'Found it: `x-0-2-0-1-0`.'],
  // A turn stopped while its last round was calling a tool: that round has no text.
  'tool-only-last': ['Let me check the index.', ''],
  'ends-with-line-break': ['Two shapes:\n- `3-0-x-2-3-x`\n', 'Want the other inversions?'],
  'ends-with-blank-line': ['Two shapes.\n\n', 'Want more?'],
  // The first round's text is on screen, its last space included, before the second round begins.
  'ends-with-space': ['Let me check the index. ', 'Found it: `x-0-2-0-1-0`.'],
  // One round with the words ends-with-space's two rounds hold, checked after it in the same module:
  // the same text joined, but no round before it, so no break.
  'one-round': ['Let me check the index. Found it: `x-0-2-0-1-0`.'],
};

const value = (o: { kind: string; value?: unknown }): string | null =>
  o.kind === 'value' && typeof o.value === 'string' ? o.value : null;

/** A diagnosis that recognizes these wrong messages for a case's texts (never its right one). */
const gives = (id: string, texts: string[], wrong: (texts: string[]) => string[]): Diagnosis<string> => ({
  id,
  recognize: (o) => {
    const shown = value(o);
    return shown !== null && shown !== joinRounds(texts) && wrong(texts).includes(shown);
  },
});

/** A message that ends with a blank line where the right one does not: a break after the last text. */
const breakAfterLast = (texts: string[]): Diagnosis<string> => ({
  id: 'break-after-last',
  recognize: (o) => value(o)?.endsWith('\n\n') === true && !joinRounds(texts).endsWith('\n\n'),
});

// What the mistakes of mistakes/ make of a case's texts, each as its file goes wrong; each case
// declares the ones whose sentence fits it.
const glued = (texts: string[]) => [texts.join('')];
const blankLineBetweenAll = (texts: string[]) => [texts.join('\n\n')];
const blankLineBetweenTexts = (texts: string[]) => [texts.filter((text) => text !== '').join('\n\n')];
/** A text that already ends with a blank line, given one more line break, or two. */
const breakAfterBlankLine = ([before = '', after = '']: string[]) => [`${before}\n${after}`, `${before}\n\n${after}`];
const trimmedThenJoined = (texts: string[]) => [
  texts
    .map((text) => text.trim())
    .filter((text) => text !== '')
    .join('\n\n'),
];

const DIAGNOSES: Record<string, (texts: string[]) => Diagnosis<string>[]> = {
  'narrate-then-answer': (texts) => [gives('glued', texts, glued), breakAfterLast(texts)],
  'tool-only-first': (texts) => [gives('break-for-empty-round', texts, blankLineBetweenAll), breakAfterLast(texts)],
  'tool-only-between': (texts) => [
    // Glued here, the texts were kept apart by a round without text: the break was decided from that round.
    gives('looked-at-previous-round', texts, glued),
    gives('break-for-empty-round', texts, blankLineBetweenAll),
    breakAfterLast(texts),
  ],
  'tool-only-last': (texts) => [breakAfterLast(texts)],
  'ends-with-line-break': (texts) => [
    gives('glued', texts, glued),
    gives('break-after-line-break', texts, blankLineBetweenTexts),
    breakAfterLast(texts),
  ],
  'ends-with-blank-line': (texts) => [
    gives('break-after-blank-line', texts, breakAfterBlankLine),
    breakAfterLast(texts),
  ],
  'ends-with-space': (texts) => [
    gives('text-trimmed', texts, trimmedThenJoined),
    gives('glued', texts, glued),
    breakAfterLast(texts),
  ],
  'one-round': (texts) => [
    breakAfterLast(texts),
    // ends-with-space's message, whose texts join into this one's: a result kept between calls (a
    // cache keyed by the joined texts) given back for other texts.
    gives('result-of-earlier-call', texts, () => [joinRounds(ROUNDS['ends-with-space']!)]),
  ],
};

// ---- Generated turns: up to five rounds, each without text ('') or with a text of letters, spaces,
// line breaks (runs of three or more among them), CRLF line ends, and characters of two and four
// bytes. A delta's content in Chat Completions is whatever text the model wrote, `\r` included (a
// model that copies a file or a tool result with CRLF line ends sends them), and the harness forwards
// it as it came (lessons-code/rounds/turn.ts): a text may end with `\r\n`, one line break, with
// `\r\n\r\n`, a blank line, or with the two kinds mixed. A text may end with whitespace, as the last
// text of a stopped turn can, or be only whitespace (the user saw it, so the message keeps it). A
// text does not start with a line break: whether a paragraph break would count the ones a text
// starts with is a question the statement leaves open; but one may come where what is shown already
// ends with a blank line (withLeadingBreaks), as nothing goes before it either way, and the first
// text may start with one, or be only one (withFirstBreaks): a round that writes a line break and
// then calls a tool, its content the model's text as it is. After a lone line break, what is shown
// is one line break, not a blank line: one more `\n` goes before the next text. It may start with
// spaces and then a line break, a line that only looks blank: the break before it is still decided
// by what is shown.

const roundText = (gen: Gen): Arbitrary<string> =>
  gen.oneof(
    gen.constant(''),
    gen
      .string({
        unit: gen.constantFrom('a', 'Cmaj7', '.', ' ', '\n', '\n\n', 'é', '🎸', '\r\n'),
        minLength: 1,
        maxLength: 6,
      })
      .filter((text) => !/^\r?\n/.test(text)),
    // Spaces, then a line break, then more: the shape whose leading whitespace holds line breaks.
    gen
      .tuple(
        gen.string({ unit: gen.constant(' '), minLength: 1, maxLength: 2 }),
        gen.constantFrom('\n', '\n\n', '\r\n'),
        gen.string({ unit: gen.constantFrom('a', ' ', '\n', '\r\n'), maxLength: 3 }),
      )
      .map((parts) => parts.join('')),
  );

const nonEmpty = (texts: string[]) => texts.filter((text) => text !== '');

/**
 * The turn's texts, with a text that starts with a line break (a lone one, or one before a letter)
 * put after each text where `after` says so, when what is shown then ends with a blank line: there
 * no break goes in front of it, whether its own line breaks would count or not.
 */
const withLeadingBreaks = ([texts, after]: [string[], ('\n' | '\na' | null)[]]): string[] =>
  texts.flatMap((text, i) => {
    const added = after[i];
    const shown = joinRounds(texts.slice(0, i + 1));
    return added != null && shown.endsWith('\n\n') ? [text, added] : [text];
  });

/**
 * The turn's texts, a text that starts with a line break (or is only one) put first where `first`
 * gives one: nothing is shown before it, so no break goes in front of it either way.
 */
const withFirstBreaks = (texts: string[], first: string | null): string[] =>
  first === null ? texts : [first, ...texts];

/**
 * The same words in one round or in two: turns whose texts join into the same string and whose
 * messages differ (a break between the rounds, none inside the one), drawn often enough that a
 * page check meets both. Code that keeps results between calls under the joined texts gives one
 * turn the other's message.
 */
const SAME_WORDS: string[][] = [['Let me check.', 'Found it.'], ['Let me check.Found it.']];

const generatedCase = {
  kind: 'generated',
  id: 'generated-turns',
  uses: ['joinRounds'],
  inputs: (gen) => {
    const turns = gen
      .tuple(
        gen.array(roundText(gen), { maxLength: 5 }),
        gen.array(gen.option(gen.constantFrom<'\n' | '\na'>('\n', '\na'), { nil: undefined }), {
          minLength: 5,
          maxLength: 5,
        }),
        gen.constantFrom<string | null>(null, null, '\n', '\r\n', '\n\n', '\nCmaj7'),
      )
      .map(([texts, after, first]) => withFirstBreaks(withLeadingBreaks([texts, after.map((a) => a ?? null)]), first));
    return gen.oneof(
      turns,
      turns,
      turns,
      gen.constantFrom(...SAME_WORDS).map((texts) => [...texts]),
    );
  },
  // One call of the learner's function each: a hundred turns, as many as most generated cases try.
  runs: 100,
  run: (learner, texts) => learner.call('joinRounds', texts) as Promise<string>,
  // lessons-code's joinRounds, as for the chosen cases: exercise.ts gives the same on every input (the
  // tests check it), and a mutant of exercise.ts, which mutation testing runs in this same process
  // (test/mutation/in-process-learner.ts), is then compared with the harness's break, not with itself.
  expected: (texts) => joinRounds(texts),
  input: (texts, tools) => ({ kind: 'code', text: tools.showValue(texts) }),
  diagnoses: [
    { id: 'glued', like: (texts) => texts.join('') },
    // A break after every text, then the message's end trimmed: the last text's own whitespace goes too.
    // Code that strips each text's final line breaks gives the same on most inputs (and the sentence
    // holds for it): what the user saw at the end of the last text is gone.
    { id: 'end-trimmed', like: (texts) => joinRounds(texts).trimEnd() },
    // Blank lines between the texts, then every run of three or more line breaks made two, inside a text too.
    {
      id: 'line-breaks-collapsed',
      like: (texts) =>
        nonEmpty(texts)
          .join('\n\n')
          .replace(/\n{3,}/g, '\n\n'),
    },
    // Each text's final line breaks stripped, then the texts joined with a blank line.
    {
      id: 'final-breaks-stripped',
      like: (texts) =>
        nonEmpty(texts)
          .map((text) => text.replace(/\n+$/, ''))
          .join('\n\n'),
    },
    // The break decided from the text before rather than from what is shown.
    {
      id: 'looked-at-previous-text',
      like: (texts) => {
        let shown = '';
        let previous = '';
        for (const text of nonEmpty(texts)) {
          const end = previous.replaceAll('\r\n', '\n');
          if (end !== '' && !end.endsWith('\n\n')) shown += end.endsWith('\n') ? '\n' : '\n\n';
          shown += text;
          previous = text;
        }
        return shown;
      },
    },
    // A round whose text is only whitespace skipped, as if it had none.
    { id: 'blank-text-dropped', like: (texts) => joinRounds(texts.filter((text) => text.trim() !== '')) },
    // The line breaks in the whitespace a text starts with counted toward the break in front of it.
    {
      id: 'leading-breaks-counted',
      like: (texts) =>
        nonEmpty(texts).reduce((shown, text) => {
          if (shown === '') return text;
          const ending = /\n*$/.exec(shown.replaceAll('\r\n', '\n'))?.[0].length ?? 0;
          const have = ending + ((/^\s*/.exec(text)?.[0] ?? '').split('\n').length - 1);
          return shown + '\n'.repeat(Math.max(0, 2 - have)) + text;
        }, ''),
    },
    // The break decided from `\n\n` and `\n` at the end of what is shown: a blank line written with
    // CRLF (`\r\n\r\n`, `\n\r\n`) is not seen, and a line break is added after it.
    {
      id: 'crlf-blank-line-missed',
      like: (texts) =>
        nonEmpty(texts).reduce((shown, text) => {
          if (shown === '' || shown.endsWith('\n\n')) return shown + text;
          return shown + (shown.endsWith('\n') ? '\n' : '\n\n') + text;
        }, ''),
    },
    // Every `\r` and `\n` at the end of what is shown counted as a line break: after one CRLF, none is added.
    {
      id: 'crlf-counted-twice',
      like: (texts) =>
        nonEmpty(texts).reduce((shown, text) => {
          if (shown === '') return text;
          return shown + '\n'.repeat(Math.max(0, 2 - (/[\r\n]*$/.exec(shown)?.[0].length ?? 0))) + text;
        }, ''),
    },
    // What is shown split into lines, and a blank line read from its last two lines both empty: when
    // what is shown is a lone line break, `\n` or `\r\n`, that is two empty lines, and nothing is added.
    {
      id: 'lone-break-taken-for-blank-line',
      like: (texts) =>
        nonEmpty(texts).reduce((shown, text) => {
          if (shown === '' || shown === '\n' || shown === '\r\n') return shown + text;
          return joinRounds([shown, text]);
        }, ''),
    },
    // Every line break at the end of what is shown replaced by two `\n`, however many there were, CRLF or not.
    {
      id: 'end-breaks-replaced',
      like: (texts) =>
        nonEmpty(texts).reduce(
          (shown, text) => (shown === '' ? text : shown.replace(/(?:\r?\n)*$/, '\n\n') + text),
          '',
        ),
    },
  ],
} satisfies GeneratedCase<string[], string>;

const definition: ExerciseDefinition = {
  exports: { joinRounds: 'function' },
  cases: [
    ...Object.entries(ROUNDS).map(
      ([id, texts]) =>
        ({
          id,
          uses: ['joinRounds'],
          run: (learner) => learner.call('joinRounds', texts) as Promise<string>,
          expected: joinRounds(texts),
          input: (tools) => ({ kind: 'code', text: tools.showValue(texts) }),
          diagnoses: DIAGNOSES[id]?.(texts) ?? [],
        }) satisfies ExerciseCase<string>,
    ),
    generatedCase,
  ],
};

export default definition;
